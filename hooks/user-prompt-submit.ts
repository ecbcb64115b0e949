#!/usr/bin/env node
// UserPromptSubmit (sync): records the user's prompt; with recall on, may print a <memory-recall> block. Always exits 0.
// A prompt that needs nothing exits here; the handler (lib/hook/on-prompt.ts, its own bundle) loads only for the rest.
import { loadHandler, runScreenedHook } from '../lib/hook/screened.js';
import { promptNeedsNothing } from '../lib/hook/prompt-screen.js';
import type * as Prompt from '../lib/hook/on-prompt.js';

// A plain call, not a top-level await: the runtime bundles are CommonJS.
void runScreenedHook(
  'user-prompt-submit',
  promptNeedsNothing,
  async () => (await loadHandler<typeof Prompt>('on-prompt')).finishPrompt,
);
