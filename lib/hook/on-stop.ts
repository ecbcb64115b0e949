// Stop (every turn): upsert the session's structural summary so far. Never prints; does nothing
// without a session id or before the first memory created the database.
import { loadConfig } from '../config.js';
import { MemoryStore } from '../db/memories.js';
import { withDb } from '../db/open.js';
import type { HookInput } from './io.js';
import { parseStopEvent } from './payload.js';
import { summarizeSession } from '../summary.js';
import { maybeStartTeamPush } from '../team/auto-push.js';

export function handleStop({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseStopEvent(input);
  if (!event) return;
  const folded = withDb(config.dbPath, { create: false }, (db) => {
    const store = new MemoryStore(db);
    const summary = summarizeSession(event.sessionId, store.sessionRows(event.sessionId), config.now());
    if (summary) store.upsertSummary(summary);
    return true;
  });
  if (folded) maybeStartTeamPush(env, config.dbPath, config.now());
}
