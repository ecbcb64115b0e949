// The schema as append-only migrations: MIGRATIONS[n] takes `PRAGMA user_version` from n to n+1.
// Never edit a shipped migration; add the next one.

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
];
