#!/usr/bin/env node
// `memory mcp` as Claude Code starts it, once per session and waiting for its first answer. The
// runtime's cli.js hands exactly that command line to this entry, so it compiles the MCP server's
// bundle alone and not the CLI's, which holds every subcommand (~15 ms of start-up at 550 KB).
import { MemoryError } from '../lib/errors.js';
import { describeError } from '../lib/unknown.js';
import { serveMcp } from './mcp.js';

// A plain call, not a top-level await: the runtime bundles are CommonJS.
serveMcp().catch((error: unknown) => {
  process.stderr.write(`memory: ${error instanceof MemoryError ? error.message : describeError(error)}\n`);
  process.exitCode = error instanceof MemoryError ? error.exitCode : 1;
});
