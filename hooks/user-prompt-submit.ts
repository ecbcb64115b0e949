// UserPromptSubmit (sync): records the user's prompt; with recall on, may print a <memory-recall> block.
import { runHook } from '../lib/hook/run.js';
import { handlePrompt, preparePrompt } from '../lib/hook/on-prompt.js';

// A plain call, not a top-level await: the bundles are CommonJS.
void runHook('user-prompt-submit', handlePrompt, { prepare: preparePrompt, args: process.argv.slice(2) });
