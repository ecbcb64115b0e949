// PostToolUse and PostToolUseFailure: one memory, or nothing for noise. The write path runs once,
// in order: event → draft → row → store (or the spool). Parses and filters before anything else: the database layer
// (and better-sqlite3, most of a hook's start-up cost) is loaded only for an event that will be
// stored, so a skipped `ls` or lock-file edit costs almost nothing.
import { captureEvent } from '../capture.js';
import { loadConfig, type Config } from '../config.js';
import { memoryIntent, NO_INTENT } from '../intent.js';
import { toNewMemory, type MemoryDraft } from '../memory.js';
import { resolveProject } from '../project.js';
import { storeOrDefer } from '../store-or-defer.js';
import type { HookInput, HookStdin } from './io.js';
import { parseToolEvent, type ToolEvent } from './payload.js';
import { finishHook } from './run.js';

/** What a tool event becomes before the database: the settings, the event and the draft memory. */
export interface PreparedToolEvent {
  readonly config: Config;
  readonly event: ToolEvent;
  readonly draft: MemoryDraft;
}

/** Parses and filters (pure, no database): null for an event that is not stored (off, not a captured tool, noise). */
export function prepareToolEvent({ input, env }: HookInput): PreparedToolEvent | null {
  const config = loadConfig(env);
  if (config.disabled) return null;
  const event = parseToolEvent(input);
  if (!event) return null;
  const draft = captureEvent(event);
  return draft ? { config, event, draft } : null;
}

export async function handleToolEvent({ env }: HookInput, { config, event, draft }: PreparedToolEvent): Promise<void> {
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
  // Within the hook's deadline, or kept in the spool for a later run (lib/store-or-defer.ts).
  await storeOrDefer(config, env, memory);
}

/** post-tool-use after its screen (hooks/post-tool-use.ts): this module is the hook's handler bundle. */
export function finishToolEvent(parsed: HookStdin): Promise<void> {
  return finishHook('post-tool-use', parsed, handleToolEvent, { prepare: prepareToolEvent });
}
