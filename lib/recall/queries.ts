// What recall reads and writes of its own: the (session, memory) pairs already injected. Its candidates
// are search's (lib/search/best-match-queries.ts): recall has no index queries of its own.
import { prepared, withBusyRetry, type Db } from '../db/open.js';

/** The ids among `ids` already injected into this session. */
export function injectedIds(db: Db, sessionId: string, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const found = prepared(
    db,
    'SELECT memory_id FROM recall_injections WHERE session_id = ? AND memory_id IN (SELECT value FROM json_each(?))',
  )
    .pluck()
    .all(sessionId, JSON.stringify(ids)) as number[];
  return new Set(found);
}

/**
 * Records `ids` as injected into the session; returns those this call recorded first. Two hook
 * processes racing on one session can each claim a memory only once: the primary key decides.
 */
export function claimInjections(db: Db, sessionId: string, ids: readonly number[], at: string): number[] {
  const insert = prepared(
    db,
    'INSERT OR IGNORE INTO recall_injections (session_id, memory_id, injected_at) VALUES (?, ?, ?)',
  );
  return withBusyRetry(() =>
    db.transaction(() => ids.filter((id) => insert.run(sessionId, id, at).changes > 0)).immediate(),
  );
}

/** Injection records older than `before` (their sessions are long over). */
export function pruneInjections(db: Db, before: string): number {
  return withBusyRetry(() => prepared(db, 'DELETE FROM recall_injections WHERE injected_at < ?').run(before).changes);
}
