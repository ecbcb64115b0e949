#!/usr/bin/env node
// Internal: the daily retention cleanup, started detached by session-start. Not a Claude Code hook.
import { describeError } from '../lib/hook/io.js';
import { cleanupNow } from '../lib/cleanup.js';

try {
  cleanupNow(process.env);
} catch (error) {
  process.stderr.write(`[memory-hook] cleanup: ${describeError(error)}\n`);
}
process.exitCode = 0;
