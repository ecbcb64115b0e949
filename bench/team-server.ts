// The team bench's servers: one database per size and build, its schema made by that build's own
// migrations, the seed pushed with that build's CLI, then multiplied in SQL (each copy with its own
// ids, up to a year older) with the indexes dropped and built again after; kept and reused in a kept cluster.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Cluster } from '../tests/pg-cluster.js';
import { MEMORY_BODY } from '../lib/team/server-routing-schema.js';

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

/**
 * Copies the seed rows (local ids ≤ SEED) until the server holds `rows`, the fastest way PostgreSQL
 * loads: every index but the primary key dropped and built again after, triggers and foreign-key
 * checks off (the copies are of rows that passed them; the backlog's status is set here, not by the
 * gate), one INSERT … SELECT per copy.
 */
async function multiply(client: pg.Client, rows: number, pending: number, progress: (line: string) => void) {
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
  const backlog: Record<string, string> = { status: "'pending'", reviewed_by: 'NULL', reviewed_at: 'NULL' };
  const list = columns.join(', ');
  const select = (extra: Record<string, string>) =>
    columns.map((name) => extra[name] ?? shifted[name] ?? name).join(', ');
  const constraints = (
    await client.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid = 'memory_team.memories'::regclass AND contype = 'u'`,
    )
  ).rows;
  for (const constraint of constraints)
    await client.query(`ALTER TABLE memory_team.memories DROP CONSTRAINT ${constraint.name}`);
  const indexes = (
    await client.query<{ name: string; def: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = 'memory_team.memories'::regclass AND NOT x.indisprimary`,
    )
  ).rows;
  for (const index of indexes) await client.query(`DROP INDEX memory_team.${index.name}`);
  await client.query("SET session_replication_role = 'replica'");
  await client.query("SET maintenance_work_mem = '1GB'");
  await client.query('SET synchronous_commit = off');
  const seed = (await client.query('SELECT count(*) AS n, max(id) AS last FROM memory_team.memories')).rows[0];
  let total = Number(seed.n);
  // The seed is the first ids: read as a range of the primary key, never a scan of the copies.
  const copy = async (k: number, limit: number, extra: Record<string, string>, where: string, waiting = false) =>
    (
      await client.query(
        `INSERT INTO memory_team.${waiting ? 'pending_memories' : 'memories'} (${list}) SELECT ${select(extra)} FROM memory_team.memories
         WHERE id <= ${Number(seed.last)} AND local_id <= ${SEED} ${where} ORDER BY id LIMIT $2`,
        [k, limit],
      )
    ).rowCount ?? 0;
  let k = 1;
  const started = performance.now();
  const report = () =>
    progress(`  ${total.toLocaleString('en')} rows, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (; total < rows - pending; k++) {
    total += await copy(k, rows - pending - total, {}, '');
    if (k % 25 === 0) report();
  }
  // The backlog: copies into one project that does not auto-approve, pending as the gate would make them
  // (from schema v6 in pending_memories, its own table).
  await client.query("UPDATE memory_team.projects SET auto_approve = false WHERE name = 'api-server'");
  const waiting = await hasPendingTable(client);
  for (; total < rows; k++) total += await copy(k, rows - total, backlog, "AND project = 'api-server'", waiting);
  report();
  await client.query("SET session_replication_role = 'origin'");
  for (const index of indexes) {
    await client.query(index.def);
    progress(`  index ${index.name}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  for (const constraint of constraints)
    await client.query(`ALTER TABLE memory_team.memories ADD CONSTRAINT ${constraint.name} ${constraint.def}`);
  await client.query('VACUUM ANALYZE memory_team.memories');
  if (waiting) await client.query('VACUUM ANALYZE memory_team.pending_memories');
  report();
}

/** Schema v6 and later: what waits for review is in pending_memories. */
export async function hasPendingTable(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(PENDING_PROBE);
  return rows[0]?.present === true;
}

const PENDING_PROBE = "SELECT to_regclass('memory_team.pending_memories') IS NOT NULL AS present";

/** hasPendingTable through the cluster's administrator, for a server the bench holds no client to. */
async function pendingTableIn(cluster: Cluster, database: string): Promise<boolean> {
  const [row] = await cluster.admin<{ present: boolean }>(database, PENDING_PROBE);
  return row?.present === true;
}

export interface Server {
  readonly database: string;
  readonly url: (person: Person) => string;
  readonly seconds: number;
  readonly size: { table: string; total: string };
  readonly reused: boolean;
}

/** Bytes on disk of the memories table (and pending_memories, 0 before schema v6): heap, and with indexes and TOAST. */
export async function bytesOf(
  cluster: Cluster,
  database: string,
): Promise<{ heap: number; total: number; pendingHeap: number; pendingTotal: number }> {
  const [size] = await cluster.admin<{ heap: string; total: string; pending_heap: string; pending_total: string }>(
    database,
    `SELECT pg_relation_size('memory_team.memories') AS heap, pg_total_relation_size('memory_team.memories') AS total,
            coalesce(pg_relation_size(to_regclass('memory_team.pending_memories')), 0) AS pending_heap,
            coalesce(pg_total_relation_size(to_regclass('memory_team.pending_memories')), 0) AS pending_total`,
  );
  return {
    heap: Number(size?.heap),
    total: Number(size?.total),
    pendingHeap: Number(size?.pending_heap),
    pendingTotal: Number(size?.pending_total),
  };
}

async function sizeOf(cluster: Cluster, database: string): Promise<{ table: string; total: string }> {
  const size = await cluster.admin<{ table: string; total: string }>(
    database,
    `SELECT pg_size_pretty(pg_table_size('memory_team.memories')) AS table,
            pg_size_pretty(pg_total_relation_size('memory_team.memories')) AS total`,
  );
  return size[0] as { table: string; total: string };
}

/** A server of `rows` memories made by `build`; `env` gives a person's environment for a local database. */
export async function buildServer(
  cluster: Cluster,
  build: Build,
  rows: number,
  seedDb: string,
  env: (person: Person, db: string, url: string) => NodeJS.ProcessEnv,
  progress: (line: string) => void = () => {},
): Promise<Server> {
  const start = performance.now();
  const database = `team_${rows}_${build.name}`;
  const url = (person: Person) => cluster.url(database, person, PASSWORD[person]);
  // A kept cluster's server is reused when its build finished (the comment is its last step).
  const built = await cluster.admin<{ note: string | null }>(
    'postgres',
    `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1`,
    [database],
  );
  if (built[0]?.note?.startsWith('built')) {
    progress(`${database}: reused (${built[0].note})`);
    // Brought to this build's schema, as \`memory team init\` upgrades a server that holds rows.
    const client = await adminClient(cluster, database);
    try {
      const queries = (await import(
        pathToFileURL(build.queries).href
      )) as typeof import('../lib/team/server-queries.js');
      await queries.migrateServer(client);
    } finally {
      await client.end();
    }
    return { database, url, seconds: 0, size: await sizeOf(cluster, database), reused: true };
  }
  if (built.length > 0) await cluster.admin('postgres', `DROP DATABASE ${database}`);
  await cluster.admin(
    'postgres',
    `CREATE DATABASE ${database} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`,
  );
  await cluster.admin(database, `GRANT CONNECT ON DATABASE ${database} TO PUBLIC`);
  const client = await adminClient(cluster, database);
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
    progress(`${database}: seed pushed, ${((performance.now() - start) / 1000).toFixed(0)} s`);
    await multiply(client, rows, Math.round(rows * PENDING_SHARE), progress);
    const seconds = (performance.now() - start) / 1000;
    await client.query(`COMMENT ON DATABASE ${database} IS 'built in ${seconds.toFixed(0)} s'`);
    return { database, url, seconds, size: await sizeOf(cluster, database), reused: false };
  } finally {
    await client.end();
  }
}

/** Deletes the rows the bench pushed, from both tables (schema v6 keeps what waits in pending_memories). */
export async function deletePushed(cluster: Cluster, database: string, v6?: boolean): Promise<void> {
  await cluster.admin(database, "DELETE FROM memory_team.memories WHERE project = 'push-bench'");
  if (v6 ?? (await pendingTableIn(cluster, database)))
    await cluster.admin(database, "DELETE FROM memory_team.pending_memories WHERE project = 'push-bench'");
}

/** Puts a kept server back as it was built: the backlog pending again, the pushed rows gone. */
export async function restore(cluster: Cluster, database: string): Promise<void> {
  const v6 = await pendingTableIn(cluster, database);
  if (v6)
    await cluster.admin(
      database,
      `WITH moved AS (DELETE FROM memory_team.memories WHERE project = 'api-server' AND reviewed_by <> 'auto-approve'
                      RETURNING *)
       INSERT INTO memory_team.pending_memories (id, ${MEMORY_BODY}) SELECT id, ${MEMORY_BODY} FROM moved`,
    );
  else
    await cluster.admin(
      database,
      `UPDATE memory_team.memories SET status = 'pending', reviewed_by = NULL, reviewed_at = NULL, review_reason = NULL
       WHERE project = 'api-server' AND status = 'approved' AND reviewed_by <> 'auto-approve'`,
    );
  await deletePushed(cluster, database, v6);
  await cluster.admin(database, 'VACUUM ANALYZE memory_team.memories');
  if (v6) await cluster.admin(database, 'VACUUM ANALYZE memory_team.pending_memories');
}

export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** The tables' sizes, for the line before and after `approve --all`. */
export function sizes(size: Awaited<ReturnType<typeof bytesOf>>): string {
  const pending = size.pendingTotal > 0 ? `; pending_memories ${mb(size.pendingHeap)} (${mb(size.pendingTotal)})` : '';
  return `memories ${mb(size.heap)} (with indexes and TOAST ${mb(size.total)})${pending}`;
}
