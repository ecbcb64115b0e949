// Stop (every turn): store what the spool holds, then upsert the session's structural summary so
// far. Never prints; does nothing without a session id, before the first memory created the
// database, or while the database is known to be damaged. Waits about SYNC_HOOK_BUDGET_MS at most.
import { loadConfig } from '../config.js';
import { repairNote } from '../damage.js';
import { startSyncHookDeadline } from '../db/deadline.js';
import { MemoryStore } from '../db/memories.js';
import { withDb } from '../db/open.js';
import { FAULT_WORDS } from '../faults.js';
import { DeferredError, drainPending, explainFault, noticeDamage } from '../store-or-defer.js';
import type { HookInput } from './io.js';
import { parseStopEvent } from './payload.js';
import { summarizeSession } from '../summary.js';
import { maybeStartTeamPush } from '../team/auto-push.js';

export function handleStop({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseStopEvent(input);
  if (!event) return;
  if (repairNote(config.dbPath) !== null) {
    throw new DeferredError(`${FAULT_WORDS.damaged}; the session summary waits for memory doctor --repair`);
  }
  startSyncHookDeadline();
  let folded: boolean | null;
  try {
    folded = withDb(config.dbPath, { create: false }, (db) => {
      const store = new MemoryStore(db);
      drainPending(store, config, env);
      const summary = summarizeSession(event.sessionId, store.sessionRows(event.sessionId), config.now());
      if (summary) store.upsertSummary(summary);
      return true;
    });
  } catch (error) {
    noticeDamage(config.dbPath, error);
    throw explainFault(error, 'the summary is brought up to date by a later turn');
  }
  if (folded) maybeStartTeamPush(env, config.dbPath, config.now());
}
