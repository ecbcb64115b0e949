// A hook run with CLAUDE_MEMORY_DISABLE=1 stores nothing of its session, now or later: it records the
// session's id alone, so memory import, Stop's catch-up and --refresh keep the session out.
import { markSessionDisabled } from '../db/disabled-sessions.js';
import { withDb } from '../db/open.js';
import { str } from '../narrow.js';
import type { HookInput } from './io.js';

export function recordDisabledSession({ input, config }: HookInput): void {
  const sessionId = str(input['session_id']) || str(input['conversation_id']);
  if (!sessionId) return;
  withDb(config.dbPath, { create: true }, (db) => markSessionDisabled(db, sessionId, config.now().toISOString()));
}
