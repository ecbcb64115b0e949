// What post-tool-use can tell from its input alone: that there is nothing to store. Most PostToolUse
// events are noise (`ls`, `git status`, a lock file), and for those the hook exits before its
// handler bundle is loaded (lib/hook/screened.ts). The question is the one lib/capture.ts asks
// first, from the same module (lib/noise.ts), so the two never disagree.
import { isDisabled } from '../config.js';
import { isNoiseEvent } from '../noise.js';
import type { HookInput } from './io.js';
import { parseToolEvent } from './payload.js';

/** Off, not a captured tool or not ours, or noise: post-tool-use stores nothing. */
export function toolEventNeedsNothing({ input, env }: HookInput): boolean {
  const event = parseToolEvent(input);
  // The switch last: it may read the settings file, which noise never needs.
  return event === null || isNoiseEvent(event) || isDisabled(env);
}
