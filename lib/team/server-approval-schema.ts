// The team server's fifth migration: the two word indexes (keys, trigrams) hold approved rows only.
// Only approved rows are ever searched, so nothing is lost; a pending row costs its push no GIN work,
// and approving it enters it there once (its pending version was never indexed), where before every
// approval re-indexed a row already indexed at its push. The new indexes are built beside the old
// ones, which serve searches until the end of the upgrade's transaction; pushes wait for it (the
// build holds a SHARE lock on the table) and are sent again by the next push if they time out.
import { SCHEMA } from './server-names.js';

const S = SCHEMA;

export const APPROVED_INDEXES = `
  -- The indexes are built in memory this large rather than the stock 64 MB (this transaction only).
  SET LOCAL maintenance_work_mem = '256MB';
  CREATE INDEX memories_keys_approved ON ${S}.memories USING gin (keys) WHERE status = 'approved';
  CREATE INDEX memories_trigram_approved ON ${S}.memories
    USING gin ((content || ' ' || tags || ' ' || coalesce(file_path, '')) gin_trgm_ops) WHERE status = 'approved';
  DROP INDEX ${S}.memories_keys;
  DROP INDEX ${S}.memories_trigram;
  ALTER INDEX ${S}.memories_keys_approved RENAME TO memories_keys;
  ALTER INDEX ${S}.memories_trigram_approved RENAME TO memories_trigram;
`;
