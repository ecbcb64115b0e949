#!/usr/bin/env node
// UserPromptSubmit (sync): records the user's prompt; with recall on, may print a <memory-recall> block. Always exits 0.
import { runHook } from '../lib/hook/io.js';
import { handlePrompt } from '../lib/hook/on-prompt.js';

// A plain call, not a top-level await: the runtime bundles are CommonJS.
void runHook('user-prompt-submit', handlePrompt);
