// PostToolUse and PostToolUseFailure (async; Gemini CLI's AfterTool): records one Edit, Write, Bash or
// NotebookEdit action. The agent that runs it is its first argument (none: Claude Code).
import { runHook } from '../lib/hook/run.js';
import { handleToolEvent, prepareToolEvent } from '../lib/hook/on-tool-use.js';

// A plain call, not a top-level await: the bundles are CommonJS.
void runHook('post-tool-use', handleToolEvent, { prepare: prepareToolEvent, args: process.argv.slice(2) });
