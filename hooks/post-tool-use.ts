#!/usr/bin/env node
// PostToolUse and PostToolUseFailure (async): records one Edit, Write, Bash or NotebookEdit action.
import { runHook } from '../lib/hook/io.js';
import { handleToolEvent } from '../lib/hook/on-tool-use.js';

// Exits explicitly: a stdin read left pending by a never-closed pipe must not keep the process alive.
void runHook('post-tool-use', handleToolEvent).then(() => process.exit());
