// The schema as append-only migrations: MIGRATIONS[n] takes `PRAGMA user_version` from n to n+1.
// Never edit a shipped migration; add the next one.

import { FILE, V3_BEST_MATCH, V7_INSERT, V9_INSERT, V9_TABLES, V9_UPDATE, change, of } from './schema-pieces.js';

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE memories (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id   TEXT    NOT NULL,
    tool_name    TEXT    NOT NULL,
    type         TEXT    NOT NULL CHECK (type IN ('observation', 'file_edit', 'command', 'error')),
    project      TEXT    NOT NULL,
    project_path TEXT    NOT NULL,
    file_path    TEXT,
    content      TEXT    NOT NULL,
    tags         TEXT    NOT NULL DEFAULT '',
    importance   INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 3),
    created_at   TEXT    NOT NULL,
    tool_use_id  TEXT    UNIQUE,
    agent_id     TEXT,
    exit_code    INTEGER,
    source       TEXT    NOT NULL DEFAULT 'hook'
  );
  CREATE INDEX memories_session ON memories (session_id, created_at);
  CREATE INDEX memories_project ON memories (project, created_at);
  CREATE INDEX memories_project_path ON memories (project_path, created_at);
  CREATE INDEX memories_importance ON memories (importance);
  CREATE INDEX memories_created ON memories (created_at);

  -- Standalone (not external-content) FTS tables: they accept DELETE by rowid, so deletes stay
  -- consistent without a full rebuild.
  CREATE VIRTUAL TABLE memories_fts USING fts5 (body, tags, file_path, tokenize = 'unicode61');
  CREATE VIRTUAL TABLE memories_trigram USING fts5 (body, tags, tokenize = 'trigram');

  CREATE TRIGGER memories_after_insert AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts (rowid, body, tags, file_path) VALUES (new.id, new.content, new.tags, coalesce(new.file_path, ''));
    INSERT INTO memories_trigram (rowid, body, tags) VALUES (new.id, new.content, new.tags);
  END;
  CREATE TRIGGER memories_after_delete AFTER DELETE ON memories BEGIN
    DELETE FROM memories_fts WHERE rowid = old.id;
    DELETE FROM memories_trigram WHERE rowid = old.id;
  END;
  CREATE TRIGGER memories_after_update AFTER UPDATE OF content, tags, file_path ON memories BEGIN
    DELETE FROM memories_fts WHERE rowid = old.id;
    DELETE FROM memories_trigram WHERE rowid = old.id;
    INSERT INTO memories_fts (rowid, body, tags, file_path) VALUES (new.id, new.content, new.tags, coalesce(new.file_path, ''));
    INSERT INTO memories_trigram (rowid, body, tags) VALUES (new.id, new.content, new.tags);
  END;

  CREATE TABLE session_summaries (
    session_id    TEXT    PRIMARY KEY,
    project       TEXT    NOT NULL,
    project_path  TEXT    NOT NULL,
    summary       TEXT    NOT NULL,
    tools_used    TEXT    NOT NULL DEFAULT '[]',
    files_changed TEXT    NOT NULL DEFAULT '[]',
    memory_count  INTEGER NOT NULL,
    error_count   INTEGER NOT NULL DEFAULT 0,
    duration_sec  INTEGER NOT NULL,
    started_at    TEXT    NOT NULL,
    ended_at      TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
  );
  CREATE INDEX session_summaries_project_path ON session_summaries (project_path, ended_at);
  CREATE INDEX session_summaries_project ON session_summaries (project, ended_at);
  `,
  // Resolution of errors, what each session was asked and where it stopped, and how far Stop has
  // read each transcript.
  `
  ALTER TABLE memories ADD COLUMN command_key TEXT;
  ALTER TABLE memories ADD COLUMN resolved_by INTEGER;
  ALTER TABLE memories ADD COLUMN resolved_at TEXT;
  CREATE INDEX memories_open_errors ON memories (project_path, command_key) WHERE type = 'error' AND resolved_by IS NULL;

  ALTER TABLE session_summaries ADD COLUMN request TEXT;
  ALTER TABLE session_summaries ADD COLUMN outcome TEXT;

  CREATE TABLE prompts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id   TEXT    NOT NULL,
    project      TEXT    NOT NULL,
    project_path TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    created_at   TEXT    NOT NULL,
    source       TEXT    NOT NULL DEFAULT 'hook',
    UNIQUE (session_id, text)
  );
  CREATE INDEX prompts_session ON prompts (session_id, created_at);
  CREATE INDEX prompts_created ON prompts (created_at);

  CREATE TABLE transcript_reads (
    path       TEXT    PRIMARY KEY,
    offset     INTEGER NOT NULL,
    updated_at TEXT    NOT NULL
  );
  `,
  V3_BEST_MATCH,
  // Prompt-time recall: which memories each session has already been shown, so none is injected
  // twice in a session, across --resume and the many hook processes of one session.
  `
  CREATE TABLE recall_injections (
    session_id  TEXT    NOT NULL,
    memory_id   INTEGER NOT NULL,
    injected_at TEXT    NOT NULL,
    PRIMARY KEY (session_id, memory_id)
  ) WITHOUT ROWID;
  CREATE INDEX recall_injections_at ON recall_injections (injected_at);
  `,
  // The overview's and --stats' aggregates read narrow covering indexes, not the wide rows (content
  // inline): counts by project, type and tool, their time span and sessions; top files from the file
  // memories only (type and project keep it covering under those filters). One big project was the
  // slow case: its session count and top files read every row from the table.
  `
  CREATE INDEX memories_stats ON memories (project, type, tool_name, created_at, session_id);
  CREATE INDEX memories_files ON memories (file_path, project_path, created_at, type, project) WHERE file_path IS NOT NULL;
  `,
  // How many memories each project holds and the span of their ids, kept by triggers: search weighs
  // its words by the number of memories, recall asks it per project and reads no word list outside
  // the span, and count(*) or min(id) walks an index of every row.
  // A delete leaves the span as it was: still around every row of the project, which is all it is for.
  `
  CREATE TABLE memory_counts (
    project_path TEXT    NOT NULL PRIMARY KEY,
    memories     INTEGER NOT NULL,
    first_id     INTEGER NOT NULL,
    last_id      INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO memory_counts (project_path, memories, first_id, last_id)
  SELECT project_path, count(*), min(id), max(id) FROM memories GROUP BY project_path;
  CREATE TRIGGER memory_counts_insert AFTER INSERT ON memories BEGIN
    INSERT INTO memory_counts VALUES (new.project_path, 1, new.id, new.id)
    ON CONFLICT DO UPDATE SET memories = memories + 1, first_id = min(first_id, new.id), last_id = max(last_id, new.id);
  END;
  CREATE TRIGGER memory_counts_delete AFTER DELETE ON memories BEGIN
    UPDATE memory_counts SET memories = memories - 1 WHERE project_path = old.project_path;
    DELETE FROM memory_counts WHERE project_path = old.project_path AND memories <= 0;
  END;
  CREATE TRIGGER memory_counts_move AFTER UPDATE OF project_path ON memories
  WHEN old.project_path IS NOT new.project_path BEGIN
    UPDATE memory_counts SET memories = memories - 1 WHERE project_path = old.project_path;
    DELETE FROM memory_counts WHERE project_path = old.project_path AND memories <= 0;
    INSERT INTO memory_counts VALUES (new.project_path, 1, new.id, new.id)
    ON CONFLICT DO UPDATE SET memories = memories + 1, first_id = min(first_id, new.id), last_id = max(last_id, new.id);
  END;
  `,
  // Fewer bytes per memory (v7). The substring index holds only what a query word can match: the
  // content's and the file path's distinct tokens (lib/text/identifiers.ts gramWords), for every row
  // inserted from now on; rows stored before (and rows rewritten in place: the update trigger stays)
  // keep their longer entries, which find the same words, so the upgrade rewrites nothing. The indexes
  // (project_path, created_at) and (project, created_at) go: their readers use (project_path,
  // importance, created_at) and memories_stats (lib/overview/queries.ts). The overview's top files come from
  // counts per file, project and type kept by triggers (one body, behind the view
  // memory_file_changes), not from an index over every file memory: a file whose memories are all gone
  // (forget, redact, retention) leaves no row behind.
  // Terse: every hook bundle carries this text (and a hook bundle has a size limit).
  `DROP INDEX memories_project_path;DROP INDEX memories_project;DROP TRIGGER memories_after_insert;${V7_INSERT}
CREATE TABLE memory_files (${FILE}, memories, last_at, PRIMARY KEY (${FILE})) WITHOUT ROWID;
INSERT INTO memory_files SELECT ${FILE}, count(*), max(created_at)
FROM memories WHERE file_path IS NOT NULL GROUP BY 1,2,3,4;
DROP INDEX memories_files;
CREATE VIEW memory_file_changes (${FILE}, at, n) AS SELECT 0,0,0,0,0,0 WHERE 0;
CREATE TRIGGER memory_file_change INSTEAD OF INSERT ON memory_file_changes WHEN new.file_path IS NOT NULL BEGIN
INSERT INTO memory_files VALUES (${of('new')}, new.n, new.at)
ON CONFLICT DO UPDATE SET memories = memories + excluded.memories, last_at = max(last_at, excluded.last_at);
DELETE FROM memory_files WHERE (${FILE}) = (${of('new')}) AND memories < 1;
UPDATE memory_files SET last_at = (SELECT created_at FROM memories WHERE (${FILE}) = (${of('new')})
ORDER BY created_at DESC LIMIT 1) WHERE new.n < 0 AND last_at = new.at AND (${FILE}) = (${of('new')});
END;
CREATE TRIGGER memory_files_insert AFTER INSERT ON memories BEGIN ${change('new', 1)} END;
CREATE TRIGGER memory_files_delete AFTER DELETE ON memories BEGIN ${change('old', -1)} END;
CREATE TRIGGER memory_files_update AFTER UPDATE OF ${FILE}, created_at ON memories
BEGIN ${change('old', -1)} ${change('new', 1)} END;`,
  // What `memory forget` deleted, so import and Stop's transcript catch-up never store it again: the
  // tool call's id, and a digest of the session and content (lib/db/tombstones.ts), never the text.
  `CREATE TABLE forgotten (id INTEGER PRIMARY KEY, memory_id INTEGER, session_id TEXT NOT NULL, project TEXT NOT NULL,
tool_name TEXT NOT NULL, type TEXT NOT NULL, created_at TEXT NOT NULL, tool_use_id TEXT, content_key TEXT NOT NULL,
forgotten_at TEXT NOT NULL);
CREATE INDEX forgotten_tool_use ON forgotten (tool_use_id) WHERE tool_use_id IS NOT NULL;
CREATE INDEX forgotten_content ON forgotten (content_key);`,
  // Intent (v9): what each call was for, in the session's words (lib/capture/intent.ts), searched as a field of
  // the word index below the request (its distinct content words: identifiers.ts intentText). FTS5
  // tables take no new column, so both indexes are made again and every existing row goes back to the
  // batch indexer (search_index_build): search reads those with LIKE meanwhile, and no hook waits on
  // re-indexing a large database. The substring index leaves the intent out (bytes per memory).
  `ALTER TABLE memories ADD COLUMN intent TEXT;
DROP TRIGGER memories_after_insert;DROP TRIGGER memories_after_update;DROP TABLE memory_words;DROP TABLE memory_grams;
${V9_TABLES}INSERT OR REPLACE INTO search_index_build (id, pending_to) SELECT 1, max(id) FROM memories HAVING count(*) > 0;
${V9_INSERT}${V9_UPDATE}`,
  // The duplicate check keyed by content: a session's rows of the same length and ending, not every
  // row in its time window (a busy session holds thousands a minute, each compared whole). Built-in
  // functions only, so SQLite keeps it true through every update and any client can write the table.
  // No time in the key: the few look-alike rows are read to check it (smaller, ~64 bytes a memory).
  `CREATE INDEX memories_dedupe ON memories (session_id, length(content), substr(content, -16));`,
  // Which coding agent made each memory and session (v11): every earlier row is Claude Code's.
  `ALTER TABLE memories ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude-code';
ALTER TABLE session_summaries ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude-code';`,
  // Sessions whose hooks ran with CLAUDE_MEMORY_DISABLE=1 (v12): their id only, never their text. Nothing of
  // them is stored later (import, Stop's catch-up, --refresh): the triggers drop any row of theirs.
  `CREATE TABLE disabled_sessions (session_id TEXT PRIMARY KEY, disabled_at TEXT NOT NULL) WITHOUT ROWID;
${['memories', 'prompts', 'session_summaries']
  .map(
    (table) => `CREATE TRIGGER ${table}_disabled BEFORE INSERT ON ${table}
WHEN EXISTS (SELECT 1 FROM disabled_sessions WHERE session_id = new.session_id) BEGIN SELECT RAISE(IGNORE); END;`,
  )
  .join('\n')}`,
  // Sessions this memory already held when a build that kept no tombstones (before v8) was upgraded
  // (v13): a forget made then left no trace, so an import cannot tell a forgotten call of theirs from
  // one never captured. Their calls from before the upgrade stay out unless asked for (import
  // --include-held); what they do after it is stored as always. Filled by the migration (HOLD_SESSIONS).
  `CREATE TABLE held_sessions (session_id TEXT PRIMARY KEY, held_at TEXT NOT NULL) WITHOUT ROWID;`,
  // The duplicate check's key bounded by time too (v14): a session's failures often end alike (the same
  // assertion, the same last line), and every look-alike of the whole session was read for each one.
  // The second, not the ISO text, keeps the key small (unixepoch() of a stored time is deterministic).
  `DROP INDEX memories_dedupe;
CREATE INDEX memories_dedupe ON memories (session_id, length(content), substr(content, -16), unixepoch(created_at));`,
  // SessionStart's open errors newest first (v15): it walks them only until it has its five different
  // failures, where a GROUP BY read every open error of the project, then counts each failure's runs by
  // its key, or an unkeyed one (an Edit that missed) by its tool and text, whose length and ending lead
  // (lib/session/context-queries.ts).
  `CREATE INDEX memories_open_errors_recent ON memories (project_path, created_at)
WHERE type = 'error' AND resolved_by IS NULL;
CREATE INDEX memories_open_unkeyed ON memories (project_path, tool_name, length(content), substr(content, -16))
WHERE type = 'error' AND resolved_by IS NULL AND command_key IS NULL;`,
];

/** The first schema version with tombstones (the `forgotten` table): forgets before it left no trace. */
export const TOMBSTONES_SINCE = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE forgotten')) + 1;

/** Run once, by the migration of a database from before TOMBSTONES_SINCE: every session it holds. */
export const HOLD_SESSIONS = `INSERT OR IGNORE INTO held_sessions (session_id, held_at)
SELECT session_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM memories
UNION SELECT session_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM session_summaries;`;
