// `memory mcp`: runs the stdio MCP server Claude Code starts (registered by install.sh). Thin: the
// server is lib/mcp/server.ts; it is imported only here, so other subcommands never load the SDK.
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the memory to Claude Code over MCP (stdio): tools search, get, sessions, stats; read-only')
    .action(async () => {
      const { serveStdio } = await import('../lib/mcp/server.js');
      await serveStdio({
        env: process.env,
        cwd: process.cwd(),
        version: packageVersion(),
        log: (line) => process.stderr.write(`[memory-mcp] ${line}\n`),
      });
    });
}

function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return String((JSON.parse(text) as { version?: unknown }).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}
