// SQL for reading memories by id and the memories around one in its session (what led up to it and
// what came after). Read-only; rows keep the stored column names, like search.ts.
import type { MemoryRow } from '../memory.js';
import { prepared, type Db } from './open.js';

/** The memories with these ids that exist, in no particular order. */
export function memoriesByIds(db: Db, ids: readonly number[]): MemoryRow[] {
  if (ids.length === 0) return [];
  return prepared(db, 'SELECT m.* FROM memories m WHERE m.id IN (SELECT value FROM json_each(?))').all(
    JSON.stringify(ids),
  ) as MemoryRow[];
}

export interface Neighbours {
  /** Up to `count` memories of the same session just before the row, oldest first. */
  readonly before: MemoryRow[];
  /** Up to `count` memories of the same session just after the row, oldest first. */
  readonly after: MemoryRow[];
}

// Session order is (created_at, id): two memories of one second keep their insertion order.
// Both walk the (session_id, created_at) index.
const BEFORE_SQL = `
  SELECT m.* FROM memories m
  WHERE m.session_id = @sessionId AND (m.created_at < @createdAt OR (m.created_at = @createdAt AND m.id < @id))
  ORDER BY m.created_at DESC, m.id DESC LIMIT @count`;
const AFTER_SQL = `
  SELECT m.* FROM memories m
  WHERE m.session_id = @sessionId AND (m.created_at > @createdAt OR (m.created_at = @createdAt AND m.id > @id))
  ORDER BY m.created_at, m.id LIMIT @count`;

export function sessionNeighbours(db: Db, row: MemoryRow, count: number): Neighbours {
  if (count <= 0) return { before: [], after: [] };
  const params = { sessionId: row.session_id, createdAt: row.created_at, id: row.id, count };
  const before = (prepared(db, BEFORE_SQL).all(params) as MemoryRow[]).reverse();
  const after = prepared(db, AFTER_SQL).all(params) as MemoryRow[];
  return { before, after };
}
