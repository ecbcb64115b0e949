// Stop (sync, every turn): folds the session's memories into its structural summary. Never prints.
import { runHook } from '../lib/hook/run.js';
import { handleStop } from '../lib/hook/on-stop.js';

// A plain call, not a top-level await: the bundles are CommonJS.
void runHook('stop', handleStop, { args: process.argv.slice(2) });
