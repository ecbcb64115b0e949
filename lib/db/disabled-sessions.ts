// Sessions whose hooks ran with CLAUDE_MEMORY_DISABLE=1: their id and when, never a word of their text.
// The schema's triggers drop any memory, prompt or summary of theirs, whatever path tries to store it.
import { prepared, withBusyRetry, type Db } from './open.js';

/** Records that `sessionId` ran with memory off (once; later hooks of it change nothing). */
export function markSessionDisabled(db: Db, sessionId: string, nowIso: string): void {
  withBusyRetry(() =>
    prepared(db, 'INSERT OR IGNORE INTO disabled_sessions (session_id, disabled_at) VALUES (?, ?)').run(
      sessionId,
      nowIso,
    ),
  );
}

/** Whether `sessionId` ran with memory off: nothing of it is stored. */
export function isSessionDisabled(db: Db, sessionId: string): boolean {
  return prepared(db, 'SELECT 1 FROM disabled_sessions WHERE session_id = ?').get(sessionId) !== undefined;
}
