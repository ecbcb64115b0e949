// Stop (every turn): completes the session from its transcript (calls whose async capture was late
// or cancelled, prompts), records where it stopped, then upserts the session's summary. Never
// prints; does nothing without a session id, or when there is neither a database nor a transcript.
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { MemoryStore } from '../db/memories.js';
import { withDb } from '../db/open.js';
import { sessionPrompts } from '../db/prompts.js';
import type { HookInput } from './io.js';
import { catchUpTranscript } from './catch-up.js';
import { parseStopEvent } from './payload.js';
import { outcomeToRecord } from '../prompt.js';
import { summarizeSession } from '../summary.js';
import { maybeStartTeamPush } from '../team/auto-push.js';

export function handleStop({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseStopEvent(input);
  if (!event) return;
  const create = event.transcriptPath !== '' && existsSync(event.transcriptPath);
  const folded = withDb(config.dbPath, { create }, (db) => {
    const store = new MemoryStore(db);
    const now = config.now();
    const caught = catchUpTranscript(db, store, {
      sessionId: event.sessionId, transcriptPath: event.transcriptPath, env, now, dedupeWindowSec: config.dedupeWindowSec,
    });
    const message = event.lastAssistantMessage || caught.lastAnswer || '';
    const intent = { prompts: sessionPrompts(db, event.sessionId), outcome: message ? outcomeToRecord(message) : null };
    const summary = summarizeSession(event.sessionId, store.sessionRows(event.sessionId), now, intent);
    if (summary) store.upsertSummary(summary);
    return true;
  });
  if (folded) maybeStartTeamPush(env, config.dbPath, config.now());
}
