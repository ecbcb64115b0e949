// `memory mcp`: runs the stdio MCP server Claude Code starts (registered by install.sh). Thin: the
// server is lib/mcp/server.ts, loaded as the one-file bundle `npm run build` makes of it (see
// scripts/bundle-mcp.mjs), so other subcommands never load the SDK and this one starts fast.
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadBundle } from '../lib/bundle.js';
import { BUNDLE_NAME } from '../lib/mcp/bundle.js';

type ServerModule = typeof import('../lib/mcp/server.js');

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the memory to Claude Code over MCP (stdio): tools search, get, sessions, stats; read-only')
    .action(serveMcp);
}

export async function serveMcp(): Promise<void> {
  const { serveStdio } = loadBundle<ServerModule>(
    fileURLToPath(new URL(`../lib/mcp/${BUNDLE_NAME}`, import.meta.url)),
  ).exports;
  await serveStdio({
    env: process.env,
    cwd: process.cwd(),
    version: packageVersion(),
    log: (line) => process.stderr.write(`[memory-mcp] ${line}\n`),
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
