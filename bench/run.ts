// `npm run bench [-- --rows N]`: whole-process cost of each hook bundle and of `memory search` as
// ratios to `node -e 0` and to a CommonJS floor, all interleaved in one run; cost against database
// size (10k, 100k, --rows) for session-start and search; in-process query costs; storage; lossless
// concurrency; what a hook bundle holds; redaction, `memory mcp` and `memory ui`'s views. Prints a
// report and writes BENCHMARKS.md.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openDb } from '../lib/db/open.js';
import { benchArguments } from './arguments.js';
import { COMMON_TERM, generate, RARE_TERM, replicate, syntheticPayload, noisePayload } from './generate.js';
import { NODE_RELEASES, type NodeMajor } from './node-binaries.js';
import { prepareNode } from './other-node.js';
import { NODE_FLAGS } from '../lib/runtime/executables.js';
import { redactionBench } from './redact.js';
import { mcpSection } from './mcp.js';
import { inProcessLines, storageLines } from './in-process.js';
import { concurrencyBench } from './concurrency.js';
import { bundlesSection } from './bundles.js';
import { benchUi, uiSection } from './ui.js';
import { cleanEnv, ms, ratio, timeProcesses, type ProcessCase, type Stats } from './measure.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(DIST, '..');
/** The bundles the installer copies: what Claude Code really runs. */
const RUNTIME = join(DIST, 'runtime', 'dist');
const FLAGS = benchArguments(
  'usage: node dist/bench/run.js [--rows N] [--node 22|24]…  (writes BENCHMARKS.md; npm run bench builds first)',
  { rows: { type: 'string' }, node: { type: 'string', multiple: true } },
);
const ROWS = rowsArgument(FLAGS.rows);
/** `--node 22 --node 24`: the same processes under those releases too, side by side (bench/other-node.ts). */
const OTHER_NODES = FLAGS.node ?? [];
const SIZES = [...new Set([10_000, 100_000, ROWS])].filter((size) => size <= ROWS).sort((a, b) => a - b);
const MAIN_SIZE = SIZES.includes(100_000) ? 100_000 : (SIZES[SIZES.length - 1] as number);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 21);
const NOW = new Date();
const PROJECT = '/home/dev/work/api-server';
const SPREAD = [PROJECT, ...Array.from({ length: 39 }, (_, i) => `/home/dev/work/project-${i}`)];
/** Memories generated through the capture path; larger databases are copies of these (see replicate). */
const GENERATED = 10_000;
const SPREAD_SIZE = Math.min(100_000, ROWS);
const SEARCHES: ReadonlyArray<readonly [string, string]> = [
  ['common', COMMON_TERM],
  ['rare', RARE_TERM],
  ['인증', '인증'],
];

// What the measured hooks are given (the same under every Node).
// Random 0.1 picks an Edit in syntheticPayload; a fresh index each run keeps dedupe from skipping it.
const edit = (i: number) => JSON.stringify(syntheticPayload(2_000_000 + i, () => 0.1, 'bench-live', PROJECT));
const noise = (i: number): string => noisePayload(i, PROJECT);
const stop = JSON.stringify({
  session_id: 'bench-session-0',
  cwd: PROJECT,
  hook_event_name: 'Stop',
  stop_hook_active: false,
});
const start = JSON.stringify({ session_id: 'new', cwd: PROJECT, hook_event_name: 'SessionStart', source: 'startup' });

/** The budgets of Node 22 and 24 (Node 20, past its end of life, has none), as ratios of wall time. */
const BUDGETS: Readonly<Record<string, { readonly value: number; readonly base: 'floor' | 'node' }>> = {
  'post-tool-use (Edit, stored)': { value: 1.35, base: 'floor' },
  'post-tool-use `ls` (noise)': { value: 1.15, base: 'node' },
  stop: { value: 1.25, base: 'floor' },
  'session-start': { value: 1.25, base: 'floor' },
  [`memory search ${COMMON_TERM} (common)`]: { value: 1.6, base: 'floor' },
  [`memory search ${RARE_TERM} (rare)`]: { value: 1.35, base: 'floor' },
  'memory search 인증 (인증)': { value: 1.6, base: 'floor' },
};

const out: string[] = [];
// The target lines of the redaction, MCP and ui sections, printed together after them.
const verdicts: string[] = [];
const say = (line = ''): void => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};

function rowsArgument(given: string | undefined): number {
  const value = given === undefined ? 500_000 : Number(given);
  if (!Number.isInteger(value) || value < 1000 || value > 1_000_000)
    throw new Error('--rows takes a whole number from 1000 to 1000000');
  return value;
}

const work = mkdtempSync(join(tmpdir(), 'cmh-bench-'));
try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}

interface Built {
  readonly path: string;
  readonly stored: number;
}

async function main(): Promise<void> {
  say('# Benchmarks');
  say();
  say(
    `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${process.platform}/${process.arch}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at the start ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}.`,
  );
  say(
    `Every measured process runs without NODE_EXTRA_CA_CERTS and NODE_OPTIONS. Whole-process figures: medians of ${ROUNDS} interleaved rounds (2 warm-up rounds dropped): every case runs once per round, so load on a shared machine hits all of them alike and the ratios hold better than the milliseconds.`,
  );
  say();

  say('## Synthetic databases, written through the real capture path');
  say();
  say(
    `Worst case for SessionStart: every memory in ONE project and no failed command at all. Search terms of known share: \`${COMMON_TERM}\` is in every second memory, \`${RARE_TERM}\` in one of a hundred, \`인증\` only inside longer words (인증을, 인증서). "Spread": the same sizes over ${SPREAD.length} projects, with failed commands. The first ${GENERATED.toLocaleString('en')} memories of each go through the real capture path (parse, filter, redact, dedupe, insert, both FTS indexes, summaries); beyond that they are SQL copies of those rows, each copy 120 days older with its own ids, through the same triggers and indexes (generating 500,000 one by one takes many minutes on a loaded machine).`,
  );
  say();
  say('| database | memories | build time | db bytes | bytes / memory | bytes / content byte |');
  say('|---|---:|---:|---:|---:|---:|');
  const oneProject = new Map<number, Built>();
  let previous: string | null = null;
  for (const size of SIZES) {
    const built = build('one project, no errors', size, { projects: [PROJECT], failures: false }, previous);
    oneProject.set(size, built);
    previous = built.path;
  }
  const spread = build('spread', SPREAD_SIZE, { projects: SPREAD, failures: true }, null);
  say();

  for (const line of storageLines((oneProject.get(MAIN_SIZE) as Built).path)) say(line);
  const paths = new Map([...oneProject].map(([size, built]) => [size, built.path]));
  for (const line of inProcessLines(paths, MAIN_SIZE, PROJECT, SEARCHES)) say(line);
  const main = oneProject.get(MAIN_SIZE) as Built;
  wholeProcesses(main.path, oneProject, spread.path);
  if (OTHER_NODES.length > 0) await otherNodes(main.path);
  for (const line of await concurrencyBench(oneProject.get(SIZES[0] as number)?.path as string, RUNTIME, work, PROJECT))
    say(line);
  for (const line of bundlesSection(DIST)) say(line);
  const redaction = redactionBench();
  for (const line of redaction.lines) say(line);
  verdicts.push(redaction.verdict);
  const mcp = await mcpSection(
    main.path,
    { floor: join(DIST, 'bench', 'floor.cjs'), cli: join(RUNTIME, 'commands', 'cli.js'), home: work },
    ROUNDS,
    SEARCHES,
    NOW,
  );
  for (const line of mcp.lines) say(line);
  verdicts.push(...mcp.verdicts);
  const uiTimings = await benchUi(main.path, NOW, ROUNDS);
  for (const line of uiSection(MAIN_SIZE, uiTimings, ROUNDS)) say(line);
  say();
  for (const t of uiTimings)
    verdicts.push(
      `- ${t.serverP95 < 300 ? '✓' : '✗'} memory ui server time p95: ${t.view} ${ms(t.serverP95)} (target < 300 ms)`,
    );
  say('## Targets of redaction, memory mcp and memory ui');
  say();
  for (const line of verdicts) say(line);
  say();
  writeFileSync(join(ROOT, 'BENCHMARKS.md'), `${out.join('\n')}\n`);
  process.stdout.write(`\nwrote ${join(ROOT, 'BENCHMARKS.md')}\n`);
}

/** A database of `size` memories: generated, or grown from `from` (a smaller one of the same kind). */
function build(
  label: string,
  size: number,
  options: { projects: readonly string[]; failures: boolean },
  from: string | null,
): Built {
  const path = join(work, `${label.replace(/\W+/g, '-')}-${size}.db`);
  if (from) copyFileSync(from, path);
  const db = openDb(path, { create: true }) as Database.Database;
  const start = performance.now();
  if (!from) generate(db, { count: Math.min(size, GENERATED), now: NOW, days: 120, ...options });
  const stored = replicate(db, size, 120);
  const elapsed = performance.now() - start;
  const contentBytes = (
    db.prepare('SELECT sum(length(CAST(content AS BLOB))) AS n FROM memories').get() as { n: number }
  ).n;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('DROP TABLE IF EXISTS bench_floor');
  const bytes = statSync(path).size;
  // The floor's one-column table, left out of bytes / memory above.
  db.exec('CREATE TABLE bench_floor (payload TEXT)');
  db.close();
  say(
    `| ${label} | ${stored.toLocaleString('en')} | ${(elapsed / 1000).toFixed(0)} s${from ? ' (copies)' : ''} | ${(bytes / 1e6).toFixed(1)} MB | ${(bytes / stored).toFixed(0)} | ${(bytes / contentBytes).toFixed(1)} |`,
  );
  return { path, stored };
}

function wholeProcesses(mainPath: string, bySize: Map<number, Built>, spreadPath: string): void {
  // Writers get their own copy; readers share the size databases (nothing writes to those).
  const copy = join(work, 'process.db');
  copyFileSync(mainPath, copy);
  const env = cleanEnv({ CLAUDE_MEMORY_DB: copy, HOME: work });
  const readEnv = (path: string): NodeJS.ProcessEnv =>
    cleanEnv({ CLAUDE_MEMORY_DB: path, HOME: work, CLAUDE_MEMORY_NOW: NOW.toISOString() });
  for (const path of [copy, ...[...bySize.values()].map((b) => b.path), spreadPath]) {
    // Today's cleanup counts as done, so session-start measures the injection alone.
    writeFileSync(`${path}.last-cleanup`, NOW.toISOString());
    utimesSync(`${path}.last-cleanup`, NOW, NOW);
  }
  const hook = (name: string) => join(RUNTIME, 'hooks', `${name}.js`);
  const cli = join(RUNTIME, 'commands', 'cli.js');
  const sizeLabel = (size: number) => `${size / 1000}k`;
  const cases: ProcessCase[] = [
    { name: 'node -e 0', args: ['-e', '0'], stdin: () => '', env },
    {
      name: 'floor (CommonJS: stdin, better-sqlite3, WAL, 1 insert)',
      args: [join(DIST, 'bench', 'floor.cjs')],
      stdin: edit,
      env,
    },
    { name: 'post-tool-use (Edit, stored)', args: [...NODE_FLAGS, hook('post-tool-use')], stdin: edit, env },
    {
      name: 'post-tool-use (`ls`, noise: no database)',
      args: [...NODE_FLAGS, hook('post-tool-use')],
      stdin: noise,
      env,
    },
    { name: 'stop (40-row session)', args: [...NODE_FLAGS, hook('stop')], stdin: () => stop, env },
    ...SIZES.map((size): ProcessCase => ({
      name: `session-start ${sizeLabel(size)}`,
      args: [...NODE_FLAGS, hook('session-start')],
      stdin: () => start,
      env: readEnv((bySize.get(size) as Built).path),
      expectStdout: /memory-context/,
    })),
    {
      name: 'session-start 100k spread',
      args: [...NODE_FLAGS, hook('session-start')],
      stdin: () => start,
      env: readEnv(spreadPath),
      expectStdout: /memory-context/,
    },
    ...SIZES.flatMap((size) =>
      SEARCHES.map(([label, query]): ProcessCase => ({
        name: `search ${label} ${sizeLabel(size)}`,
        args: [...NODE_FLAGS, cli, 'search', query],
        stdin: () => '',
        env: readEnv((bySize.get(size) as Built).path),
        expectStdout: /match/,
      })),
    ),
    {
      name: 'search common 100k spread',
      args: [...NODE_FLAGS, cli, 'search', COMMON_TERM],
      stdin: () => '',
      env: readEnv(spreadPath),
      expectStdout: /match/,
    },
  ];
  const loadBefore = loadavg()[0] as number;
  const results = timeProcesses(cases, ROUNDS);
  const loadAfter = loadavg()[0] as number;
  const node = results.get('node -e 0') as Stats;
  const floor = results.get(cases[1]?.name as string) as Stats;
  const of = (name: string): Stats => results.get(name) as Stats;
  const main = sizeLabel(MAIN_SIZE);

  say(`## Whole processes at ${MAIN_SIZE.toLocaleString('en')} memories (one project, no errors)`);
  say();
  say(`Load average (1 min) ${loadBefore.toFixed(1)} before the ${ROUNDS + 2} rounds, ${loadAfter.toFixed(1)} after.`);
  say();
  say(
    "This Node (20) has no speed targets: the budgets are Node 22's and 24's (the next section). Wall time is what the budgets are about; CPU (user + system, mean per run, from the children's clock ticks) is what one process costs, which the machine's load barely moves.",
  );
  say();
  say('| process | median | p95 | × node -e 0 | × floor | target | | CPU | CPU × node -e 0 | CPU × floor |');
  say('|---|---:|---:|---:|---:|---|---|---:|---:|---:|');
  const line = (label: string, name: string, target?: { value: number; base: 'floor' | 'node' }): void => {
    const timing = of(name);
    const against = target?.base === 'node' ? node : floor;
    const met = target ? (timing.median / against.median <= target.value ? '✓' : '✗') : '';
    say(
      `| ${label} | ${ms(timing.median)} | ${ms(timing.p95)} | ${ratio(timing.median, node.median)} | ${ratio(timing.median, floor.median)} | ${target ? `≤ ${target.value}× ${target.base === 'node' ? 'node -e 0' : 'floor'}` : ''} | ${met} | ${ms(timing.cpu ?? 0)} | ${ratio(timing.cpu ?? 0, node.cpu ?? 1)} | ${ratio(timing.cpu ?? 0, floor.cpu ?? 1)} |`,
    );
  };
  line('node -e 0', 'node -e 0');
  line('floor (CommonJS: stdin, better-sqlite3, WAL, 1 insert)', cases[1]?.name as string);
  line('post-tool-use (Edit, stored)', 'post-tool-use (Edit, stored)');
  line('stop (40-row session)', 'stop (40-row session)');
  for (const size of SIZES)
    line(`session-start, ${size.toLocaleString('en')} memories`, `session-start ${sizeLabel(size)}`);
  line(
    `session-start, ${SPREAD_SIZE.toLocaleString('en')} spread over ${SPREAD.length} projects`,
    'session-start 100k spread',
  );
  line(`\`memory search ${COMMON_TERM}\` (in half the rows)`, `search common ${main}`);
  line(`\`memory search ${RARE_TERM}\` (in 1 % of rows)`, `search rare ${main}`);
  line('`memory search 인증` (inside longer words)', `search 인증 ${main}`);
  line(`\`memory search ${COMMON_TERM}\`, ${SPREAD_SIZE.toLocaleString('en')} spread`, 'search common 100k spread');
  line('post-tool-use `ls` (noise: no database touched)', 'post-tool-use (`ls`, noise: no database)');
  say();
  const largest = sizeLabel(SIZES[SIZES.length - 1] as number);
  const smallest = sizeLabel(SIZES[0] as number);
  const growth = of(`session-start ${largest}`).median / of(`session-start ${smallest}`).median;
  say(
    `session-start at ${largest} against ${smallest}: ${((growth - 1) * 100).toFixed(0)} % (target: within 10 %) ${growth <= 1.1 ? '✓' : '✗'}.`,
  );
  say();

  say('## Cost against rows (whole process, × floor)');
  say();
  say(`| process | ${SIZES.map((s) => s.toLocaleString('en')).join(' | ')} |`);
  say(`|---|${SIZES.map(() => '---:').join('|')}|`);
  say(
    `| session-start | ${SIZES.map((size) => ratio(of(`session-start ${sizeLabel(size)}`).median, floor.median)).join(' | ')} |`,
  );
  for (const [label, query] of SEARCHES)
    say(
      `| search ${label} \`${query}\` | ${SIZES.map((size) => ratio(of(`search ${label} ${sizeLabel(size)}`).median, floor.median)).join(' | ')} |`,
    );
  say();
  say("The same in CPU time (× the floor's CPU):");
  say();
  say(`| process | ${SIZES.map((s) => s.toLocaleString('en')).join(' | ')} |`);
  say(`|---|${SIZES.map(() => '---:').join('|')}|`);
  const cpuRatio = (name: string): string => ratio(of(name).cpu ?? 0, floor.cpu ?? 1);
  say(`| session-start | ${SIZES.map((size) => cpuRatio(`session-start ${sizeLabel(size)}`)).join(' | ')} |`);
  for (const [label, query] of SEARCHES)
    say(
      `| search ${label} \`${query}\` | ${SIZES.map((size) => cpuRatio(`search ${label} ${sizeLabel(size)}`)).join(' | ')} |`,
    );
  say();
}

/**
 * The main processes under Node 20 (this one) and each `--node` release, in one interleaved run, each
 * against its own `node -e 0` and floor: the runtime as an install under that Node makes it.
 */
async function otherNodes(mainPath: string): Promise<void> {
  say('## Under other Node releases');
  say();
  const nodes: Array<{ label: string; exec: string; runtime: string; floor: string }> = [
    {
      label: `Node ${process.version}`,
      exec: process.execPath,
      runtime: RUNTIME,
      floor: join(DIST, 'bench', 'floor.cjs'),
    },
  ];
  for (const major of OTHER_NODES) {
    if (!Object.hasOwn(NODE_RELEASES, major)) throw new Error(`--node takes ${Object.keys(NODE_RELEASES).join(', ')}`);
    const prepared = await prepareNode(major as NodeMajor, ROOT, work);
    if ('reason' in prepared) {
      say(`- Node ${major}: not measured, ${prepared.reason}.`);
      continue;
    }
    nodes.push({
      label: `Node ${prepared.version}`,
      exec: prepared.exec,
      runtime: prepared.runtime,
      floor: prepared.floor,
    });
  }
  const copy = join(work, 'other-nodes.db');
  copyFileSync(mainPath, copy);
  writeFileSync(`${copy}.last-cleanup`, NOW.toISOString());
  writeFileSync(`${mainPath}.last-cleanup`, NOW.toISOString());
  const env = cleanEnv({ CLAUDE_MEMORY_DB: copy, HOME: work });
  const readEnv = cleanEnv({ CLAUDE_MEMORY_DB: mainPath, HOME: work, CLAUDE_MEMORY_NOW: NOW.toISOString() });
  type Row = readonly [string, (node: (typeof nodes)[number]) => Omit<ProcessCase, 'name' | 'exec'>];
  const rows: ReadonlyArray<Row> = [
    ['node -e 0', () => ({ args: ['-e', '0'], stdin: () => '', env })],
    ['floor (CommonJS)', (node) => ({ args: [node.floor], stdin: edit, env })],
    [
      'post-tool-use (Edit, stored)',
      (node) => ({ args: [...NODE_FLAGS, join(node.runtime, 'hooks', 'post-tool-use.js')], stdin: edit, env }),
    ],
    [
      'post-tool-use `ls` (noise)',
      (node) => ({ args: [...NODE_FLAGS, join(node.runtime, 'hooks', 'post-tool-use.js')], stdin: noise, env }),
    ],
    ['stop', (node) => ({ args: [...NODE_FLAGS, join(node.runtime, 'hooks', 'stop.js')], stdin: () => stop, env })],
    [
      'session-start',
      (node) => ({
        args: [...NODE_FLAGS, join(node.runtime, 'hooks', 'session-start.js')],
        stdin: () => start,
        env: readEnv,
        expectStdout: /memory-context/,
      }),
    ],
    ...SEARCHES.map(([label, query]): Row => [
      `memory search ${query} (${label})`,
      (node) => ({
        args: [...NODE_FLAGS, join(node.runtime, 'commands', 'cli.js'), 'search', query],
        stdin: () => '',
        env: readEnv,
        expectStdout: /match/,
      }),
    ]),
  ];
  const cases: ProcessCase[] = nodes.flatMap((node) =>
    rows.map(([label, make]) => ({ ...make(node), name: `${node.label} ${label}`, exec: node.exec })),
  );
  const results = timeProcesses(cases, ROUNDS);
  const of = (node: (typeof nodes)[number], label: string): Stats => results.get(`${node.label} ${label}`) as Stats;
  say(
    `${MAIN_SIZE.toLocaleString('en')} memories in one project, ${ROUNDS} interleaved rounds over every release. Each cell: median, × that release's own \`node -e 0\`, × its own CommonJS floor. Under each release the runtime is what an install under it makes: better-sqlite3 compiled for it; Node 22 and 24 keep their compile cache warm from earlier rounds. ✓/✗: within the budget or not.`,
  );
  say();
  say(`| process | budget (Node 22, 24) | ${nodes.map((node) => node.label).join(' | ')} |`);
  say(`|---|---|${nodes.map(() => '---:').join('|')}|`);
  for (const [label] of rows) {
    const budget = BUDGETS[label];
    say(
      `| ${label} | ${budget ? `≤ ${budget.value}× ${budget.base === 'node' ? 'node -e 0' : 'floor'}` : ''} | ${nodes
        .map((node) => {
          const timing = of(node, label).median;
          const base = of(node, budget?.base === 'node' ? 'node -e 0' : 'floor (CommonJS)').median;
          const measured = budget !== undefined && !node.label.startsWith('Node v20.');
          const met = measured ? (timing / base <= budget.value ? ' ✓' : ' ✗') : '';
          return `${ms(timing)} · ${ratio(timing, of(node, 'node -e 0').median)} · ${ratio(timing, of(node, 'floor (CommonJS)').median)}${met}`;
        })
        .join(' | ')} |`,
    );
  }
  say();
}
