// Local tombstones of `memory forget`: one row per forgotten memory, keyed by its tool_use_id and by a
// digest of its session and content, which MemoryStore.insert refuses to store again (import, Stop's
// transcript catch-up). Never holds the forgotten text: undoing one brings the memory back only from
// its session's transcript (lib/import/restore.ts).
import { crypto } from '../runtime/builtins.js';
import type { MemoryRow } from '../memory.js';
import { prepared, type Db } from './open.js';

export interface Tombstone {
  readonly id: number;
  readonly memoryId: number | null;
  readonly sessionId: string;
  readonly project: string;
  readonly toolName: string;
  readonly type: string;
  readonly createdAt: string;
  readonly toolUseId: string | null;
  readonly forgottenAt: string;
}

/** The content key: the same session storing the same text is the same memory. */
export function contentKey(sessionId: string, content: string): string {
  return crypto().createHash('sha256').update(sessionId).update('\u0000').update(content).digest('hex');
}

/** Leaves a tombstone for each row (inside forget's transaction). */
export function buryRows(db: Db, rows: readonly MemoryRow[], nowIso: string): void {
  const insert = prepared(
    db,
    `INSERT INTO forgotten (memory_id, session_id, project, tool_name, type, created_at, tool_use_id, content_key, forgotten_at)
     VALUES (@id, @session_id, @project, @tool_name, @type, @created_at, @tool_use_id, @key, @at)`,
  );
  for (const row of rows) insert.run({ ...row, key: contentKey(row.session_id, row.content), at: nowIso });
}

/** Whether a memory about to be stored was forgotten (by its tool call, or by its session and content). */
export function isForgotten(db: Db, memory: { toolUseId: string | null; sessionId: string; content: string }): boolean {
  if (memory.toolUseId && prepared(db, 'SELECT 1 FROM forgotten WHERE tool_use_id = ?').get(memory.toolUseId))
    return true;
  return (
    prepared(db, 'SELECT 1 FROM forgotten WHERE content_key = ?').get(contentKey(memory.sessionId, memory.content)) !==
    undefined
  );
}

/**
 * Whether a memory is a call, from before the upgrade, of a session this memory held when it was
 * upgraded from a build without tombstones: it may be one the user forgot then.
 */
export function isHeld(db: Db, memory: { sessionId: string; createdAt: string }): boolean {
  return (
    prepared(db, 'SELECT 1 FROM held_sessions WHERE session_id = ? AND held_at > ?').get(
      memory.sessionId,
      memory.createdAt,
    ) !== undefined
  );
}

/** When `sessionId` was held (see isHeld); null for a session never held. */
export function heldSince(db: Db, sessionId: string): string | null {
  const heldAt = prepared(db, 'SELECT held_at FROM held_sessions WHERE session_id = ?').pluck().get(sessionId);
  return typeof heldAt === 'string' ? heldAt : null;
}

export function listTombstones(db: Db): Tombstone[] {
  return prepared(
    db,
    `SELECT id, memory_id AS memoryId, session_id AS sessionId, project, tool_name AS toolName, type,
            created_at AS createdAt, tool_use_id AS toolUseId, forgotten_at AS forgottenAt
     FROM forgotten ORDER BY id DESC`,
  ).all() as Tombstone[];
}

/** The tombstones of these forgotten memories (by the id the memory had), oldest forget first. */
export function tombstonesOfMemories(db: Db, memoryIds: readonly number[]): Tombstone[] {
  return prepared(
    db,
    `SELECT id, memory_id AS memoryId, session_id AS sessionId, project, tool_name AS toolName, type,
            created_at AS createdAt, tool_use_id AS toolUseId, forgotten_at AS forgottenAt
     FROM forgotten WHERE memory_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  ).all(JSON.stringify(memoryIds)) as Tombstone[];
}

/** The id a memory stored again from its tool call now has, or null. */
export function memoryIdOfCall(db: Db, toolUseId: string): number | null {
  const id = prepared(db, 'SELECT id FROM memories WHERE tool_use_id = ? ORDER BY id DESC LIMIT 1')
    .pluck()
    .get(toolUseId) as number | undefined;
  return id ?? null;
}

/** Removes tombstones by id; returns the ids that existed. */
export function removeTombstones(db: Db, ids: readonly number[]): number[] {
  const remove = prepared(db, 'DELETE FROM forgotten WHERE id = ? RETURNING id').pluck();
  return db.transaction(() => ids.flatMap((id) => remove.all(id) as number[]))();
}
