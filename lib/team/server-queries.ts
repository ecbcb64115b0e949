// SQL of the team server (PostgreSQL through `pg`): migrations, the locale check, idempotent pushes,
// tombstones, review, project rules, retention, membership and search. Every statement runs as the
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

export interface OutgoingMemory {
  readonly host_id: string;
  readonly local_id: number;
  readonly host_name: string;
  readonly project: string;
  readonly session_id: string;
  readonly tool_name: string;
  readonly type: string;
  readonly file_path: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: number;
  readonly created_at: string;
  readonly request: string | null;
  readonly intent: string | null;
  /** The word keys team search looks the row up by (lib/team/keys.ts), made from the text as sent. */
  readonly keys: readonly string[];
  /** The coding agent that made it (lib/memory.ts AGENTS); sent to servers of schema v4 and later. */
  readonly agent: string;
}

export interface OutgoingSummary {
  readonly host_id: string;
  readonly session_id: string;
  readonly host_name: string;
  readonly project: string;
  readonly summary: string;
  readonly tools_used: string;
  readonly files_changed: string;
  readonly memory_count: number;
  readonly error_count: number;
  readonly duration_sec: number;
  readonly started_at: string;
  readonly ended_at: string;
  readonly updated_at: string;
}

/**
 * Inserts memories keyed by (host, local id): a row already there, or forgotten (tombstoned), is
 * skipped, so a re-push inserts nothing. Returns how many rows were inserted.
 */
export async function insertMemories(
  client: ClientBase,
  rows: readonly OutgoingMemory[],
  serverVersion: number = SERVER_SCHEMA_VERSION,
): Promise<number> {
  if (rows.length === 0) return 0;
  if (serverVersion >= PENDING_SCHEMA_VERSION) {
    // The server routes each row to memories or pending_memories and skips keys either holds.
    const pushed = await client.query<{ n: number }>(`SELECT ${SCHEMA}.push_memories($1::jsonb) AS n`, [
      JSON.stringify(rows),
    ]);
    return Number(pushed.rows[0]?.n ?? 0);
  }
  // A server before schema v4 has no agent column: a push still works there, without it.
  const agent = serverVersion >= AGENT_SCHEMA_VERSION;
  const result = await client.query(
    `
    INSERT INTO ${SCHEMA}.memories (host_id, local_id, host_name, project, session_id, tool_name, type, file_path,
                                    content, tags, importance, created_at, request, intent, keys${agent ? ', agent' : ''})
    SELECT r.host_id, r.local_id, r.host_name, r.project, r.session_id, r.tool_name, r.type, r.file_path,
           r.content, r.tags, r.importance, r.created_at, r.request, r.intent, r.keys${agent ? ', r.agent' : ''}
    FROM jsonb_to_recordset($1::jsonb) AS r(host_id uuid, local_id bigint, host_name text, project text, session_id text,
         tool_name text, type text, file_path text, content text, tags text, importance smallint, created_at timestamptz,
         request text, intent text, keys text[], agent text)
    WHERE NOT EXISTS (SELECT 1 FROM ${SCHEMA}.tombstones t
                      WHERE t.kind = 'memory' AND t.host_id = r.host_id AND t.local_key = r.local_id::text)
    ON CONFLICT (host_id, local_id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
  return result.rowCount ?? 0;
}

/** Inserts or refreshes session summaries keyed by (host, session id); unchanged ones are left alone. */
export async function upsertSummaries(
  client: ClientBase,
  rows: readonly OutgoingSummary[],
): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const result = await client.query<{ inserted: boolean }>(
    `
    INSERT INTO ${SCHEMA}.session_summaries AS s (host_id, session_id, host_name, project, summary, tools_used, files_changed,
                                                  memory_count, error_count, duration_sec, started_at, ended_at, updated_at)
    SELECT r.host_id, r.session_id, r.host_name, r.project, r.summary, r.tools_used, r.files_changed,
           r.memory_count, r.error_count, r.duration_sec, r.started_at, r.ended_at, r.updated_at
    FROM jsonb_to_recordset($1::jsonb) AS r(host_id uuid, session_id text, host_name text, project text, summary text,
         tools_used text, files_changed text, memory_count integer, error_count integer, duration_sec integer,
         started_at timestamptz, ended_at timestamptz, updated_at timestamptz)
    WHERE NOT EXISTS (SELECT 1 FROM ${SCHEMA}.tombstones t
                      WHERE t.kind = 'summary' AND t.host_id = r.host_id AND t.local_key = r.session_id)
    ON CONFLICT (host_id, session_id) DO UPDATE SET
      host_name = excluded.host_name, summary = excluded.summary, tools_used = excluded.tools_used,
      files_changed = excluded.files_changed, memory_count = excluded.memory_count, error_count = excluded.error_count,
      duration_sec = excluded.duration_sec, started_at = excluded.started_at, ended_at = excluded.ended_at,
      updated_at = excluded.updated_at
    WHERE (s.summary, s.files_changed, s.updated_at) IS DISTINCT FROM (excluded.summary, excluded.files_changed, excluded.updated_at)
    RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify(rows)],
  );
  const inserted = result.rows.filter((row) => row.inserted).length;
  return { inserted, updated: result.rows.length - inserted };
}

export interface ServerTombstone {
  readonly kind: 'memory' | 'summary';
  readonly host_id: string;
  readonly local_key: string;
  readonly project: string;
}

/** Records tombstones and deletes the rows they name; returns how many rows were deleted. */
export async function applyTombstones(client: ClientBase, tombstones: readonly ServerTombstone[]): Promise<number> {
  if (tombstones.length === 0) return 0;
  return inTransaction(client, async () => {
    const json = JSON.stringify(tombstones);
    const pending = await hasPendingTable(client);
    // The hosts' locks (shared), as a push takes them: a review moving one of these rows between the
    // tables commits before the deletes look, or waits for them.
    if (pending)
      await client.query(
        `SELECT ${SCHEMA}.lock_hosts(ARRAY(SELECT DISTINCT (r->>'host_id')::uuid FROM jsonb_array_elements($1::jsonb) r), false)`,
        [json],
      );
    await client.query(
      `
      INSERT INTO ${SCHEMA}.tombstones (kind, host_id, local_key, project)
      SELECT r.kind, r.host_id, r.local_key, r.project
      FROM jsonb_to_recordset($1::jsonb) AS r(kind text, host_id uuid, local_key text, project text)
      ON CONFLICT DO NOTHING`,
      [json],
    );
    const memories = await client.query(
      `
      DELETE FROM ${SCHEMA}.memories m USING jsonb_to_recordset($1::jsonb) AS r(kind text, host_id uuid, local_key text)
      WHERE r.kind = 'memory' AND m.host_id = r.host_id AND m.local_id::text = r.local_key`,
      [json],
    );
    const waiting = pending
      ? await client.query(
          `
      DELETE FROM ${SCHEMA}.pending_memories m USING jsonb_to_recordset($1::jsonb) AS r(kind text, host_id uuid, local_key text)
      WHERE r.kind = 'memory' AND m.host_id = r.host_id AND m.local_id::text = r.local_key`,
          [json],
        )
      : { rowCount: 0 };
    const summaries = await client.query(
      `
      DELETE FROM ${SCHEMA}.session_summaries s USING jsonb_to_recordset($1::jsonb) AS r(kind text, host_id uuid, local_key text)
      WHERE r.kind = 'summary' AND s.host_id = r.host_id AND s.session_id = r.local_key`,
      [json],
    );
    return (memories.rowCount ?? 0) + (waiting.rowCount ?? 0) + (summaries.rowCount ?? 0);
  });
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
