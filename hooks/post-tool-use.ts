#!/usr/bin/env node
// PostToolUse and PostToolUseFailure (async): records one Edit, Write, Bash or NotebookEdit action.
// Noise exits here; the handler (lib/hook/on-tool-use.ts, its own bundle) loads only for the rest.
import { loadHandler, runScreenedHook } from '../lib/hook/screened.js';
import { toolEventNeedsNothing } from '../lib/hook/tool-screen.js';
import type * as ToolUse from '../lib/hook/on-tool-use.js';

// A plain call, not a top-level await: the runtime bundles are CommonJS.
void runScreenedHook(
  'post-tool-use',
  toolEventNeedsNothing,
  async () => (await loadHandler<typeof ToolUse>('on-tool-use')).finishToolEvent,
);
