// `npm run bench:team [-- --rows 1000000 --rows 5000000] [-- --baseline <checkout>]`: team memory on a
// real PostgreSQL (Debian's, in a throw-away cluster with stock settings but fsync on). Builds a server
// per size (and per build, with a baseline: bench/team-server.ts), then times the real `memory` CLI
// against it, the builds taking turns: search per tier (one, and ten at once), review, approve --all,
// status, ttl, expire, and a push from a 1,000,000-row local database (into a project that auto-approves,
// then into one waiting for review). Writes its section of
// BENCHMARKS.md; the cluster is removed after (BENCH_TEAM_KEEP=1 keeps it, to look at its plans;
// BENCH_TEAM_DIR=<dir> keeps it in <dir>/cluster and reuses its servers; --build-only stops there).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { openDb } from '../lib/db/open.js';
import { startCluster, type Cluster } from '../tests/pg-cluster.js';
import { generate, replicate } from './generate.js';
import { cleanEnv, stats } from './measure.js';
import { addSpecialRows, RARE_WORD, REFUND_ROWS } from './team-rows.js';
import {
  buildAt,
  buildServer,
  bytesOf,
  deletePushed,
  cli,
  ok,
  PASSWORD,
  PENDING_SHARE,
  PROJECTS,
  restore,
  sizes,
  mb,
  SEED,
  type Build,
  type Person,
  type Run,
  type Server,
} from './team-server.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NOW = new Date();
const THIS = buildAt('this', ROOT);

const SEARCHES: ReadonlyArray<readonly [label: string, words: string]> = [
  ['two common words', 'handler JWT'],
  ['rare word (10 rows)', RARE_WORD],
  ['Korean two-syllable word (인증을, 인증서 …)', '인증'],
  [`Korean word in ${REFUND_ROWS} rows (환불을)`, '환불'],
  ['word that matches nothing', 'qzxwvy'],
];

function argumentsOf(flag: string): string[] {
  const values: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === flag && process.argv[i + 1] !== undefined) values.push(process.argv[i + 1] as string);
  });
  return values;
}

function sizesArgument(): number[] {
  const sizes = argumentsOf('--rows').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < SEED)) throw new Error(`--rows takes a whole number ≥ ${SEED}`);
  return sizes.length > 0 ? sizes : [1_000_000];
}

/** `--baseline <checkout>`: another build (after its `npm run build`), measured interleaved with this one. */
function buildsArgument(): Build[] {
  const baseline = argumentsOf('--baseline')[0];
  if (baseline === undefined) return [THIS];
  const build = buildAt('baseline', resolve(baseline));
  if (!existsSync(build.cli) || !existsSync(build.queries)) throw new Error(`--baseline ${baseline}: no build there`);
  return [build, THIS];
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

const progress = (line: string) => process.stderr.write(`${line}\n`);

type Measured = { median: number; run: Run; failed: boolean };

/**
 * Each build's median of `rounds` runs after one warm-up, the builds taking turns run by run so the
 * machine's load falls on them alike; the last run of each says what it found.
 */
async function timed(
  builds: readonly Build[],
  args: readonly string[],
  environment: (build: number) => NodeJS.ProcessEnv,
  rounds = 3,
): Promise<Measured[]> {
  const samples: number[][] = builds.map(() => []);
  const last: Run[] = [];
  for (let i = 0; i <= rounds; i++) {
    for (let b = 0; b < builds.length; b++) {
      const run = await cli(builds[b] as Build, args, environment(b));
      last[b] = run;
      if (i > 0) samples[b]?.push(run.ms);
    }
  }
  return builds.map((_, b) => {
    const run = last[b] as Run;
    return { median: stats(samples[b] as number[]).median, run, failed: run.code !== 0 };
  });
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

const firstLine = (text: string) => text.split('\n')[0]?.trim() ?? '';
const said = (run: Run) => (run.code === 0 ? firstLine(run.stdout) : `exit ${run.code}: ${firstLine(run.stderr)}`);

async function measureSize(cluster: Cluster, builds: readonly Build[], rows: number, seedDb: string, pushDb: string) {
  const servers: Server[] = [];
  for (const build of builds) servers.push(await buildServer(cluster, build, rows, seedDb, env, progress));
  say(`### ${rows.toLocaleString('en')} rows, load average ${loadavg()[0]?.toFixed(1)} after building`);
  say();
  for (const [b, server] of servers.entries())
    say(
      `- ${builds[b]?.name}: ${server.reused ? 'a kept server' : `built in ${server.seconds.toFixed(0)} s`}; memories table ${server.size.table}, with indexes ${server.size.total}`,
    );
  say();
  const nowhere = join(work, 'no-local.db');
  const as = (person: Person) => (b: number) => env(person, nowhere, (servers[b] as Server).url(person));
  const names = builds.map((build) => build.name);
  say(
    `| what (as whom) | ${names.map((name) => `${name}: median ms (3 runs)`).join(' | ')} | ten at once: slowest ms, failed (${names.join(' / ')}) | what ${THIS.name} printed |`,
  );
  say(`| --- | ${names.map(() => '---: |').join(' ')} --- | --- |`);
  const medians = (measured: readonly Measured[]) => measured.map((m) => m.median.toFixed(0)).join(' | ');
  for (const [label, words] of SEARCHES) {
    const args = ['search', '--team', ...words.split(' ')];
    const one = await timed(builds, args, as('bob'));
    const ten: string[] = [];
    for (const [b, build] of builds.entries()) {
      const runs = await Promise.all(Array.from({ length: 10 }, () => cli(build, args, as('bob')(b))));
      ten.push(`${Math.max(...runs.map((run) => run.ms)).toFixed(0)}, ${runs.filter((run) => run.code !== 0).length}`);
    }
    say(
      `| search \`${words}\`: ${label} (member) | ${medians(one)} | ${ten.join(' / ')} | ${said((one.at(-1) as Measured).run).slice(0, 140)} |`,
    );
  }
  const line = async (label: string, args: readonly string[], who: Person) => {
    const result = await timed(builds, args, as(who));
    say(`| ${label} | ${medians(result)} | | ${said((result.at(-1) as Measured).run).slice(0, 140)} |`);
  };
  await line('`team status` (member)', ['team', 'status'], 'bob');
  await line('`team status` (maintainer)', ['team', 'status'], 'alice');
  await line('`team review` (maintainer)', ['team', 'review'], 'alice');
  await line(
    '`team ttl api-server --days 3650` (maintainer)',
    ['team', 'ttl', 'api-server', '--days', '3650'],
    'alice',
  );
  await line('`team expire`, nothing to expire (maintainer)', ['team', 'expire'], 'alice');
  const pending = Math.round(rows * PENDING_SHARE);
  const rate = (count: number, run: Run) =>
    run.code === 0 ? `${Math.round(count / (run.ms / 1000)).toLocaleString('en')} rows/s` : said(run);
  const approvals: Run[] = [];
  const sized: string[] = [];
  for (const [b, build] of builds.entries()) {
    const database = (servers[b] as Server).database;
    await cluster.admin(database, 'CHECKPOINT');
    const before = await bytesOf(cluster, database);
    approvals.push(await cli(build, ['team', 'approve', '--all'], as('alice')(b)));
    const after = await bytesOf(cluster, database);
    sized.push(
      `- ${build.name}: before \`approve --all\`: ${sizes(before)}; after: ${sizes(after)} ` +
        `(memories heap +${mb(after.heap - before.heap)}, with indexes +${mb(after.total - before.total)})`,
    );
  }
  say(
    `| \`team approve --all\`, ${pending.toLocaleString('en')} pending (maintainer) | ${approvals.map((run) => run.ms.toFixed(0)).join(' | ')} | | ${approvals.map((run) => rate(pending, run)).join(' / ')} |`,
  );
  const local = openDb(pushDb, { create: false }) as Database.Database;
  const pushRows = local.prepare("SELECT count(*) FROM memories WHERE project = 'push-bench'").pluck().get() as number;
  local.close();
  const pushes: Run[] = [];
  for (const [b, build] of builds.entries()) {
    const carol = env('carol', pushDb, (servers[b] as Server).url('carol'));
    await ok(build, ['team', 'share', 'push-bench'], carol);
    pushes.push(await cli(build, ['team', 'push', '--all'], carol));
  }
  say(
    `| \`team push\` of ${pushRows.toLocaleString('en')} rows of one project from a 1,000,000-row local database (member) | ${pushes.map((run) => run.ms.toFixed(0)).join(' | ')} | | ${pushes.map((run) => rate(pushRows, run)).join(' / ')} |`,
  );
  // The same rows again into the project waiting for review: schema v5 indexes their words only once approved.
  const reviewed: Run[] = [];
  for (const [b, build] of builds.entries()) {
    const database = (servers[b] as Server).database;
    await deletePushed(cluster, database);
    await cluster.admin(database, "UPDATE memory_team.projects SET auto_approve = false WHERE name = 'push-bench'");
    reviewed.push(
      await cli(build, ['team', 'push', '--all'], env('carol', pushDb, (servers[b] as Server).url('carol'))),
    );
    await cluster.admin(database, "UPDATE memory_team.projects SET auto_approve = true WHERE name = 'push-bench'");
  }
  say(
    `| the same push into the project waiting for review (member) | ${reviewed.map((run) => run.ms.toFixed(0)).join(' | ')} | | ${reviewed.map((run) => rate(pushRows, run)).join(' / ')} |`,
  );
  say();
  say(
    'Table sizes around `approve --all` (pg_relation_size: the heap; pg_total_relation_size: with indexes and TOAST):',
  );
  say();
  for (const line of sized) say(line);
  say();
  if (process.env['BENCH_TEAM_DIR'] === undefined && process.env['BENCH_TEAM_KEEP'] === undefined)
    for (const server of servers) await cluster.admin('postgres', `DROP DATABASE ${server.database}`);
  else for (const server of servers) await restore(cluster, server.database);
}

async function main(): Promise<void> {
  const sizes = sizesArgument();
  const builds = buildsArgument();
  const seedDb = localDatabase('seed-20000', (db) => {
    generate(db, { count: SEED, now: NOW, days: 365, projects: PROJECTS.map((p) => `/home/dev/work/${p}`) });
    addSpecialRows(db, NOW);
  });
  const dir = process.env['BENCH_TEAM_DIR'];
  // With BENCH_TEAM_DIR the cluster lives in its `cluster` folder and is kept: each size's server is
  // built once and reused by every later run.
  const cluster = await startCluster({ fsync: true, ...(dir ? { keep: join(dir, 'cluster') } : {}) });
  const kept = dir !== undefined || process.env['BENCH_TEAM_KEEP'] !== undefined;
  try {
    for (const [name, password] of Object.entries(PASSWORD)) {
      const known = await cluster.admin('postgres', 'SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
      if (known.length === 0) await cluster.admin('postgres', `CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
    }
    if (process.argv.includes('--build-only')) {
      for (const rows of sizes)
        for (const build of builds) {
          const server = await buildServer(cluster, build, rows, seedDb, env, progress);
          progress(`${server.database}: ${server.size.table} table, ${server.size.total} with indexes`);
        }
      return;
    }
    const pushDb = localDatabase('push-1000000', (db) => {
      const projects = ['push-bench', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((p) => `/home/dev/work/${p}`);
      generate(db, { count: SEED, now: NOW, days: 365, projects });
      replicate(db, 1_000_000, 30);
    });

    const version = await cluster.admin<{ v: string }>('postgres', "SELECT current_setting('server_version') AS v");
    say('## Team memory on PostgreSQL (`npm run bench:team`)');
    say();
    say(
      `PostgreSQL ${version[0]?.v} in a throw-away cluster on this machine, stock settings (shared_buffers 128 MB, work_mem 4 MB) with fsync on; client and server share ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the start (other work running: figures are upper bounds). Each size starts from ${SEED.toLocaleString('en')} memories generated through the capture path over 5 projects and pushed with the real CLI, multiplied in SQL (each copy with its own ids, up to a year older), ${PENDING_SHARE * 100} % of the rows a pending backlog in one project. Every figure is a whole \`memory\` process (Node start ≈ ${floorMs().toFixed(0)} ms, \`node -e 0\`) against the server; the searcher has no local database.`,
    );
    say();
    for (const rows of sizes) await measureSize(cluster, builds, rows, seedDb, pushDb);
  } finally {
    if (!kept) cluster.stop();
    else process.stdout.write(`kept: ${cluster.url('postgres')} (data in ${cluster.dataDir})\n`);
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
