// SQL that only `memory import` needs: a batch transaction around MemoryStore inserts, and whether
// a session already has a summary.
import type { Db } from './open.js';
import { withBusyRetry } from './open.js';

/**
 * Runs `work` in one IMMEDIATE transaction. MemoryStore.insert opens its own transaction per row;
 * nested inside this one, better-sqlite3 turns those into savepoints, so a batch costs one commit.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return withBusyRetry(() => db.transaction(work).immediate());
}

/** Whether a session already has a summary (a live Stop hook, or an earlier import, wrote one). */
export function hasSummary(db: Db, sessionId: string): boolean {
  return db.prepare('SELECT 1 FROM session_summaries WHERE session_id = ?').get(sessionId) !== undefined;
}
