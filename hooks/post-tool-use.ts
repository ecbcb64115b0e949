// PostToolUse and PostToolUseFailure (async): records one Edit, Write, Bash or NotebookEdit action.
import { runHook } from '../lib/hook/run.js';
import { handleToolEvent, prepareToolEvent } from '../lib/hook/on-tool-use.js';

// A plain call, not a top-level await: the bundles are CommonJS.
void runHook('post-tool-use', handleToolEvent, { prepare: prepareToolEvent });
