// SQL of a push to the team server: memories and summaries written idempotently (a key the server holds
// or a tombstone names is skipped), and tombstones applied, each batch one statement. Runs as the
// connected role, so the row-level security of server-schema.ts decides what it reaches.
import type { ClientBase } from 'pg';
import { SCHEMA } from './server-schema.js';
import {
  AGENT_SCHEMA_VERSION,
  hasPendingTable,
  inTransaction,
  PENDING_SCHEMA_VERSION,
  SERVER_SCHEMA_VERSION,
} from './server-queries.js';

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
