// PostToolUse and PostToolUseFailure: one memory, or nothing for noise. The write path runs once,
// in order: event → draft → row → store (or the spool). Most events are noise (`ls`, `git status`, a
// lock file), told from the event alone (lib/capture/noise.ts, the same question capture asks first): the
// rest of the write path (formatting, redaction, the database, the spool) is imported only for an
// event that will be stored, so a skipped one never loads it.
import type { Config } from '../config/config.js';
import { isNoiseEvent } from '../capture/noise.js';
import { toNewMemory } from '../memory.js';
import { resolveProject } from '../capture/project.js';
import type { HookInput } from './io.js';
import { parseToolEvent, type ToolEvent } from '../wire/payload.js';

/** What a tool event becomes before the gate and the database: the settings and the parsed event. */
export interface PreparedToolEvent {
  readonly config: Config;
  readonly event: ToolEvent;
}

/** Parses and filters (pure): null for an event that is not stored (off, not a captured tool, noise). */
export function prepareToolEvent({ input, config }: HookInput): PreparedToolEvent | null {
  if (config.disabled) return null;
  const event = parseToolEvent(input);
  return event && !isNoiseEvent(event) ? { config, event } : null;
}

export async function handleToolEvent({ env }: HookInput, { config, event }: PreparedToolEvent): Promise<void> {
  const [{ draftOf }, { memoryIntent, NO_INTENT }] = await Promise.all([
    import('../capture/capture.js'),
    import('../capture/intent.js'),
  ]);
  // prepareToolEvent has told noise apart already: the draft does not ask again.
  const draft = draftOf(event);
  if (!draft) return;
  const memory = {
    ...toNewMemory(draft, {
      sessionId: event.sessionId,
      agentId: event.agentId,
      toolUseId: event.toolUseId,
      project: resolveProject(env, event.cwd),
      createdAt: config.now(),
      source: 'hook',
    }),
    // The payload holds the call's description only; Stop adds what the transcript says around it.
    intent: memoryIntent(NO_INTENT, draft, event.input),
  };
  // Within the hook's deadline, or kept in the spool for a later run (lib/faults/store-or-defer.ts).
  const { storeOrDefer } = await import('../faults/store-or-defer.js');
  await storeOrDefer(config, env, memory);
}
