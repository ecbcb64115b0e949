// PostToolUse and PostToolUseFailure (Gemini CLI: AfterTool): one memory per event, or nothing for
// noise. The agent's adapter turns the payload into domain events (a Codex patch over three files is
// three); the write path then runs once per event, in order: event → draft → row → store (or the
// spool). Most events are noise (`ls`, `git status`, a lock file), told from the event alone
// (lib/capture/noise.ts, the same question capture asks first): the rest of the write path
// (formatting, redaction, the database, the spool) is imported only for an event that will be
// stored, so a skipped one never loads it.
import type { Config } from '../config/config.js';
import { isNoiseEvent } from '../capture/noise.js';
import { toNewMemory } from '../memory.js';
import { resolveProject } from '../capture/project.js';
import type { HookInput } from './io.js';
import { adapterFor } from '../agents/adapter.js';
import type { ToolEvent } from '../agents/events.js';

/** What a tool event becomes before the gate and the database: the settings and the events to store. */
export interface PreparedToolEvent {
  readonly config: Config;
  readonly events: readonly ToolEvent[];
}

/** Parses and filters (pure but for a Codex command's exit code): null when nothing is stored. */
export function prepareToolEvent({ input, config, agent = 'claude-code' }: HookInput): PreparedToolEvent | null {
  if (config.disabled) return null;
  const events = adapterFor(agent)
    .toolEvents(input)
    .filter((event) => !isNoiseEvent(event));
  return events.length > 0 ? { config, events } : null;
}

export async function handleToolEvent({ env }: HookInput, { config, events }: PreparedToolEvent): Promise<void> {
  const [{ draftOf }, { memoryIntent, NO_INTENT }, { storeOrDefer }] = await Promise.all([
    import('../capture/capture.js'),
    import('../capture/intent.js'),
    import('../faults/store-or-defer.js'),
  ]);
  for (const event of events) {
    // prepareToolEvent has told noise apart already: the draft does not ask again.
    const draft = draftOf(event);
    if (!draft) continue;
    const memory = {
      ...toNewMemory(draft, {
        sessionId: event.sessionId,
        agentId: event.agentId,
        agent: event.agent,
        toolUseId: event.toolUseId,
        project: resolveProject(env, event.cwd),
        createdAt: config.now(),
        source: 'hook',
      }),
      // The payload holds the call's description only; Stop adds what the transcript says around it.
      intent: memoryIntent(NO_INTENT, draft, event.input),
    };
    // Within the hook's deadline, or kept in the spool for a later run (lib/faults/store-or-defer.ts).
    await storeOrDefer(config, env, memory);
  }
}
