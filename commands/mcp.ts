// `memory mcp`: runs the stdio MCP server Claude Code starts (registered by install.sh and the
// plugin). Thin: the server is lib/mcp/server.ts, loaded only by this subcommand.
import type { Command } from 'commander';
import { ownVersion } from '../lib/own-files.js';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the memory to Claude Code over MCP (stdio): tools search, get, sessions, stats; read-only')
    .action(serveMcp);
}

export async function serveMcp(): Promise<void> {
  const { serveStdio } = await import('../lib/mcp/server.js');
  await serveStdio({
    env: process.env,
    cwd: process.cwd(),
    version: ownVersion(),
    log: (line) => process.stderr.write(`[memory-mcp] ${line}\n`),
  });
}
