// Stop (every turn): stores what the spool holds, completes the session from its transcript (calls
// whose async capture was late or cancelled, prompts), records where it stopped, then upserts the
// session's summary. Never prints; does nothing without a session id, when there is neither a
// database nor a transcript, or while the database is known to be damaged.
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { repairNote } from '../damage.js';
import { startSyncHookDeadline } from '../db/deadline.js';
import { MemoryStore } from '../db/memories.js';
import { migratedOnOpen, withDb } from '../db/open.js';
import { indexPendingBriefly } from '../db/search-index.js';
import { sessionPrompts } from '../db/prompts.js';
import { FAULT_WORDS } from '../faults.js';
import { DeferredError, drainPending, explainFault, noticeDamage } from '../store-or-defer.js';
import type { HookInput } from './io.js';
import { catchUpTranscript } from './catch-up.js';
import { parseStopEvent } from './payload.js';
import { outcomeToRecord } from '../prompt.js';
import { summarizeSession } from '../summary.js';
import { maybeStartTeamPush } from '../team/auto-push.js';

/** What Stop spends, at most, on indexing memories that predate the search index (see db/search-index.ts). */
const STOP_INDEX_MS = 100;
const STOP_INDEX_ROWS = 2000;

export function handleStop({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseStopEvent(input);
  if (!event) return;
  if (repairNote(config.dbPath) !== null) {
    throw new DeferredError(`${FAULT_WORDS.damaged}; the session summary waits for memory doctor --repair`);
  }
  startSyncHookDeadline();
  const create = event.transcriptPath !== '' && existsSync(event.transcriptPath);
  let folded: boolean | null;
  try {
    folded = withDb(config.dbPath, { create }, (db) => {
      const store = new MemoryStore(db);
      drainPending(store, config, env);
      const now = config.now();
      const caught = catchUpTranscript(db, store, {
        sessionId: event.sessionId,
        transcriptPath: event.transcriptPath,
        env,
        now,
        dedupeWindowSec: config.dedupeWindowSec,
      });
      const message = event.lastAssistantMessage || caught.lastAnswer || '';
      const intent = {
        prompts: sessionPrompts(db, event.sessionId),
        outcome: message ? outcomeToRecord(message) : null,
      };
      const summary = summarizeSession(event.sessionId, store.sessionRows(event.sessionId), now, intent);
      if (summary) store.upsertSummary(summary);
      // After an upgrade, older memories enter the search index a little at a time, never at the turn's cost.
      // Not in the Stop that just upgraded the schema: that one has spent its time already.
      if (!migratedOnOpen(db)) indexPendingBriefly(db, STOP_INDEX_MS, STOP_INDEX_ROWS);
      return true;
    });
  } catch (error) {
    noticeDamage(config.dbPath, error);
    throw explainFault(error, 'the summary is brought up to date by a later turn');
  }
  if (folded) maybeStartTeamPush(env, config.dbPath, config.now());
}
