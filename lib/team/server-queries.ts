// SQL of the team server (PostgreSQL through `pg`): migrations, the locale check, hosts, project rules and
// membership (pushes and tombstones: push-queries.ts; review: server-review-queries.ts; search:
// server-search-queries.ts). Every statement runs as the
// connected role, so the row-level security of server-schema.ts decides what each one reaches.
import type { ClientBase } from 'pg';
import { MEMBER_ROLE, SCHEMA, SERVER_MIGRATIONS, SERVER_MIGRATIONS_TABLE } from './server-schema.js';

export const SERVER_SCHEMA_VERSION = SERVER_MIGRATIONS.length;
/** The first schema whose memories keep the agent that made them. */
export const AGENT_SCHEMA_VERSION = 4;
/** The first schema whose rows waiting for review live in pending_memories (server-pending-schema.ts). */
export const PENDING_SCHEMA_VERSION = 6;

/** Whether the server keeps what waits for review in pending_memories (schema v6 on). */
export async function hasPendingTable(client: ClientBase): Promise<boolean> {
  return ((await serverSchemaVersion(client)) ?? 0) >= PENDING_SCHEMA_VERSION;
}

export async function inTransaction<T>(client: ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Brings the schema to the current version; safe to run twice or from two places at once. */
export async function migrateServer(client: ClientBase): Promise<{ from: number; to: number }> {
  return inTransaction(client, async () => {
    // One migrator at a time per database; the lock ends with the transaction.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('memory_team schema migrations'))");
    await client.query(SERVER_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ version: number | null }>(
      `SELECT max(version) AS version FROM ${SCHEMA}.schema_migrations`,
    );
    const from = rows[0]?.version ?? 0;
    if (from > SERVER_SCHEMA_VERSION) return { from, to: from };
    for (let version = from; version < SERVER_SCHEMA_VERSION; version++) {
      await client.query(SERVER_MIGRATIONS[version] as string);
      await client.query(`INSERT INTO ${SCHEMA}.schema_migrations (version) VALUES ($1)`, [version + 1]);
    }
    return { from, to: SERVER_SCHEMA_VERSION };
  });
}

/** The schema version on the server, or null when init never ran there. */
export async function serverSchemaVersion(client: ClientBase): Promise<number | null> {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('${SCHEMA}.schema_migrations') IS NOT NULL AS present`,
  );
  if (!rows[0]?.present) return null;
  const version = await client.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${SCHEMA}.schema_migrations`,
  );
  return version.rows[0]?.version ?? 0;
}

export interface ServerLocale {
  readonly database: string;
  readonly encoding: string;
  readonly ctype: string;
  readonly user: string;
  readonly serverVersion: string;
}

export async function serverLocale(client: ClientBase): Promise<ServerLocale> {
  const { rows } = await client.query<ServerLocale>(`
    SELECT current_database() AS database, pg_encoding_to_char(d.encoding) AS encoding, d.datctype AS ctype,
           current_user AS "user", current_setting('server_version') AS "serverVersion"
    FROM pg_database d WHERE d.datname = current_database()`);
  return rows[0] as ServerLocale;
}

export async function serverId(client: ClientBase): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT server_id::text AS id FROM ${SCHEMA}.server_info LIMIT 1`,
  );
  return rows[0]?.id ?? '';
}

/** Claims (or refreshes) this host for the connected role; fails under RLS if another role owns it. */
export async function registerHost(client: ClientBase, hostId: string, hostName: string): Promise<void> {
  await client.query(
    `
    INSERT INTO ${SCHEMA}.hosts (host_id, host_name) VALUES ($1, $2)
    ON CONFLICT (host_id) DO UPDATE SET host_name = excluded.host_name, last_push = now()`,
    [hostId, hostName],
  );
}

/** Changes a project's rules; false when the project does not exist or the role does not maintain it. */
export async function setProjectRules(
  client: ClientBase,
  project: string,
  rules: { autoApprove?: boolean; ttlDays?: number; errorTtlDays?: number },
): Promise<boolean> {
  const result = await client.query(
    `
    UPDATE ${SCHEMA}.projects SET auto_approve = coalesce($2, auto_approve), ttl_days = coalesce($3, ttl_days),
                                  error_ttl_days = coalesce($4, error_ttl_days)
    WHERE name = $1`,
    [project, rules.autoApprove ?? null, rules.ttlDays ?? null, rules.errorTtlDays ?? null],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Roles need to exist before they can join; creating login roles (passwords) stays with the admin. */
export async function roleExists(client: ClientBase, role: string): Promise<boolean> {
  const { rows } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  return rows.length > 0;
}

/** Adds (or changes the role of) a member of a project, creating the project on first use. */
export async function addMember(
  client: ClientBase,
  role: string,
  project: string,
  as: 'member' | 'maintainer',
): Promise<void> {
  await inTransaction(client, async () => {
    const quoted = await client.query<{ q: string }>('SELECT quote_ident($1) AS q', [role]);
    await client.query(`GRANT ${MEMBER_ROLE} TO ${quoted.rows[0]?.q as string}`);
    await client.query(`INSERT INTO ${SCHEMA}.projects (name) VALUES ($1) ON CONFLICT DO NOTHING`, [project]);
    await client.query(
      `
      INSERT INTO ${SCHEMA}.project_members (project, member, role) VALUES ($1, $2, $3)
      ON CONFLICT (project, member) DO UPDATE SET role = excluded.role`,
      [project, role, as],
    );
  });
}

export async function removeMember(client: ClientBase, role: string, project: string): Promise<boolean> {
  const result = await client.query(`DELETE FROM ${SCHEMA}.project_members WHERE project = $1 AND member = $2`, [
    project,
    role,
  ]);
  return (result.rowCount ?? 0) > 0;
}

/** The connected role's role in `project`, or null when it is not a member. */
export async function membership(client: ClientBase, project: string): Promise<'member' | 'maintainer' | null> {
  const { rows } = await client.query<{ role: 'member' | 'maintainer' }>(
    `SELECT role FROM ${SCHEMA}.project_members WHERE project = $1 AND member = current_user`,
    [project],
  );
  return rows[0]?.role ?? null;
}
