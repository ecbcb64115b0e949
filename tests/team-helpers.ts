// Fixtures for the team-memory tests: one throw-away PostgreSQL cluster per test file, a fresh UTF-8
// database per test, login roles for a maintainer, members and an outsider, and hosts (sandboxes
// with their own local database) that run the real `memory` CLI against it.
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { addMember, migrateServer } from '../lib/team/server-queries.js';
import { memoryCli } from './cli-helpers.js';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunResult, Sandbox } from './helpers.js';
import { startCluster, type Cluster } from './pg-cluster.js';

export const PASSWORDS = {
  alice: 'alice-Secret-1',
  bob: 'bob-Secret-2',
  carol: 'carol-Secret-3',
  eve: 'eve-Secret-4',
} as const;
export type Person = keyof typeof PASSWORDS;

export interface TeamServer {
  readonly cluster: Cluster;
  readonly database: string;
  url(person?: Person | 'admin'): string;
  admin<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A connection as `person`, closed by the caller. */
  connect(person: Person): Promise<pg.Client>;
}

/** Starts the cluster for this file and creates the people's login roles; returns a getter. */
export function useCluster(): () => Cluster {
  let cluster: Cluster | null = null;
  beforeAll(async () => {
    cluster = await startCluster();
    for (const [name, password] of Object.entries(PASSWORDS)) {
      await cluster.admin('postgres', `CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
    }
  }, 120_000);
  afterAll(() => {
    for (const dir of fileSandboxes.splice(0)) rmSync(dir, { recursive: true, force: true });
    cluster?.stop();
  });
  return () => {
    if (!cluster) throw new Error('cluster not started');
    return cluster;
  };
}

const fileSandboxes: string[] = [];

/** Like helpers.sandbox(), for a beforeAll: removed when the file's cluster stops. */
export function fileSandbox(): Sandbox {
  const home = mkdtempSync(join(tmpdir(), 'cmh-team-'));
  fileSandboxes.push(home);
  const project = join(home, 'work', 'my-app');
  mkdirSync(join(project, '.git'), { recursive: true });
  const dbPath = join(home, '.claude', 'memory.db');
  return {
    home,
    dbPath,
    project,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, CLAUDE_MEMORY_DB: dbPath, NO_COLOR: '1' },
  };
}

let databases = 0;

/**
 * A new database with the team schema (init run through the CLI as the admin), project `my-app`
 * maintained by alice with bob and carol as members; eve is a team member of no project.
 */
export async function teamServer(
  cluster: Cluster,
  options: { init?: boolean; ctype?: string } = {},
): Promise<TeamServer> {
  databases += 1;
  const database = `team_${process.pid}_${databases}`;
  const ctype = options.ctype ?? 'C.UTF-8';
  await cluster.admin(
    'postgres',
    `CREATE DATABASE ${database} ENCODING 'UTF8' LC_COLLATE '${ctype}' LC_CTYPE '${ctype}' TEMPLATE template0`,
  );
  await cluster.admin(database, `GRANT CONNECT ON DATABASE ${database} TO PUBLIC`);
  const server: TeamServer = {
    cluster,
    database,
    url: (person = 'admin') =>
      person === 'admin' ? cluster.url(database) : cluster.url(database, person, PASSWORDS[person]),
    admin: (sql, params) => cluster.admin(database, sql, params),
    async connect(person) {
      const client = new pg.Client({ connectionString: server.url(person) });
      await client.connect();
      return client;
    },
  };
  if (options.init !== false) {
    // The library calls behind `memory team init` and `member add` (the CLI is tested on its own):
    // five process spawns per test would cost more than the tests themselves.
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      await migrateServer(client);
      await addMember(client, 'alice', 'my-app', 'maintainer');
      await addMember(client, 'bob', 'my-app', 'member');
      await addMember(client, 'carol', 'my-app', 'member');
      await addMember(client, 'eve', 'other-app', 'member');
    } finally {
      await client.end();
    }
  }
  return server;
}

/** `memory team <args>` on `box` as `person` (host name = the person's, unless the box says otherwise). */
export function team(
  box: Sandbox,
  server: TeamServer,
  person: Person | 'admin',
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<RunResult> {
  return memoryCli(box, ['team', ...args], teamEnv(server, person, env));
}

export function teamEnv(
  server: TeamServer,
  person: Person | 'admin',
  env: Record<string, string> = {},
): Record<string, string> {
  return { CLAUDE_MEMORY_TEAM_URL: server.url(person), CLAUDE_MEMORY_TEAM_HOST: `${person}-laptop`, ...env };
}

export async function expectOk(result: Promise<RunResult> | RunResult): Promise<RunResult> {
  const done = await result;
  if (done.code !== 0) throw new Error(`memory exited ${done.code}: ${done.stderr}${done.stdout}`);
  return done;
}

/** Every memory row on the server, both tables (schema v6), for SQL that counts them: `FROM ${EVERY_MEMORY}`. */
export const EVERY_MEMORY =
  '(SELECT host_id, local_id, content FROM memory_team.memories UNION ALL SELECT host_id, local_id, content FROM memory_team.pending_memories) m';

const MEMORY_COLUMNS =
  'id::text, host_id::text, local_id::text, author::text, host_name, project, content, file_path, status, review_reason';

export interface ServerMemory {
  id: string;
  host_id: string;
  local_id: string;
  author: string;
  host_name: string;
  project: string;
  content: string;
  file_path: string | null;
  status: string;
  review_reason: string | null;
}

/**
 * The server's memories, read as the admin (bypassing RLS): approved, waiting and rejected alike
 * (from schema v6, the last two in pending_memories).
 */
export function serverMemories(server: TeamServer): Promise<ServerMemory[]> {
  return server.admin(
    `SELECT * FROM (SELECT ${MEMORY_COLUMNS} FROM memory_team.memories
                    UNION ALL SELECT ${MEMORY_COLUMNS} FROM memory_team.pending_memories) t ORDER BY id::bigint`,
  );
}

/** The rows of memory_team.memories only: from schema v6, the approved ones. */
export function serverApproved(server: TeamServer): Promise<ServerMemory[]> {
  return server.admin(`SELECT ${MEMORY_COLUMNS} FROM memory_team.memories ORDER BY id`);
}

/** The server's rows waiting for review or rejected (schema v6), read as the admin. */
export function serverPending(server: TeamServer): Promise<ServerMemory[]> {
  return server.admin(`SELECT ${MEMORY_COLUMNS} FROM memory_team.pending_memories ORDER BY id`);
}
