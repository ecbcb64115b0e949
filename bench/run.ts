// `npm run bench`: whole-process cost of each hook and of `memory search` as ratios to `node -e 0`
// and to a floor script, in-process insert/search/cleanup costs at 1k/10k/100k memories, storage,
// lossless concurrency, the modules a hook loads, and `memory ui`'s views. Prints a report and writes BENCHMARKS.md.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { cleanupNow } from '../lib/hook/on-cleanup.js';
import { buildSessionStartOutput } from '../lib/hook/on-session-start.js';
import { MemoryStore } from '../lib/db/memories.js';
import { openDb } from '../lib/db/open.js';
import { NO_FILTERS, searchMemories } from '../lib/db/search.js';
import { planSearch } from '../lib/search/plan.js';
import { generate, syntheticPayload } from './generate.js';
import { importGraph } from './import-graph.js';
import { redactionBench } from './redact.js';
import { mcpSearch, mcpStartup, renderStartup } from './mcp.js';
import { benchUi, uiSection } from './ui.js';
import { cleanEnv, ms, ratio, timeCalls, timeProcesses, type ProcessCase, type Stats } from './measure.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(DIST, '..');
const SIZES = (process.env['BENCH_SIZES'] ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 25);
const NOW = new Date();
const PROJECT = '/home/dev/work/api-server';
const QUERIES: ReadonlyArray<readonly [string, string]> = [
  ['unicode61 (English word)', 'rotation'],
  ['unicode61 (Korean word)', '마이그레이션'],
  ['trigram (substring in a word)', 'efres'],
  ['LIKE (two-syllable Korean)', '인증'],
  ['LIKE (no match at all)', '없음'],
];

const out: string[] = [];
const searchP95AtLargest: Array<[string, number]> = [];
const verdicts: string[] = [];
const say = (line = ''): void => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};

const work = mkdtempSync(join(tmpdir(), 'cmh-bench-'));
try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}

async function main(): Promise<void> {
  say('# Benchmarks');
  say();
  say(`Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${process.platform}/${process.arch}; ${new Date().toISOString().slice(0, 10)}.`);
  say(`Every measured process runs without NODE_EXTRA_CA_CERTS. Whole-process figures: median and p95 of ${ROUNDS} interleaved runs (2 warm-up rounds dropped).`);
  say();

  const databases = new Map<number, string>();
  say('## Building synthetic databases through the real capture path');
  say();
  say('| memories | build time | insert cost / memory | db bytes | bytes / memory | bytes / content byte |');
  say('|---:|---:|---:|---:|---:|---:|');
  for (const size of SIZES) {
    const path = join(work, `memories-${size}.db`);
    const db = openDb(path, { create: true }) as Database.Database;
    const start = performance.now();
    const { stored, contentBytes } = generate(db, { count: size, now: NOW, days: 120 });
    const elapsed = performance.now() - start;
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('CREATE TABLE bench_floor (id INTEGER PRIMARY KEY, payload TEXT)');
    db.close();
    const bytes = statSync(path).size;
    databases.set(size, path);
    say(`| ${stored.toLocaleString('en')} | ${(elapsed / 1000).toFixed(1)} s | ${((elapsed * 1000) / stored).toFixed(0)} µs | ${(bytes / 1e6).toFixed(1)} MB | ${(bytes / stored).toFixed(0)} | ${(bytes / contentBytes).toFixed(1)} |`);
  }
  say();
  say('Build time includes summaries; the insert cost is the whole capture path per memory (parse, filter, redact, dedupe check, insert, both FTS indexes), batched 5,000 to a transaction.');
  say();
  singleInsertCost();
  inProcessSearch(databases);
  const largest = databases.get(Math.max(...SIZES)) as string;
  inProcessSessionStartAndCleanup(largest);
  wholeProcesses(largest);
  await concurrency(databases.get(Math.min(...SIZES)) as string);
  await modulesLoaded(largest);
  const redaction = redactionBench();
  for (const line of redaction.lines) say(line);
  verdicts.push(redaction.verdict);
  await mcpServer(largest);
  const uiTimings = await benchUi(largest, NOW, ROUNDS);
  for (const line of uiSection(Math.max(...SIZES), uiTimings, ROUNDS)) say(line);
  say();
  for (const t of uiTimings) verdicts.push(`- ${t.serverP95 < 300 ? '✓' : '✗'} memory ui server time p95: ${t.view} ${ms(t.serverP95)} (target < 300 ms)`);
  say('## Targets');
  say();
  for (const [name, p95] of searchP95AtLargest) verdicts.push(`- ${p95 < 50 ? '✓' : '✗'} in-process search p95 at ${Math.max(...SIZES).toLocaleString('en')}: ${name} ${ms(p95)} (target < 50 ms)`);
  for (const line of verdicts) say(line);
  say();
  writeFileSync(join(ROOT, 'BENCHMARKS.md'), `${out.join('\n')}\n`);
  process.stdout.write(`\nwrote ${join(ROOT, 'BENCHMARKS.md')}\n`);
}

function singleInsertCost(): void {
  const path = join(work, 'single.db');
  const db = openDb(path, { create: true }) as Database.Database;
  const store = new MemoryStore(db);
  const random = (() => { let s = 7; return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32); })();
  const timing = timeCalls(2000, (i) => {
    store.insert({
      sessionId: 's', toolName: 'Bash', type: 'command', project: 'p', projectPath: '/p', filePath: null,
      content: `npm run task-${i} ${random()}`, tags: 'bash,npm', importance: 1, createdAt: new Date(NOW.getTime() + i).toISOString(),
      toolUseId: `t${i}`, agentId: null, exitCode: null, source: 'hook',
    }, 60);
  });
  db.close();
  say(`One insert in its own IMMEDIATE transaction (the hook's case, WAL, synchronous=NORMAL): p50 ${(timing.median * 1000).toFixed(0)} µs, p95 ${(timing.p95 * 1000).toFixed(0)} µs.`);
  say();
}

function inProcessSearch(databases: Map<number, string>): void {
  say('## In-process search latency (20 results, all projects)');
  say();
  say(`| query | tier | ${SIZES.map((s) => `${s.toLocaleString('en')}: p50 / p95`).join(' | ')} |`);
  say(`|---|---|${SIZES.map(() => '---:').join('|')}|`);
  for (const [label, query] of QUERIES) {
    const plan = planSearch(query);
    if (!plan) continue;
    const cells: string[] = [];
    let tier = '';
    for (const size of SIZES) {
      const db = openDb(databases.get(size) as string, { create: false }) as Database.Database;
      const timing = timeCalls(50, () => {
        tier = searchMemories(db, plan, NO_FILTERS, { limit: 20, now: NOW }).tier;
      });
      db.close();
      cells.push(`${ms(timing.median)} / ${ms(timing.p95)}`);
      if (size === Math.max(...SIZES)) searchP95AtLargest.push([`${query} (${tier})`, timing.p95]);
    }
    say(`| ${label}: \`${query}\` | ${tier} | ${cells.join(' | ')} |`);
  }
  say();
}

function inProcessSessionStartAndCleanup(path: string): void {
  const input = { session_id: 's', cwd: PROJECT, hook_event_name: 'SessionStart', source: 'startup' };
  const env = { CLAUDE_MEMORY_DB: path, CLAUDE_PROJECT_DIR: PROJECT };
  const timing = timeCalls(50, () => buildSessionStartOutput({ input, env }));
  say(`SessionStart's work in-process at ${Math.max(...SIZES).toLocaleString('en')} memories (open, three queries, build the block): p50 ${ms(timing.median)}, p95 ${ms(timing.p95)}.`);
  const copy = join(work, 'cleanup.db');
  copyFileSync(path, copy);
  const before = countRows(copy);
  const start = performance.now();
  const deleted = cleanupNow({ CLAUDE_MEMORY_DB: copy, CLAUDE_MEMORY_NOW: NOW.toISOString() });
  const elapsed = performance.now() - start;
  say(`Daily cleanup at ${before.toLocaleString('en')} memories: deleted ${deleted.toLocaleString('en')} expired rows (and their FTS entries) in ${ms(elapsed)}, in batches of 2,000 (it runs detached, never on SessionStart's path).`);
  say();
}

function wholeProcesses(path: string): void {
  const copy = join(work, 'process.db');
  copyFileSync(path, copy);
  const env = cleanEnv({ CLAUDE_MEMORY_DB: copy, HOME: work });
  const hook = (name: string) => join(DIST, 'hooks', `${name}.js`);
  const payload = (i: number) => JSON.stringify(syntheticPayload(1_000_000 + i, () => 0.7, 'bench-live', PROJECT));
  const noise = (i: number) => JSON.stringify({ session_id: 'bench-live', cwd: PROJECT, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: `toolu_noise_${i}`, tool_input: { command: 'ls -la src' }, tool_response: { stdout: '', stderr: '' } });
  const session = JSON.stringify({ session_id: 'bench-session-0', cwd: PROJECT, hook_event_name: 'Stop', stop_hook_active: false });
  const start = JSON.stringify({ session_id: 'new', cwd: PROJECT, hook_event_name: 'SessionStart', source: 'startup' });
  const cli = join(DIST, 'commands', 'cli.js');
  const cases: ProcessCase[] = [
    { name: 'node -e 0', args: ['-e', '0'], stdin: () => '', env },
    { name: 'floor (stdin + better-sqlite3 + WAL + 1 insert)', args: [join(DIST, 'bench', 'floor.js')], stdin: payload, env },
    { name: 'post-tool-use (Bash, stored)', args: [hook('post-tool-use')], stdin: payload, env },
    { name: 'post-tool-use (`ls`, skipped as noise)', args: [hook('post-tool-use')], stdin: noise, env },
    { name: 'stop (40-row session)', args: [hook('stop')], stdin: () => session, env },
    { name: 'session-start', args: [hook('session-start')], stdin: () => start, env: { ...env, CLAUDE_MEMORY_NOW: NOW.toISOString() }, expectStdout: /memory-context/ },
    ...QUERIES.slice(0, 4).map(([label, query]): ProcessCase => ({ name: `memory search ${query} (${label.split(' ')[0]})`, args: [cli, 'search', query], stdin: () => '', env })),
  ];
  // Mark today's cleanup as done so session-start measures injection only.
  const marker = `${copy}.last-cleanup`;
  writeFileSync(marker, NOW.toISOString());
  utimesSync(marker, NOW, NOW);
  const results = timeProcesses(cases, ROUNDS);
  const node = results.get('node -e 0') as Stats;
  const floor = results.get(cases[1]?.name as string) as Stats;
  say(`## Whole-process wall time at ${countRows(copy).toLocaleString('en')} memories`);
  say();
  say('| process | median | p95 | × node -e 0 | × floor | target (× floor) |');
  say('|---|---:|---:|---:|---:|---|');
  const targets: Record<string, number> = { 'post-tool-use (Bash': 1.3, stop: 1.5, 'session-start': 1.6, 'memory search': 2 };
  for (const [name, timing] of results) {
    const target = Object.entries(targets).find(([prefix]) => name.startsWith(prefix))?.[1];
    const verdict = target === undefined ? '' : `${timing.median / floor.median <= target ? '✓' : '✗'} ≤ ${target}×`;
    say(`| ${name} | ${ms(timing.median)} | ${ms(timing.p95)} | ${ratio(timing.median, node.median)} | ${ratio(timing.median, floor.median)} | ${verdict} |`);
    if (verdict) verdicts.push(`- ${verdict.startsWith('✓') ? '✓' : '✗'} ${name}: ${ratio(timing.median, floor.median)} the floor (target ≤ ${target}×)`);
  }
  say();
}

async function concurrency(path: string): Promise<void> {
  say('## Concurrency: nothing is lost');
  say();
  const copy = join(work, 'concurrency.db');
  copyFileSync(path, copy);
  const env = cleanEnv({ CLAUDE_MEMORY_DB: copy, HOME: work });
  const before = countRows(copy);
  const start = performance.now();
  const settled = await runAll(Array.from({ length: 200 }, (_, i) => ({ args: [join(DIST, 'hooks', 'post-tool-use.js')], stdin: JSON.stringify(burstPayload(i, `burst-${i % 13}`)), env })));
  const elapsed = performance.now() - start;
  const stored = countRows(copy) - before;
  const failures = settled.filter((r) => r.code !== 0 || r.stderr !== '').length;
  say(`- 200 post-tool-use processes started at once on distinct events: **${stored}/200 stored**, ${failures} failed, ${ms(elapsed)} wall time for the burst.`);
  verdicts.push(`- ${stored === 200 ? '✓' : '✗'} 200 concurrent hooks: ${stored}/200 stored (target: 0 lost)`);

  const before2 = countRows(copy);
  const searches = runAll(Array.from({ length: 10 }, () => ({ args: [join(DIST, 'commands', 'cli.js'), 'search', 'rotation'], stdin: '', env })));
  const writers = runAll(Array.from({ length: 50 }, (_, i) => ({ args: [join(DIST, 'hooks', 'post-tool-use.js')], stdin: JSON.stringify(burstPayload(10_000 + i, 'one-session')), env })));
  const [searchResults, writerResults] = await Promise.all([searches, writers]);
  const stored2 = countRows(copy) - before2;
  say(`- 50 processes on one session while 10 \`memory search\` processes run: **${stored2}/50 stored**, ${writerResults.filter((r) => r.code !== 0).length} hook failures, ${searchResults.filter((r) => r.code === 0).length}/10 searches answered.`);
  verdicts.push(`- ${stored2 === 50 ? '✓' : '✗'} 50 hooks on one session during searches: ${stored2}/50 stored (target: 0 lost)`);
  say();
}

function burstPayload(i: number, sessionId: string): Record<string, unknown> {
  return { session_id: sessionId, cwd: PROJECT, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: `toolu_burst_${i}`, tool_input: { command: `npm run job-${i}` }, tool_response: { stdout: '', stderr: '' } };
}

interface Spawned { readonly code: number | null; readonly stderr: string }

function runAll(jobs: ReadonlyArray<{ args: string[]; stdin: string; env: NodeJS.ProcessEnv }>): Promise<Spawned[]> {
  return Promise.all(jobs.map((job) => new Promise<Spawned>((done) => {
    const child = spawn(process.execPath, job.args, { env: job.env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => done({ code, stderr }));
    child.stdin.end(job.stdin);
  })));
}

async function modulesLoaded(path: string): Promise<void> {
  say('## What a hook loads');
  say();
  for (const name of ['post-tool-use', 'session-start', 'stop']) {
    const trace = join(work, `trace-${name}.json`);
    const env = cleanEnv({ CLAUDE_MEMORY_DB: path, HOME: work, BENCH_TRACE_FILE: trace });
    const payload = name === 'post-tool-use' ? JSON.stringify(syntheticPayload(5_000_000, () => 0.7, 's', PROJECT)) : JSON.stringify({ session_id: 's', cwd: PROJECT, hook_event_name: 'X' });
    await (runAll([{ args: ['--require', join(DIST, 'bench', 'trace-modules.cjs'), join(DIST, 'hooks', `${name}.js`)], stdin: payload, env }]));
    const cjs = (JSON.parse(readFileSync(trace, 'utf8')) as string[]).map((file) => file.replace(`${ROOT}/`, ''));
    const ours = importGraph(join(DIST, 'hooks', `${name}.js`)).files.map((file) => file.replace(`${ROOT}/`, ''));
    const packages = [...new Set(cjs.filter((f) => f.includes('node_modules/')).map((f) => (f.split('node_modules/')[1] as string).split('/')[0]))];
    say(`- **${name}**: ${ours.length} of our modules (${ours.map((f) => f.replace('dist/', '')).join(', ')}); npm packages: ${packages.join(', ') || 'none'}; CommonJS files: ${cjs.filter((f) => !f.startsWith('node:')).length}. commander loaded: ${cjs.some((f) => f.includes('commander')) ? 'YES' : 'no'}; picocolors loaded: ${cjs.some((f) => f.includes('picocolors')) ? 'YES' : 'no'}.`);
  }
  say();
}

async function mcpServer(path: string): Promise<void> {
  say('## MCP server (`memory mcp`)');
  say();
  const env = cleanEnv({ CLAUDE_MEMORY_DB: path, HOME: work });
  const startup = await mcpStartup(DIST, env, ROUNDS);
  say(`Start-up, as Claude Code starts it once per session: ${ROUNDS} interleaved rounds (2 warm-up rounds dropped).`);
  say();
  for (const line of renderStartup(startup)) say(line);
  say();
  const startupRatio = startup.mcp.median / startup.floor.median;
  verdicts.push(`- ${startupRatio <= 2 ? '✓' : '✗'} memory mcp spawn → initialize: ${ratio(startup.mcp.median, startup.floor.median)} the CommonJS floor (target ≤ 2×)`);
  const size = countRows(path);
  say(`The \`search\` tool in-process at ${size.toLocaleString('en')} memories (all projects, limit 10; the whole call: query, ranking, sanitising, reply budget):`);
  say();
  say('| query | tier | tool p50 | tool p95 | engine alone p50 / p95 |');
  say('|---|---|---:|---:|---:|');
  for (const { query, tier, timing, engine } of mcpSearch(path, QUERIES, NOW)) {
    say(`| \`${query}\` | ${tier} | ${ms(timing.median)} | ${ms(timing.p95)} | ${ms(engine.median)} / ${ms(engine.p95)} |`);
    verdicts.push(`- ${timing.p95 < 50 ? '✓' : '✗'} MCP search p95 at ${size.toLocaleString('en')}: ${query} (${tier}) ${ms(timing.p95)} (target < 50 ms)`);
  }
  say();
}

function countRows(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

