// SQL that only `memory import` needs: a batch transaction around MemoryStore inserts, and the
// read-only dedupe probes a dry run uses so it can count without writing (or creating) anything.
import type { Db } from './open.js';
import { withBusyRetry } from './open.js';

/**
 * Runs `work` in one IMMEDIATE transaction. MemoryStore.insert opens its own transaction per row;
 * nested inside this one, better-sqlite3 turns those into savepoints, so a batch costs one commit.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return withBusyRetry(() => db.transaction(work).immediate());
}

/** The two questions MemoryStore.insert asks before storing, asked without writing. */
export class DedupeProbe {
  private readonly byToolUse;
  private readonly byContent;

  constructor(db: Db) {
    this.byToolUse = db.prepare('SELECT 1 FROM memories WHERE tool_use_id = ?');
    this.byContent = db.prepare(
      'SELECT 1 FROM memories WHERE session_id = ? AND created_at BETWEEN ? AND ? AND content = ? LIMIT 1',
    );
  }

  hasToolUse(toolUseId: string): boolean {
    return this.byToolUse.get(toolUseId) !== undefined;
  }

  hasContentBetween(sessionId: string, fromIso: string, toIso: string, content: string): boolean {
    return this.byContent.get(sessionId, fromIso, toIso, content) !== undefined;
  }
}

/** Whether a session already has a summary (a live Stop hook, or an earlier import, wrote one). */
export function hasSummary(db: Db, sessionId: string): boolean {
  return db.prepare('SELECT 1 FROM session_summaries WHERE session_id = ?').get(sessionId) !== undefined;
}
