// `npm run bench:team [-- --rows 1000000 --rows 5000000]`: team memory on a real PostgreSQL (Debian's,
// in a throw-away cluster with stock settings but fsync on). Builds a server per size from memories
// pushed through the real CLI and multiplied in SQL, then times the real `memory` CLI against it:
// search per tier (one, and ten at once), review, approve --all, status, ttl, expire, and a push from
// a 1,000,000-row local database. Writes its section of BENCHMARKS.md; the cluster is removed after.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type Database from 'better-sqlite3';
import { openDb } from '../lib/db/open.js';
import { addMember, migrateServer } from '../lib/team/server-queries.js';
import { startCluster, type Cluster } from '../tests/pg-cluster.js';
import { generate, replicate } from './generate.js';
import { cleanEnv, stats } from './measure.js';
import { addSpecialRows, RARE_WORD, REFUND_ROWS } from './team-rows.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'dist', 'runtime', 'dist', 'commands', 'cli.js');
const NOW = new Date();
const SEED = 20_000;
const PASSWORD = { alice: 'alice-bench-pw', bob: 'bob-bench-pw', carol: 'carol-bench-pw' } as const;
type Person = keyof typeof PASSWORD;
const PROJECTS = ['api-server', 'web-app', 'mobile', 'infra', 'claude-desk'];
/** The pending backlog maintainers face: this share of the rows, in one project. */
const PENDING_SHARE = 0.1;

const SEARCHES: ReadonlyArray<readonly [label: string, words: string]> = [
  ['two common words', 'handler JWT'],
  ['rare word (10 rows)', RARE_WORD],
  ['Korean two-syllable word inside longer words', '인증'],
  [`Korean word in ${REFUND_ROWS} rows (환불을)`, '환불'],
  ['word that matches nothing', 'qzxwvy'],
];

function sizesArgument(): number[] {
  const sizes: number[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === '--rows') sizes.push(Number(process.argv[i + 1]));
  });
  if (sizes.some((n) => !Number.isInteger(n) || n < SEED)) throw new Error(`--rows takes a whole number ≥ ${SEED}`);
  return sizes.length > 0 ? sizes : [1_000_000];
}

const out: string[] = [];
const say = (line = '') => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};

const work = mkdtempSync(join(process.env['BENCH_TEAM_DIR'] ?? tmpdir(), 'cmh-bench-team-'));
const cacheDir = join(process.env['BENCH_TEAM_DIR'] ?? tmpdir(), 'cmh-bench-team-cache');
mkdirSync(cacheDir, { recursive: true });

function env(person: Person, db: string, url: string): NodeJS.ProcessEnv {
  const home = join(work, person);
  mkdirSync(home, { recursive: true });
  return cleanEnv({
    HOME: home,
    CLAUDE_MEMORY_DB: db,
    NO_COLOR: '1',
    CLAUDE_MEMORY_TEAM_URL: url,
    CLAUDE_MEMORY_TEAM_HOST: `${person}-laptop`,
  });
}

interface Run {
  readonly ms: number;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function cli(args: readonly string[], environment: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ ms: performance.now() - start, code, stdout, stderr }));
  });
}

async function ok(args: readonly string[], environment: NodeJS.ProcessEnv): Promise<Run> {
  const run = await cli(args, environment);
  if (run.code !== 0) throw new Error(`memory ${args.join(' ')} exited ${run.code}: ${run.stderr}${run.stdout}`);
  return run;
}

/** Median of `rounds` runs after one warm-up; the first line of the last output says what it found. */
async function timed(args: readonly string[], environment: NodeJS.ProcessEnv, rounds = 3) {
  const samples: number[] = [];
  let last: Run | null = null;
  for (let i = 0; i <= rounds; i++) {
    last = await cli(args, environment);
    if (i > 0) samples.push(last.ms);
  }
  const run = last as Run;
  return { median: stats(samples).median, run, failed: run.code !== 0 };
}

function floorMs(): number {
  const samples: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { env: cleanEnv({}) });
    samples.push(performance.now() - start);
  }
  return stats(samples.slice(2)).median;
}

/** The seed's local database: generated through the capture path once, then reused from the cache. */
function localDatabase(name: string, build: (db: Database.Database) => void): string {
  const path = join(cacheDir, `${name}.db`);
  if (existsSync(path)) return path;
  const partial = `${path}.building`;
  rmSync(partial, { force: true });
  const db = openDb(partial, { create: true }) as Database.Database;
  build(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  spawnSync('mv', [partial, path]);
  return path;
}

async function adminClient(cluster: Cluster, database: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: cluster.url(database) });
  await client.connect();
  return client;
}

/** Copies the seed rows (local ids ≤ SEED) until the server holds `rows`: indexes dropped and rebuilt around it. */
async function multiply(client: pg.Client, rows: number, pending: number): Promise<void> {
  const columns = (
    await client.query<{ name: string }>(`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'memory_team' AND table_name = 'memories' AND is_generated = 'NEVER' AND is_identity = 'NO'
      ORDER BY ordinal_position`)
  ).rows.map((row) => row.name);
  const shifted: Record<string, string> = {
    local_id: 'local_id + $1::bigint * 10000000',
    session_id: "session_id || '~' || $1::text",
    created_at: 'created_at - make_interval(hours => ($1::int * 97) % 8760)',
  };
  const list = columns.join(', ');
  const select = columns.map((name) => shifted[name] ?? name).join(', ');
  const indexes = (
    await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes
       WHERE schemaname = 'memory_team' AND tablename = 'memories' AND indexdef ILIKE '%USING gin%'`,
    )
  ).rows;
  for (const index of indexes) await client.query(`DROP INDEX memory_team.${index.name}`);
  await client.query("SET maintenance_work_mem = '512MB'");
  let total = Number((await client.query('SELECT count(*) AS n FROM memory_team.memories')).rows[0].n);
  const copy = async (k: number, limit: number, where: string) =>
    (
      await client.query(
        `INSERT INTO memory_team.memories (${list}) SELECT ${select} FROM memory_team.memories
         WHERE local_id <= ${SEED} ${where} ORDER BY id LIMIT $2`,
        [k, limit],
      )
    ).rowCount ?? 0;
  let k = 1;
  for (; total < rows - pending; k++) total += await copy(k, rows - pending - total, '');
  // The backlog: copies into one project that does not auto-approve, so they arrive pending.
  await client.query("UPDATE memory_team.projects SET auto_approve = false WHERE name = 'api-server'");
  for (; total < rows; k++) total += await copy(k, rows - total, "AND project = 'api-server'");
  for (const index of indexes) await client.query(index.def);
  await client.query('VACUUM ANALYZE memory_team.memories');
}

async function buildServer(cluster: Cluster, rows: number, seedDb: string) {
  const database = `team_${rows}`;
  await cluster.admin(
    'postgres',
    `CREATE DATABASE ${database} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`,
  );
  await cluster.admin(database, `GRANT CONNECT ON DATABASE ${database} TO PUBLIC`);
  const client = await adminClient(cluster, database);
  const url = (person: Person) => cluster.url(database, person, PASSWORD[person]);
  try {
    await migrateServer(client);
    for (const project of PROJECTS) {
      await addMember(client, 'alice', project, 'maintainer');
      await addMember(client, 'bob', project, 'member');
    }
    await addMember(client, 'carol', 'push-bench', 'member');
    await client.query('UPDATE memory_team.projects SET auto_approve = true, ttl_days = 3650, error_ttl_days = 3650');
    const alice = env('alice', seedDb, url('alice'));
    for (const project of PROJECTS) await ok(['team', 'share', project], alice);
    const start = performance.now();
    await ok(['team', 'push', '--all'], alice);
    const pushed = performance.now() - start;
    await multiply(client, rows, Math.round(rows * PENDING_SHARE));
    const size = await client.query<{ table: string; total: string }>(`
      SELECT pg_size_pretty(pg_table_size('memory_team.memories')) AS table,
             pg_size_pretty(pg_total_relation_size('memory_team.memories')) AS total`);
    return { database, url, pushed, size: size.rows[0] as { table: string; total: string } };
  } finally {
    await client.end();
  }
}

const firstLine = (text: string) => text.split('\n')[0]?.trim() ?? '';

async function measureSize(cluster: Cluster, rows: number, seedDb: string, pushDb: string): Promise<void> {
  const building = performance.now();
  const server = await buildServer(cluster, rows, seedDb);
  say(
    `### ${rows.toLocaleString('en')} rows (built in ${((performance.now() - building) / 1000).toFixed(0)} s; memories table ${server.size.table}, with indexes ${server.size.total})`,
  );
  say();
  const nowhere = join(work, 'no-local.db');
  const bob = env('bob', nowhere, server.url('bob'));
  const alice = env('alice', nowhere, server.url('alice'));
  say('| what (as whom) | median ms (3 runs) | ten at once: slowest ms, failed | what it printed |');
  say('| --- | ---: | --- | --- |');
  for (const [label, words] of SEARCHES) {
    const args = ['search', '--team', ...words.split(' ')];
    const one = await timed(args, bob);
    const ten = await Promise.all(Array.from({ length: 10 }, () => cli(args, bob)));
    const slowest = Math.max(...ten.map((run) => run.ms));
    const failed = ten.filter((run) => run.code !== 0).length;
    const said = one.failed ? `exit ${one.run.code}: ${firstLine(one.run.stderr)}` : firstLine(one.run.stdout);
    say(
      `| search \`${words}\`: ${label} (member) | ${one.median.toFixed(0)} | ${slowest.toFixed(0)}, ${failed} of 10 | ${said.slice(0, 140)} |`,
    );
  }
  const line = async (label: string, args: readonly string[], who: NodeJS.ProcessEnv, rounds = 3) => {
    const result = await timed(args, who, rounds);
    const said = result.failed
      ? `exit ${result.run.code}: ${firstLine(result.run.stderr)}`
      : firstLine(result.run.stdout);
    say(`| ${label} | ${result.median.toFixed(0)} | | ${said.slice(0, 140)} |`);
  };
  await line('`team status` (member)', ['team', 'status'], bob);
  await line('`team status` (maintainer)', ['team', 'status'], alice);
  await line('`team review` (maintainer)', ['team', 'review'], alice);
  await line('`team ttl api-server --days 3650` (maintainer)', ['team', 'ttl', 'api-server', '--days', '3650'], alice);
  await line('`team expire`, nothing to expire (maintainer)', ['team', 'expire'], alice);
  const pending = Math.round(rows * PENDING_SHARE);
  const approve = await cli(['team', 'approve', '--all'], alice);
  const rate = approve.code === 0 ? `${Math.round(pending / (approve.ms / 1000)).toLocaleString('en')} rows/s` : '';
  say(
    `| \`team approve --all\`, ${pending.toLocaleString('en')} pending (maintainer) | ${approve.ms.toFixed(0)} | | ${approve.code === 0 ? `${firstLine(approve.stdout)} (${rate})` : `exit ${approve.code}: ${firstLine(approve.stderr)}`} |`,
  );
  const carol = env('carol', pushDb, server.url('carol'));
  await ok(['team', 'share', 'push-bench'], carol);
  const local = openDb(pushDb, { create: false }) as Database.Database;
  const pushRows = local.prepare("SELECT count(*) FROM memories WHERE project = 'push-bench'").pluck().get() as number;
  local.close();
  const push = await cli(['team', 'push', '--all'], carol);
  say(
    `| \`team push\` of ${pushRows.toLocaleString('en')} rows of one project from a 1,000,000-row local database (member) | ${push.ms.toFixed(0)} | | ${push.code === 0 ? `${Math.round(pushRows / (push.ms / 1000)).toLocaleString('en')} rows/s` : `exit ${push.code}: ${firstLine(push.stderr)}`} |`,
  );
  say();
  await cluster.admin('postgres', `DROP DATABASE ${server.database}`);
}

async function main(): Promise<void> {
  const sizes = sizesArgument();
  const seedDb = localDatabase('seed-20000', (db) => {
    generate(db, { count: SEED, now: NOW, days: 365, projects: PROJECTS.map((p) => `/home/dev/work/${p}`) });
    addSpecialRows(db, NOW);
  });
  const pushDb = localDatabase('push-1000000', (db) => {
    const projects = ['push-bench', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((p) => `/home/dev/work/${p}`);
    generate(db, { count: SEED, now: NOW, days: 365, projects });
    replicate(db, 1_000_000, 30);
  });
  const cluster = await startCluster({
    fsync: true,
    ...(process.env['BENCH_TEAM_DIR'] ? { parent: process.env['BENCH_TEAM_DIR'] } : {}),
  });
  try {
    for (const [name, password] of Object.entries(PASSWORD)) {
      await cluster.admin('postgres', `CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
    }
    const version = await cluster.admin<{ v: string }>('postgres', "SELECT current_setting('server_version') AS v");
    say('## Team memory on PostgreSQL (`npm run bench:team`)');
    say();
    say(
      `PostgreSQL ${version[0]?.v} in a throw-away cluster on this machine, stock settings (shared_buffers 128 MB, work_mem 4 MB) with fsync on; client and server share ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the start (other work running: figures are upper bounds). Each size starts from ${SEED.toLocaleString('en')} memories generated through the capture path over 5 projects and pushed with the real CLI, multiplied in SQL (each copy with its own ids, up to a year older), ${PENDING_SHARE * 100} % of the rows a pending backlog in one project. Every figure is a whole \`memory\` process (Node start ≈ ${floorMs().toFixed(0)} ms, \`node -e 0\`) against the server; the searcher has no local database.`,
    );
    say();
    for (const rows of sizes) await measureSize(cluster, rows, seedDb, pushDb);
  } finally {
    cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
  writeSection(out);
}

/** Replaces this bench's section of BENCHMARKS.md (up to the next `## `), or appends it. */
function writeSection(lines: readonly string[]): void {
  const path = join(ROOT, 'BENCHMARKS.md');
  const text = readFileSync(path, 'utf8');
  const heading = lines[0] as string;
  const section = `${lines.join('\n')}\n`;
  const start = text.indexOf(heading);
  if (start < 0) {
    writeFileSync(path, `${text.trimEnd()}\n\n${section}`);
  } else {
    const next = text.indexOf('\n## ', start + heading.length);
    writeFileSync(path, `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next + 1)}`);
  }
  process.stdout.write(`\nwrote ${path}\n`);
}

await main();
