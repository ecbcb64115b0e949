#!/usr/bin/env node
// `memory mcp` as Claude Code starts it, once per session and waiting for its first answer. The
// runtime's cli.js hands exactly that command line to this entry, so it compiles the MCP server's
// bundle alone and not the CLI's, which holds every subcommand (~15 ms of start-up at 550 KB).
import { failWith } from '../lib/exit.js';
import { serveMcp } from './mcp.js';

// A plain call, not a top-level await: the runtime bundles are CommonJS.
serveMcp().catch((error: unknown) => failWith('memory', error));
