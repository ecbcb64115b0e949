// The team server's review side: what waits for a maintainer (a page and the total, read from
// pending_memories), approving or rejecting in batches of their own transactions (so no statement
// nears the timeout and a stopped run resumes; a memory's review moves it between pending_memories
// and memories, see server-routing-schema.ts), the per-project counts of `team status`, and
// retention. Runs as the connected role.
import type { ClientBase } from 'pg';
import { SCHEMA } from './server-names.js';
import { MEMORY_BODY } from './server-routing-schema.js';
import { PENDING_SCHEMA_VERSION } from './server-queries.js';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export interface ReviewItem {
  readonly kind: 'memory' | 'summary';
  readonly id: string;
  readonly project: string;
  readonly author: string;
  readonly host_name: string;
  readonly type: string;
  readonly file_path: string | null;
  readonly content: string;
  readonly created_at: string;
  readonly status: ReviewStatus;
}

// Who may review a row: a maintainer of its project, or the administrator; both read once per statement.
const CAN_REVIEW = `(project = ANY ((SELECT ${SCHEMA}.my_maintained())::text[]) OR (SELECT ${SCHEMA}.is_admin(current_user)))`;

/**
 * Pending memories and summaries the connected role may review, oldest first, and how many there are.
 * Each project's oldest pending rows are read off pending_memories_review in date order (a LATERAL
 * per project the role reviews), so the page never sorts the backlog, however long it is.
 */
export async function pendingForReview(
  client: ClientBase,
  project: string | null,
  limit: number,
): Promise<{ items: ReviewItem[]; total: number }> {
  const reviewed = `(SELECT array_agg(name) FROM ${SCHEMA}.projects WHERE ($1::text IS NULL OR name = $1)
                     AND (name = ANY ((SELECT ${SCHEMA}.my_maintained())::text[]) OR (SELECT ${SCHEMA}.is_admin(current_user))))`;
  const { rows } = await client.query<ReviewItem & { readonly at: unknown }>(
    `
    SELECT * FROM (
      SELECT 'memory' AS kind, m.id::text AS id, m.project, m.author::text AS author, m.host_name, m.type, m.file_path,
             m.content, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, m.status,
             m.created_at AS at
      FROM unnest(coalesce(${reviewed}, '{}')) AS p(name),
           LATERAL (SELECT * FROM ${SCHEMA}.pending_memories m WHERE m.project = p.name AND m.status = 'pending'
                    ORDER BY m.created_at, m.id LIMIT $2) m
      UNION ALL
      SELECT 'summary', 's' || id::text, project, author::text, host_name, 'summary', NULL, summary,
             to_char(ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), status, ended_at
      FROM ${SCHEMA}.session_summaries WHERE status = 'pending' AND ($1::text IS NULL OR project = $1) AND ${CAN_REVIEW}
    ) pending ORDER BY at, kind, id LIMIT $2`,
    [project, limit],
  );
  const counted = await client.query<{ n: string }>(
    `
    SELECT (SELECT coalesce(sum(c.n), 0) FROM unnest(coalesce(${reviewed}, '{}')) AS p(name),
            LATERAL (SELECT count(*) AS n FROM ${SCHEMA}.pending_memories m WHERE m.project = p.name AND m.status = 'pending') c)
         + (SELECT count(*) FROM ${SCHEMA}.session_summaries WHERE status = 'pending' AND ($1::text IS NULL OR project = $1) AND ${CAN_REVIEW}) AS n`,
    [project],
  );
  return {
    items: rows.map(({ at: _at, ...item }) => item),
    total: Number(counted.rows[0]?.n ?? rows.length),
  };
}

export interface ReviewSelection {
  /** Server ids of memories, and of summaries (without their `s` prefix). */
  readonly memoryIds: readonly number[];
  readonly summaryIds: readonly number[];
  /** Every pending row the role may review (of `project` when given), instead of ids. */
  readonly allPending: boolean;
  readonly project: string | null;
}

/** Rows changed per statement by `--all`, each batch its own transaction. */
export const REVIEW_BATCH = 5000;

/**
 * Sets the review state of the selected rows; rows the role may not review are left untouched.
 * With `allPending`, batch after batch until none is left, calling `progress` with the running count.
 */
export async function review(
  client: ClientBase,
  selection: ReviewSelection,
  status: 'approved' | 'rejected',
  reason: string | null,
  progress: (changed: number) => void = () => {},
): Promise<number> {
  let changed = 0;
  // Memories: each call of review_memories is one batch, its own transaction (the function checks
  // who may review what, as the login role).
  const memories = (ids: readonly number[] | null, limit: number | null) =>
    client
      .query<{ n: number }>(`SELECT ${SCHEMA}.review_memories($1, $2, $3::bigint[], $4, $5) AS n`, [
        status,
        reason,
        ids,
        selection.project,
        limit,
      ])
      .then((result) => Number(result.rows[0]?.n ?? 0));
  if (!selection.allPending) {
    if (selection.memoryIds.length > 0) changed += await memories(selection.memoryIds, null);
  } else changed = await drain(() => memories(null, REVIEW_BATCH), progress, changed);
  const set = `UPDATE ${SCHEMA}.session_summaries SET status = $1, review_reason = $2, reviewed_by = current_user, reviewed_at = now()`;
  if (!selection.allPending) {
    if (selection.summaryIds.length === 0) return changed;
    const result = await client.query(
      `${set} WHERE id = ANY($3::bigint[]) AND status IS DISTINCT FROM $1 AND ${CAN_REVIEW}`,
      [status, reason, selection.summaryIds],
    );
    return changed + (result.rowCount ?? 0);
  }
  const summaries = () =>
    client
      .query(
        `${set} WHERE id IN (SELECT id FROM ${SCHEMA}.session_summaries
                             WHERE status = 'pending' AND ($3::text IS NULL OR project = $3) AND ${CAN_REVIEW} LIMIT $4)`,
        [status, reason, selection.project, REVIEW_BATCH],
      )
      .then((result) => result.rowCount ?? 0);
  return drain(summaries, progress, changed);
}

/**
 * Runs `batch` (one statement, its own transaction) until it changes nothing; `progress` hears the
 * running total, which starts at `from`. Returns that total.
 */
async function drain(batch: () => Promise<number>, progress: (total: number) => void, from = 0): Promise<number> {
  let total = from;
  for (;;) {
    const done = await batch();
    if (done === 0) return total;
    total += done;
    progress(total);
  }
}

/**
 * After the upgrade to schema v6 (`memory team init`, as the administrator): moves the rows still
 * waiting or rejected in memories to pending_memories, their review state kept, a batch per
 * statement (each project's, off memories_project_status), so none nears the timeout and a stopped
 * run resumes. Returns how many rows moved.
 */
export async function movePendingRows(
  client: ClientBase,
  progress: (done: number) => void = () => {},
): Promise<number> {
  let done = 0;
  const { rows: projects } = await client.query<{ name: string }>(`SELECT name FROM ${SCHEMA}.projects ORDER BY name`);
  for (const { name } of projects) {
    const batch = () =>
      client
        .query<{ n: string }>(
          `
        WITH moved AS (DELETE FROM ${SCHEMA}.memories m WHERE m.id IN (
                         SELECT id FROM ${SCHEMA}.memories WHERE project = $1 AND status IN ('pending', 'rejected') LIMIT $2)
                       RETURNING m.*),
             put AS (INSERT INTO ${SCHEMA}.pending_memories (id, ${MEMORY_BODY}, status, review_reason, reviewed_by, reviewed_at)
                     SELECT id, ${MEMORY_BODY}, status, review_reason, reviewed_by, reviewed_at FROM moved
                     ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*) AS n FROM moved`,
          [name, REVIEW_BATCH],
        )
        .then((result) => Number(result.rows[0]?.n ?? 0));
    done = await drain(batch, progress, done);
  }
  return done;
}

export interface ProjectRules {
  readonly name: string;
  readonly auto_approve: boolean;
  readonly ttl_days: number;
  readonly error_ttl_days: number;
  readonly role: string | null;
  readonly pending: number;
  readonly approved: number;
}

/** Counts of `team status` stop here ("100000+"): past it, counting costs more than it tells. */
export const COUNT_CAP = 100_000;

/** Projects the connected role can see, with its role in each and their review counts (capped). */
export async function projectsOverview(client: ClientBase, version: number): Promise<ProjectRules[]> {
  // A member's counts come from review_counts(); the administrator (a member of none) counts as the
  // owner: from schema v6 on, what waits is in pending_memories, what is approved in memories.
  const table = (status: string) =>
    version >= PENDING_SCHEMA_VERSION && status === 'pending' ? 'pending_memories' : 'memories';
  const capped = (status: string) =>
    `(SELECT count(*) FROM (SELECT 1 FROM ${SCHEMA}.${table(status)} m WHERE m.project = p.name AND m.status = '${status}' LIMIT ${COUNT_CAP + 1}) t)`;
  const { rows } = await client.query<ProjectRules>(`
    SELECT p.name, p.auto_approve, p.ttl_days, p.error_ttl_days,
           (SELECT role FROM ${SCHEMA}.project_members pm WHERE pm.project = p.name AND pm.member = current_user) AS role,
           coalesce(c.pending, ${capped('pending')})::int AS pending,
           coalesce(c.approved, ${capped('approved')})::int AS approved
    FROM ${SCHEMA}.projects p LEFT JOIN ${SCHEMA}.review_counts() c ON c.project = p.name ORDER BY p.name`);
  return rows;
}

/** One project's rules and the role's part in it, without its counts; null when the role cannot see it. */
export async function projectRules(
  client: ClientBase,
  project: string,
): Promise<Omit<ProjectRules, 'pending' | 'approved'> | null> {
  const { rows } = await client.query<Omit<ProjectRules, 'pending' | 'approved'>>(
    `SELECT p.name, p.auto_approve, p.ttl_days, p.error_ttl_days,
            (SELECT role FROM ${SCHEMA}.project_members pm WHERE pm.project = p.name AND pm.member = current_user) AS role
     FROM ${SCHEMA}.projects p WHERE p.name = $1`,
    [project],
  );
  return rows[0] ?? null;
}

/** Rows deleted per statement by expiry. */
const EXPIRE_BATCH = 5000;

/**
 * Deletes memories and summaries older than their project's TTL (errors: the error TTL) as of `now`:
 * per project the role can see, one cut-off each, in batches (what the role may delete: policies).
 */
export async function expireOld(client: ClientBase, now: Date): Promise<{ memories: number; summaries: number }> {
  const { rows: projects } = await client.query<{ name: string; ttl: number; errors: number }>(
    `SELECT name, ttl_days AS ttl, error_ttl_days AS errors FROM ${SCHEMA}.projects ORDER BY name`,
  );
  const day = 24 * 3600 * 1000;
  const cut = (days: number) => new Date(now.getTime() - days * day).toISOString();
  const batched = async (sql: string, params: readonly unknown[]) => {
    let deleted = 0;
    for (;;) {
      const result = await client.query(sql, [...params, EXPIRE_BATCH]);
      deleted += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < EXPIRE_BATCH) return deleted;
    }
  };
  let memories = 0;
  let summaries = 0;
  for (const project of projects) {
    // Approved, waiting and rejected rows alike (a rejected row past its TTL no longer needs to stop a re-push).
    for (const table of ['memories', 'pending_memories']) {
      const old = (where: string) =>
        `DELETE FROM ${SCHEMA}.${table} WHERE id IN (SELECT id FROM ${SCHEMA}.${table} WHERE project = $1 AND ${where} LIMIT $3)`;
      memories += await batched(old(`type <> 'error' AND created_at < $2::timestamptz`), [
        project.name,
        cut(project.ttl),
      ]);
      memories += await batched(old(`type = 'error' AND created_at < $2::timestamptz`), [
        project.name,
        cut(project.errors),
      ]);
    }
    summaries += await batched(
      `DELETE FROM ${SCHEMA}.session_summaries WHERE id IN (SELECT id FROM ${SCHEMA}.session_summaries
       WHERE project = $1 AND ended_at < $2::timestamptz LIMIT $3)`,
      [project.name, cut(project.ttl)],
    );
  }
  return { memories, summaries };
}
