// The team bench's servers: one database per size and build, its schema made by that build's own
// migrations, the seed pushed with that build's CLI, then multiplied in SQL (each copy with its own
// ids, up to a year older) with the GIN indexes dropped and rebuilt around it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Cluster } from '../tests/pg-cluster.js';

export const SEED = 20_000;
export const PASSWORD = { alice: 'alice-bench-pw', bob: 'bob-bench-pw', carol: 'carol-bench-pw' } as const;
export type Person = keyof typeof PASSWORD;
export const PROJECTS = ['api-server', 'web-app', 'mobile', 'infra', 'claude-desk'];
/** The pending backlog maintainers face: this share of the rows, in one project. */
export const PENDING_SHARE = 0.1;

/** One build of claude-memory-hooks: its CLI bundle and its server migrations. */
export interface Build {
  readonly name: string;
  readonly cli: string;
  readonly queries: string;
}

/** The build in `root` (a checkout after `npm run build`). */
export function buildAt(name: string, root: string): Build {
  return {
    name,
    cli: join(root, 'dist', 'runtime', 'dist', 'commands', 'cli.js'),
    queries: join(root, 'dist', 'lib', 'team', 'server-queries.js'),
  };
}

export interface Run {
  readonly ms: number;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function cli(build: Build, args: readonly string[], environment: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, [build.cli, ...args], {
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ ms: performance.now() - start, code, stdout, stderr }));
  });
}

export async function ok(build: Build, args: readonly string[], environment: NodeJS.ProcessEnv): Promise<Run> {
  const run = await cli(build, args, environment);
  if (run.code !== 0) throw new Error(`memory ${args.join(' ')} exited ${run.code}: ${run.stderr}${run.stdout}`);
  return run;
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

export interface Server {
  readonly database: string;
  readonly url: (person: Person) => string;
  readonly seconds: number;
  readonly size: { table: string; total: string };
}

/** A server of `rows` memories made by `build`; `env` gives a person's environment for a local database. */
export async function buildServer(
  cluster: Cluster,
  build: Build,
  rows: number,
  seedDb: string,
  env: (person: Person, db: string, url: string) => NodeJS.ProcessEnv,
): Promise<Server> {
  const start = performance.now();
  const database = `team_${rows}_${build.name}`;
  await cluster.admin(
    'postgres',
    `CREATE DATABASE ${database} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`,
  );
  await cluster.admin(database, `GRANT CONNECT ON DATABASE ${database} TO PUBLIC`);
  const client = await adminClient(cluster, database);
  const url = (person: Person) => cluster.url(database, person, PASSWORD[person]);
  try {
    const queries = (await import(pathToFileURL(build.queries).href)) as typeof import('../lib/team/server-queries.js');
    await queries.migrateServer(client);
    for (const project of PROJECTS) {
      await queries.addMember(client, 'alice', project, 'maintainer');
      await queries.addMember(client, 'bob', project, 'member');
    }
    await queries.addMember(client, 'carol', 'push-bench', 'member');
    await client.query('UPDATE memory_team.projects SET auto_approve = true, ttl_days = 3650, error_ttl_days = 3650');
    const alice = env('alice', seedDb, url('alice'));
    for (const project of PROJECTS) await ok(build, ['team', 'share', project], alice);
    await ok(build, ['team', 'push', '--all'], alice);
    await multiply(client, rows, Math.round(rows * PENDING_SHARE));
    const size = await client.query<{ table: string; total: string }>(`
      SELECT pg_size_pretty(pg_table_size('memory_team.memories')) AS table,
             pg_size_pretty(pg_total_relation_size('memory_team.memories')) AS total`);
    const seconds = (performance.now() - start) / 1000;
    return { database, url, seconds, size: size.rows[0] as { table: string; total: string } };
  } finally {
    await client.end();
  }
}
