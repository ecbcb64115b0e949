// PostToolUse and PostToolUseFailure: one memory, or nothing for noise. The write path runs once,
// in order: event → draft → row → store (or the spool). Parses and filters before anything else: the database layer
// (and better-sqlite3, most of a hook's start-up cost) is loaded only for an event that will be
// stored, so a skipped `ls` or lock-file edit costs almost nothing.
import { captureEvent } from '../capture.js';
import { loadConfig } from '../config.js';
import { toNewMemory } from '../memory.js';
import { resolveProject } from '../project.js';
import { storeOrDefer } from '../store-or-defer.js';
import type { HookInput } from './io.js';
import { parseToolEvent } from './payload.js';

/** True for an event handleToolEvent would not store (not a captured tool, or noise): no database needed. */
export function isNoiseEvent(input: Readonly<Record<string, unknown>>): boolean {
  const event = parseToolEvent(input);
  return !event || !captureEvent(event);
}

export async function handleToolEvent({ input, env }: HookInput): Promise<void> {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseToolEvent(input);
  if (!event) return;
  const draft = captureEvent(event);
  if (!draft) return;
  const memory = toNewMemory(draft, {
    sessionId: event.sessionId,
    agentId: event.agentId,
    toolUseId: event.toolUseId,
    project: resolveProject(env, event.cwd),
    createdAt: config.now(),
    source: 'hook',
  });
  // Within the hook's deadline, or kept in the spool for a later run (lib/store-or-defer.ts).
  await storeOrDefer(config, env, memory);
}
