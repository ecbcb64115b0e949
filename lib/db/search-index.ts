// The search indexes' batch builder: after the v3 upgrade, the memories that existed before it are
// indexed newest first, a bounded batch at a time (a hook's spare time, `memory search`, doctor), so
// no hook waits on indexing a large database. Until done, search reads the rest with LIKE. A batch of
// inserts (an import) indexes its own rows the same way, before its transaction commits.
import { isBusy, prepared, withBusyRetry, type Db } from './open.js';

/** The highest memory id not yet in the search indexes; null when every memory is indexed. */
export function pendingTo(db: Db): number | null {
  const row = prepared(db, 'SELECT pending_to FROM search_index_build WHERE id = 1').pluck().get() as
    number | undefined;
  return row ?? null;
}

/** Memories still waiting to be indexed (a count for doctor and the upgrade test). */
export function pendingCount(db: Db): number {
  const to = pendingTo(db);
  return to === null ? 0 : (prepared(db, 'SELECT count(*) FROM memories WHERE id <= ?').pluck().get(to) as number);
}

const WORDS_FROM = `
  INSERT INTO memory_words (rowid, name, head, body, request, intent)
  SELECT id, memory_name_text(file_path, tags), memory_head_text(content), memory_body_text(content),
         memory_request_text(request), memory_intent_text(intent)
  FROM memories WHERE id BETWEEN @low AND @high`;
const GRAMS_FROM = `
  INSERT INTO memory_grams (rowid, text, request)
  SELECT id, memory_gram_words(content, file_path, project_path), memory_gram_words(request, NULL, '')
  FROM memories WHERE id BETWEEN @low AND @high`;

/**
 * Runs `insert` inside the caller's write transaction with the insert trigger's indexing held back, then
 * indexes every memory it added with one statement per index. FTS5 writes out its pending entries at
 * each statement of a transaction that may roll back alone (every insert into `memories`: its triggers),
 * so rows indexed one by one cost a segment each; these are indexed together. The rows it adds are, for
 * the length of `insert` only, "waiting for the batch indexer" (search_index_build), which is how the
 * triggers know to leave them; the earlier waiting range is restored before the commit, so no other
 * process ever sees it changed. Nothing else may update a memory's indexed text inside `insert`.
 */
export function indexingAfter<T>(db: Db, insert: () => T): T {
  if (!db.inTransaction) throw new Error('indexingAfter needs a write transaction');
  const waiting = pendingTo(db);
  const low = prepared(db, 'SELECT coalesce(max(id), 0) + 1 FROM memories').pluck().get() as number;
  prepared(db, 'INSERT OR REPLACE INTO search_index_build (id, pending_to) VALUES (1, ?)').run(Number.MAX_SAFE_INTEGER);
  const result = insert();
  if (waiting === null) prepared(db, 'DELETE FROM search_index_build WHERE id = 1').run();
  else prepared(db, 'UPDATE search_index_build SET pending_to = ? WHERE id = 1').run(waiting);
  // Every row above `low` is this transaction's: it holds the write lock, and ids only grow (AUTOINCREMENT).
  const high = Number.MAX_SAFE_INTEGER;
  prepared(db, WORDS_FROM).run({ low, high });
  prepared(db, GRAMS_FROM).run({ low, high });
  return result;
}

/**
 * Indexes up to `maxRows` waiting memories, newest first, `batch` rows per transaction (each a short
 * write lock), and stops early once `until()` says time is up. Returns how many it indexed.
 */
export function indexPending(db: Db, maxRows: number, options: { batch?: number; until?: () => boolean } = {}): number {
  const batch = Math.max(1, options.batch ?? 500);
  let done = 0;
  while (done < maxRows && !(options.until?.() ?? false)) {
    const size = Math.min(batch, maxRows - done);
    const step = withBusyRetry(() =>
      db
        .transaction((): number => {
          // Re-read inside the write lock: another process may have indexed this batch meanwhile.
          const high = pendingTo(db);
          if (high === null) return -1;
          const ids = prepared(db, 'SELECT id FROM memories WHERE id <= ? ORDER BY id DESC LIMIT ?')
            .pluck()
            .all(high, size) as number[];
          const low = ids.length < size ? Number.MIN_SAFE_INTEGER : (ids[ids.length - 1] as number);
          if (ids.length > 0) {
            prepared(db, WORDS_FROM).run({ low, high });
            prepared(db, GRAMS_FROM).run({ low, high });
          }
          if (ids.length < size) prepared(db, 'DELETE FROM search_index_build WHERE id = 1').run();
          else prepared(db, 'UPDATE search_index_build SET pending_to = ? WHERE id = 1').run(low - 1);
          return ids.length < size ? -1 - ids.length : ids.length;
        })
        .immediate(),
    );
    if (step < 0) return done + (-1 - step);
    done += step;
  }
  return done;
}

/**
 * indexPending for a caller that must not wait: skipped when nothing waits, and given up (not waited
 * for) when another process holds the write lock. Returns how many it indexed.
 */
export function indexPendingBriefly(db: Db, budgetMs: number, maxRows = Number.MAX_SAFE_INTEGER): number {
  if (pendingTo(db) === null) return 0;
  const busyTimeout = Number(db.pragma('busy_timeout', { simple: true }));
  const until = performance.now() + budgetMs;
  db.pragma('busy_timeout = 20');
  try {
    return indexPending(db, maxRows, { until: () => performance.now() > until });
  } catch (error) {
    if (isBusy(error)) return 0;
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}
