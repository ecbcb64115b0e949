// The SQL pieces several migrations share (v3's best-match tables, cut and reused by v7 and v9): a room of
// their own so schema.ts reads as the list of migrations. Append-only like them: never edit a shipped piece.

// Best-match search: the request each memory served; a word index whose columns rank a file name
// or command above output text, holding identifiers whole and by their parts (the text comes from
// SQL functions openDb registers: lib/search/words.ts); a substring index; both contentless, so
// the text is stored once. Rows that exist now are indexed later, newest first and in batches
// (search_index_build says how far): no hook waits on rebuilding a large database.
// (A constant of its own: v7 reuses its insert trigger.)
export const V3_BEST_MATCH = `
  ALTER TABLE memories ADD COLUMN request TEXT;

  DROP TRIGGER memories_after_insert;
  DROP TRIGGER memories_after_delete;
  DROP TRIGGER memories_after_update;
  DROP TABLE memories_fts;
  DROP TABLE memories_trigram;

  -- Memories with id <= pending_to are not in the search indexes yet; no row once all are.
  CREATE TABLE search_index_build (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    pending_to INTEGER NOT NULL
  );
  INSERT INTO search_index_build (id, pending_to) SELECT 1, max(id) FROM memories HAVING count(*) > 0;

  CREATE VIRTUAL TABLE memory_words USING fts5 (name, head, body, request,
    tokenize = 'porter unicode61 remove_diacritics 2', content = '', contentless_delete = 1);
  CREATE VIRTUAL TABLE memory_grams USING fts5 (text, request,
    tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1);

  -- A row still waiting for the batch indexer (search_index_build) is indexed by it, with its text of then.
  CREATE TRIGGER memories_after_insert AFTER INSERT ON memories
  WHEN NOT EXISTS (SELECT 1 FROM search_index_build WHERE pending_to >= new.id) BEGIN
    INSERT INTO memory_words (rowid, name, head, body, request)
    VALUES (new.id, memory_name_text(new.file_path, new.tags), memory_head_text(new.content),
            memory_body_text(new.content), memory_request_text(new.request));
    INSERT INTO memory_grams (rowid, text, request)
    VALUES (new.id, memory_gram_text(new.content, new.tags, new.file_path), coalesce(new.request, ''));
  END;
  CREATE TRIGGER memories_after_delete AFTER DELETE ON memories BEGIN
    DELETE FROM memory_words WHERE rowid = old.id;
    DELETE FROM memory_grams WHERE rowid = old.id;
  END;
  CREATE TRIGGER memories_after_update AFTER UPDATE OF content, tags, file_path, request ON memories
  WHEN NOT EXISTS (SELECT 1 FROM search_index_build WHERE pending_to >= new.id) BEGIN
    DELETE FROM memory_words WHERE rowid = old.id;
    DELETE FROM memory_grams WHERE rowid = old.id;
    INSERT INTO memory_words (rowid, name, head, body, request)
    VALUES (new.id, memory_name_text(new.file_path, new.tags), memory_head_text(new.content),
            memory_body_text(new.content), memory_request_text(new.request));
    INSERT INTO memory_grams (rowid, text, request)
    VALUES (new.id, memory_gram_text(new.content, new.tags, new.file_path), coalesce(new.request, ''));
  END;

  -- SessionStart's "recent errors" and "recent changes" of one project, flat in the number of rows.
  CREATE INDEX memories_project_importance ON memories (project_path, importance, created_at);
  DROP INDEX memories_importance;

  -- Search shows the error a run fixed next to the run: looked up by resolved_by, which few rows carry.
  CREATE INDEX memories_resolved_by ON memories (resolved_by) WHERE resolved_by IS NOT NULL;
  `;

// v7's insert trigger is v3's with the new substring text, cut from v3's own text (every hook bundle
// carries the migrations, and a hook bundle has a size limit).
export const V7_INSERT = ((v3: string): string =>
  v3
    .slice(v3.indexOf('CREATE TRIGGER memories_after_insert'), v3.indexOf('CREATE TRIGGER memories_after_delete'))
    .replace(
      "text(new.content, new.tags, new.file_path), coalesce(new.request, '')",
      "words(new.content, new.file_path, new.project_path), memory_gram_words(new.request, NULL, '')",
    ))(V3_BEST_MATCH);
// v7's counts per file: their key, a row's key, and a row's part in them (`n` memories more, at its time).
export const FILE = 'file_path, project_path, project, type';
export const of = (row: string): string => FILE.replace(/\w+/g, (column) => `${row}.${column}`);
export const change = (row: 'old' | 'new', n: number): string =>
  `INSERT INTO memory_file_changes SELECT ${of(row)}, ${row}.created_at, ${n};`;

// v9: v3's tables and v7's insert trigger, the word index with an intent column more (cut from their own
// text, as v7 does: a hook bundle has a size limit); the update trigger is the insert's, old entries out first.
export const V9_TABLES = V3_BEST_MATCH.slice(
  V3_BEST_MATCH.indexOf('CREATE VIRTUAL'),
  V3_BEST_MATCH.indexOf('  -- A row'),
).replace('request,', 'request, intent,');
export const V9_INSERT = V7_INSERT.replace('request)', 'request, intent)').replace(
  'text(new.request)',
  '$&, memory_intent_text(new.intent)',
);
export const V9_UPDATE = V9_INSERT.replace(
  'insert AFTER INSERT',
  'update AFTER UPDATE OF content, tags, file_path, request, intent',
).replace('BEGIN', '$& DELETE FROM memory_words WHERE rowid = old.id; DELETE FROM memory_grams WHERE rowid = old.id;');
