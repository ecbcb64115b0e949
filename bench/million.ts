// `node dist/bench/million.js [--db PATH] [--count N] [--rounds N] [--baseline CLI.js[,DB]]...`: search at 1,000,000 memories in
// one project. Builds the database once (kept at PATH, reused by later runs: it takes many minutes), then
// times `memory search` for the bench's three terms as whole processes, interleaved with `node -e 0`, the
// CommonJS floor and (with --baseline, repeatable) other builds' CLIs on the same file or on a copy of it an
// older build can open, and the MCP server's search tool in-process. Prints a Markdown table; BENCHMARKS.md
// is written by hand from it.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openDb } from '../lib/db/open.js';
import { COMMON_TERM, generateBulk, RARE_TERM } from './generate.js';
import { mcpSearch } from './mcp.js';
import { cleanEnv, ms, ratio, timeProcesses, type ProcessCase } from './measure.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(DIST, 'runtime', 'dist', 'commands', 'cli.js');
const PROJECT = '/home/dev/work/api-server';
const SEARCHES: ReadonlyArray<readonly [string, string]> = [
  ['common', COMMON_TERM],
  ['rare', RARE_TERM],
  ['인증', '인증'],
];

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const dbPath = resolve(option('--db') ?? '/work/bench-1m.db');
const rounds = Number(option('--rounds') ?? 11);
/** `--baseline cli.js[,db]`: another build's CLI, on this database or on its own copy of it. */
const baselines = process.argv.flatMap((arg, i) => {
  const value = process.argv[i + 1];
  if (arg !== '--baseline' || value === undefined) return [];
  const [cli, db] = value.split(',');
  return [{ cli: resolve(cli as string), db: db === undefined ? undefined : resolve(db) }];
});
/** Another size for a trial of the build (the database it makes is kept like the million's). */
const COUNT = Number(option('--count') ?? 1_000_000);

if (!existsSync(dbPath)) buildOnce(dbPath);
const now = newest(dbPath);
const work = mkdtempSync(join(tmpdir(), 'cmh-million-'));
try {
  measure();
} finally {
  rmSync(work, { recursive: true, force: true });
}

function buildOnce(path: string): void {
  const start = performance.now();
  const db = openDb(path, { create: true }) as Database.Database;
  const result = generateBulk(db, {
    count: COUNT,
    now: new Date(),
    days: 120,
    copiesDays: 120,
    projects: [PROJECT],
    failures: false,
  });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('CREATE TABLE IF NOT EXISTS bench_floor (payload TEXT)');
  db.close();
  process.stdout.write(
    `built ${path}: ${result.stored.toLocaleString('en')} memories in ${((performance.now() - start) / 1000).toFixed(0)} s, ${(statSync(path).size / 1e6).toFixed(0)} MB (${(statSync(path).size / result.stored).toFixed(0)} bytes a memory)\n`,
  );
}

function newest(path: string): Date {
  const db = new Database(path, { readonly: true });
  try {
    return new Date(db.prepare('SELECT max(created_at) FROM memories').pluck().get() as string);
  } finally {
    db.close();
  }
}

function measure(): void {
  const envOf = (db: string): NodeJS.ProcessEnv =>
    cleanEnv({ CLAUDE_MEMORY_DB: db, HOME: work, CLAUDE_MEMORY_NOW: now.toISOString() });
  const env = envOf(dbPath);
  const searches = (label: string, cli: string, db = dbPath): ProcessCase[] =>
    SEARCHES.map(([name, query]) => ({
      name: `${label} ${name}`,
      args: [cli, 'search', query],
      stdin: () => '',
      env: envOf(db),
      expectStdout: /match/,
    }));
  const cases: ProcessCase[] = [
    { name: 'node -e 0', args: ['-e', '0'], stdin: () => '', env },
    { name: 'floor', args: [join(DIST, 'bench', 'floor.cjs')], stdin: (i) => `floor ${i}`, env },
    ...searches('this build', CLI),
    ...baselines.flatMap(({ cli, db }, i) => searches(`baseline ${i + 1}`, cli, db)),
  ];
  const loadBefore = loadavg()[0] as number;
  const results = timeProcesses(cases, rounds);
  const loadAfter = loadavg()[0] as number;
  const node = results.get('node -e 0');
  const floor = results.get('floor');
  if (!node || !floor) throw new Error('the reference processes were not measured');
  const size = statSync(dbPath).size;
  const db = new Database(dbPath, { readonly: true });
  const memories = db.prepare('SELECT count(*) FROM memories').pluck().get() as number;
  db.close();
  const say = (line: string): boolean => process.stdout.write(`${line}\n`);
  say(
    `${memories.toLocaleString('en')} memories in one project, ${(size / 1e6).toFixed(0)} MB (${(size / memories).toFixed(0)} bytes a memory); ${rounds} interleaved rounds, load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}.`,
  );
  say('');
  say('| process | median | p95 | × node -e 0 | × floor | CPU |');
  say('|---|---:|---:|---:|---:|---:|');
  for (const testCase of cases) {
    const timing = results.get(testCase.name);
    if (!timing) continue;
    say(
      `| ${testCase.name} | ${ms(timing.median)} | ${ms(timing.p95)} | ${ratio(timing.median, node.median)} | ${ratio(timing.median, floor.median)} | ${ms(timing.cpu ?? 0)} |`,
    );
  }
  say('');
  say('| MCP search tool, in process | tier | p50 | p95 | engine alone p50 |');
  say('|---|---|---:|---:|---:|');
  for (const { query, tier, timing, engine } of mcpSearch(dbPath, SEARCHES, now))
    say(`| \`${query}\` | ${tier} | ${ms(timing.median)} | ${ms(timing.p95)} | ${ms(engine.median)} |`);
}
