// `memory mcp`: runs the stdio MCP server Claude Code starts (registered by install.sh and the
// plugin). The server is an executable of its own (commands/mcp-server.ts): this runs it in this
// process, so the CLI's bundle never holds the MCP SDK.
import type { Command } from 'commander';
import { MCP_SERVER } from '../lib/runtime/executables.js';
import { ownFile } from '../lib/runtime/own-files.js';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the memory to Claude Code over MCP (stdio): tools search, get, sessions, stats; read-only')
    .action(serveMcp);
}

export function serveMcp(): void {
  require(ownFile(MCP_SERVER));
}
