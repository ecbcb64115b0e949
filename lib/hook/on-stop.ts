// Stop (every turn): stores what the spool holds, completes the session from its transcript (calls
// whose async capture was late or cancelled, prompts), records where it stopped, then upserts the
// session's summary. Never prints; does nothing without a session id, when there is neither a
// database nor a transcript, or while the database is known to be damaged.
import { existsSync, statSync } from 'node:fs';
import { repairNote } from '../faults/damage.js';
import { startSyncHookDeadline } from '../db/deadline.js';
import { MemoryStore } from '../db/memories.js';
import { migratedOnOpen, sleepMs, withDb } from '../db/open.js';
import { indexPendingBriefly } from '../db/search-index.js';
import { sessionPrompts } from '../db/prompts.js';
import { FAULT_WORDS } from '../faults/faults.js';
import { DeferredError, drainPending, explainFault, noticeDamage } from '../faults/store-or-defer.js';
import type { HookInput } from './io.js';
import { catchUpTranscript } from './catch-up.js';
import { adapterFor } from '../agents/adapter.js';
import { outcomeToRecord } from '../capture/prompt.js';
import { summarizeSession } from '../session/summary.js';
import { maybeStartTeamPush } from '../team/auto-push.js';

/** What Stop spends, at most, on indexing memories that predate the search index (see db/search-index.ts). */
const STOP_INDEX_MS = 100;
const STOP_INDEX_ROWS = 2000;

export function handleStop({ input, env, config, agent = 'claude-code' }: HookInput): void {
  if (config.disabled) return;
  const event = adapterFor(agent).stop(input);
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
      const catchUp = () =>
        catchUpTranscript(db, store, {
          sessionId: event.sessionId,
          transcriptPath: event.transcriptPath,
          env,
          now,
          dedupeWindowSec: config.dedupeWindowSec,
        });
      let caught = catchUp();
      // A client that sends no last_assistant_message (2.1.39 and its age) may still be writing the
      // turn's answer to the transcript when Stop starts: only then, wait briefly for the file to grow.
      if (
        !event.lastAssistantMessage &&
        !caught.endsWithAnswer &&
        transcriptGrows(event.transcriptPath, caught.readTo)
      ) {
        const more = catchUp();
        caught = { ...more, lastAnswer: more.lastAnswer ?? caught.lastAnswer };
      }
      const message = event.lastAssistantMessage || caught.lastAnswer || '';
      const intent = {
        prompts: sessionPrompts(db, event.sessionId),
        // An end that carries no answer (Cursor's sessionEnd after its afterAgentResponse) keeps the last one.
        outcome: message ? outcomeToRecord(message) : store.storedOutcome(event.sessionId),
      };
      const summary = summarizeSession(event.sessionId, store.sessionRows(event.sessionId), now, intent);
      if (summary) store.upsertSummary(event.agent === 'claude-code' ? summary : { ...summary, agent: event.agent });
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

/** How long Stop waits for a transcript still being written (see handleStop), and how often it looks. */
const ANSWER_WAIT_MS = 300;
const ANSWER_POLL_MS = 20;

/**
 * Whether the transcript grows within ANSWER_WAIT_MS (then holding a complete new line), counted from
 * `readTo`, where the catch-up stopped reading: an answer written between that read and this look has
 * grown the file already.
 */
function transcriptGrows(path: string, readTo?: number): boolean {
  const size = (): number => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  const before = readTo ?? size();
  if (before === 0) return false;
  for (let waited = 0; ; waited += ANSWER_POLL_MS) {
    if (size() > before) {
      // One more look lets a line being appended finish.
      sleepMs(ANSWER_POLL_MS);
      return true;
    }
    if (waited >= ANSWER_WAIT_MS) return false;
    sleepMs(ANSWER_POLL_MS);
  }
}
