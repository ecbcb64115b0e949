// The MCP server's benchmarks: spawn → `initialize` answer against the CommonJS floor (interleaved,
// same environment), and the `search` tool in-process (query, ranking, rendering, reply budget).
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { bestMatches } from '../lib/search/best-match-queries.js';
import { NO_FILTERS } from '../lib/search/queries.js';
import { MemoryReader } from '../lib/mcp/store.js';
import { REPLY_TOKENS } from '../lib/mcp/reply.js';
import { searchInput } from '../lib/mcp/schemas.js';
import { searchTool } from '../lib/mcp/tools.js';
import { projectAt } from '../lib/capture/project.js';
import { countRows } from './generate.js';
import { cleanEnv, ms, ratio, stats, timeCalls, type Stats } from './measure.js';

const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`;

/** Milliseconds from spawn to the first complete line on stdout (the initialize answer); the process is then killed. */
function firstAnswer(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const elapsed = performance.now() - start;
      child.kill();
      if (!out.includes('"serverInfo"') || err !== '')
        reject(new Error(`memory mcp answered ${out.slice(0, 200)} ${err.slice(0, 200)}`));
      else resolve(elapsed);
    });
    child.on('error', reject);
    child.stdin.end(INITIALIZE);
  });
}

export interface StartupResult {
  readonly node: Stats;
  readonly floor: Stats;
  readonly mcp: Stats;
}

/** `node -e 0`, the CommonJS floor and `memory mcp` → initialize, one of each per round. */
/** `floor`: the CommonJS floor script; `cli`: the `memory` entry Claude Code starts (the runtime's). */
export async function mcpStartup(
  floor: string,
  cli: string,
  env: NodeJS.ProcessEnv,
  rounds: number,
): Promise<StartupResult> {
  const samples = { node: [] as number[], floor: [] as number[], mcp: [] as number[] };
  for (let round = 0; round < rounds + 2; round++) {
    let start = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { env });
    const node = performance.now() - start;
    start = performance.now();
    const result = spawnSync(process.execPath, [floor], { env, input: `floor ${round}`, encoding: 'utf8' });
    const floorTime = performance.now() - start;
    if (result.status !== 0) throw new Error(`the CommonJS floor failed: ${result.stderr}`);
    const mcp = await firstAnswer([cli, 'mcp'], env);
    if (round < 2) continue; // warm-up
    samples.node.push(node);
    samples.floor.push(floorTime);
    samples.mcp.push(mcp);
  }
  return { node: stats(samples.node), floor: stats(samples.floor), mcp: stats(samples.mcp) };
}

export function renderStartup(result: StartupResult): string[] {
  const row = (name: string, timing: Stats) =>
    `| ${name} | ${ms(timing.median)} | ${ms(timing.p95)} | ${ratio(timing.median, result.node.median)} | ${ratio(timing.median, result.floor.median)} |`;
  return [
    '| process | median | p95 | × node -e 0 | × CommonJS floor |',
    '|---|---:|---:|---:|---:|',
    row('node -e 0', result.node),
    row('CommonJS floor (readFileSync(0) + require better-sqlite3 + WAL + 1 insert)', result.floor),
    row('`memory mcp`: spawn → initialize answer', result.mcp),
  ];
}

/**
 * The `search` tool as the server runs it, at `limit` 10 over every project: p50/p95 per query, beside
 * the search engine alone on the same connection (the page of 11 rows the tool asks for), so the
 * tool's own cost (snippets, sanitising, reply budget) reads apart from machine load.
 */
export function mcpSearch(
  dbPath: string,
  queries: ReadonlyArray<readonly [string, string]>,
  now: Date,
): Array<{ query: string; tier: string; timing: Stats; engine: Stats }> {
  const reader = new MemoryReader(dbPath);
  try {
    const context = {
      reader,
      here: projectAt('/home/dev/work/api-server'),
      now: () => now,
      budgetTokens: REPLY_TOKENS,
      env: {},
    };
    return queries.map(([, query]) => {
      const args = searchInput.parse({ query, project: '*' });
      let tier = '';
      const timing = timeCalls(50, () => {
        tier = String(searchTool(args, context).structured['tier']);
      });
      const engine = timeCalls(50, () => reader.read((db) => bestMatches(db, query, NO_FILTERS, { limit: 11 })));
      return { query, tier, timing, engine };
    });
  } finally {
    reader.close();
  }
}

export interface McpSection {
  readonly lines: string[];
  readonly verdicts: string[];
}

/** The report's MCP section: start-up against the floor, then the search tool in-process at `path`'s size. */
export async function mcpSection(
  path: string,
  paths: { readonly floor: string; readonly cli: string; readonly home: string },
  rounds: number,
  searches: ReadonlyArray<readonly [string, string]>,
  now: Date,
): Promise<McpSection> {
  const lines = ['## MCP server (`memory mcp`)', ''];
  const verdicts: string[] = [];
  const env = cleanEnv({ CLAUDE_MEMORY_DB: path, HOME: paths.home });
  // The runtime's entry, as the installer registers it with Claude Code.
  const startup = await mcpStartup(paths.floor, paths.cli, env, rounds);
  lines.push(
    `Start-up, as Claude Code starts it once per session: ${rounds} interleaved rounds (2 warm-up rounds dropped).`,
    '',
  );
  lines.push(...renderStartup(startup), '');
  const startupRatio = startup.mcp.median / startup.floor.median;
  verdicts.push(
    `- ${startupRatio <= 2 ? '✓' : '✗'} memory mcp spawn → initialize: ${ratio(startup.mcp.median, startup.floor.median)} the CommonJS floor (target ≤ 2×)`,
  );
  const size = countRows(path);
  lines.push(
    `The \`search\` tool in-process at ${size.toLocaleString('en')} memories (all projects, limit 10; the whole call: query, ranking, sanitising, reply budget):`,
    '',
    '| query | tier | tool p50 | tool p95 | engine alone p50 / p95 |',
    '|---|---|---:|---:|---:|',
  );
  for (const { query, tier, timing, engine } of mcpSearch(path, searches, now)) {
    lines.push(
      `| \`${query}\` | ${tier} | ${ms(timing.median)} | ${ms(timing.p95)} | ${ms(engine.median)} / ${ms(engine.p95)} |`,
    );
    verdicts.push(
      `- ${timing.p95 < 50 ? '✓' : '✗'} MCP search p95 at ${size.toLocaleString('en')}: ${query} (${tier}) ${ms(timing.p95)} (target < 50 ms)`,
    );
  }
  lines.push('');
  return { lines, verdicts };
}
