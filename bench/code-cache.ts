// `node dist/bench/code-cache.js [rounds]` (after npm run build, under Node 20): what Node 20's code cache
// (lib/runtime/code-cache.ts) saves, the same processes with it and without it, interleaved, at 100,000
// memories in one project. "Without" is a temp folder whose cache folder others may write to, which the
// start file refuses (and so requires the bundle as it is). Prints a table for BENCHMARKS.md.
import type Database from 'better-sqlite3';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../lib/runtime/executables.js';
import { openDb } from '../lib/db/open.js';
import { COMMON_TERM, generate, RARE_TERM, replicate, syntheticPayload, noisePayload } from './generate.js';
import { cleanEnv, ms, ratio, timeProcesses, type ProcessCase } from './measure.js';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME = join(DIST, 'runtime', 'dist');
const ROUNDS = Number(process.argv[2] ?? 21);
const PROJECT = '/home/dev/work/api-server';
const work = mkdtempSync(join(tmpdir(), 'cmh-bench-code-cache-'));

const db = join(work, 'memory.db');
const built = openDb(db, { create: true }) as Database.Database;
generate(built, { count: 10_000, now: new Date(), days: 120, projects: [PROJECT], failures: false });
replicate(built, 100_000, 120);
built.pragma('wal_checkpoint(TRUNCATE)');
built.close();
const writable = join(work, 'writes.db');
copyFileSync(db, writable);

const uid = process.getuid?.() ?? 0;
const on = join(work, 'tmp-on');
const off = join(work, 'tmp-off');
mkdirSync(on);
mkdirSync(join(off, `claude-memory-hooks-code-cache-${uid}`), { recursive: true });
chmodSync(join(off, `claude-memory-hooks-code-cache-${uid}`), 0o777);

const cli = join(RUNTIME, 'commands', 'cli.js');
const hook = (name: string): string => join(RUNTIME, 'hooks', `${name}.js`);
const edit = (i: number): string => JSON.stringify(syntheticPayload(3_000_000 + i, () => 0.1, 'bench-live', PROJECT));
const noise = (i: number): string => noisePayload(i, PROJECT);
const start = (): string =>
  JSON.stringify({ session_id: 'bench-start', cwd: PROJECT, hook_event_name: 'SessionStart', source: 'startup' });

const PROCESSES: ReadonlyArray<
  readonly [name: string, args: readonly string[], stdin: (i: number) => string, dbPath: string]
> = [
  ['memory --version', [cli, '--version'], () => '', db],
  [`memory search ${RARE_TERM} (rare)`, [...NODE_FLAGS, cli, 'search', RARE_TERM], () => '', db],
  [`memory search ${COMMON_TERM} (common)`, [...NODE_FLAGS, cli, 'search', COMMON_TERM], () => '', db],
  ['post-tool-use (`ls`, noise)', [...NODE_FLAGS, hook('post-tool-use')], noise, db],
  ['post-tool-use (Edit, stored)', [...NODE_FLAGS, hook('post-tool-use')], edit, writable],
  ['session-start', [...NODE_FLAGS, hook('session-start')], start, db],
];

const envOf = (tmp: string, dbPath: string): NodeJS.ProcessEnv =>
  ({ ...cleanEnv({ HOME: work, CLAUDE_MEMORY_DB: dbPath }), TMPDIR: tmp }) as NodeJS.ProcessEnv;
const cases: ProcessCase[] = [
  { name: 'node -e 0', args: ['-e', '0'], stdin: () => '', env: envOf(on, db) },
  ...PROCESSES.flatMap(([name, args, stdin, dbPath]) => [
    { name: `${name} without`, args, stdin, env: envOf(off, dbPath) },
    { name: `${name} with`, args, stdin, env: envOf(on, dbPath) },
  ]),
];
const loadBefore = loadavg()[0] as number;
const results = timeProcesses(cases, ROUNDS);
const loadAfter = loadavg()[0] as number;
const node = results.get('node -e 0')?.median ?? 1;
const say = (line: string): void => void process.stdout.write(`${line}\n`);
say(
  `Node ${process.version}, ${ROUNDS} interleaved rounds, load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}; ` +
    `\`node -e 0\` ${ms(node)}. Each cell: median wall, × \`node -e 0\`, mean CPU.`,
);
say('');
say('| process | without the code cache | with it | saved (CPU) |');
say('|---|---:|---:|---:|');
for (const [name] of PROCESSES) {
  const without = results.get(`${name} without`);
  const with_ = results.get(`${name} with`);
  if (!without || !with_) continue;
  const cell = (s: typeof without): string => `${ms(s.median)} · ${ratio(s.median, node)} · ${ms(s.cpu ?? 0)}`;
  say(`| ${name} | ${cell(without)} | ${cell(with_)} | ${ms((without.cpu ?? 0) - (with_.cpu ?? 0))} |`);
}
rmSync(work, { recursive: true, force: true });
