// The tombstones waiting to be sent to the team server: what `memory forget` and leaving a project queue
// (only for what was already pushed), and what a push sends and then clears. Their table is made with the
// other team tables (local-queries.ts), so a database that never joined a team queues nothing.
import type { Db } from '../db/open.js';
import { withBusyRetry } from '../db/open.js';
import type { MemoryRow } from '../memory.js';
import { hasTeamTables } from './local-queries.js';

export interface Tombstone {
  readonly kind: 'memory' | 'summary';
  /** The local memory id, or the session id of a summary. */
  readonly localKey: string;
  readonly project: string;
}

/**
 * Called by `memory forget` inside its delete transaction, before the rows go: queues a tombstone
 * for every memory already pushed and every summary of a project ever shared. A database that never
 * joined a team has no team tables and queues nothing.
 */
export function queueTombstones(
  db: Db,
  rows: readonly Pick<MemoryRow, 'id' | 'project'>[],
  summarySessionIds: readonly string[],
  nowIso: string,
): number {
  if (!hasTeamTables(db)) return 0;
  const memory = db.prepare(`
    INSERT OR IGNORE INTO team_tombstones (kind, local_key, project, queued_at)
    SELECT 'memory', @id, project, @now FROM team_projects WHERE project = @project AND memory_cursor >= @id`);
  const summary = db.prepare(`
    INSERT OR IGNORE INTO team_tombstones (kind, local_key, project, queued_at)
    SELECT 'summary', s.session_id, s.project, @now FROM session_summaries s JOIN team_projects t ON t.project = s.project
    WHERE s.session_id = @sessionId`);
  let queued = 0;
  // A BigInt binds as an integer, so the TEXT key reads `12`, not `12.0`.
  for (const row of rows) queued += memory.run({ id: BigInt(row.id), project: row.project, now: nowIso }).changes;
  for (const sessionId of summarySessionIds) queued += summary.run({ sessionId, now: nowIso }).changes;
  return queued;
}

/** Queues tombstones for everything of `project` already pushed (leaving a project's team memory). */
export function queueProjectRetraction(db: Db, project: string, nowIso: string): number {
  return withBusyRetry(() =>
    db
      .transaction(() => {
        const memories = db
          .prepare(
            `
      INSERT OR IGNORE INTO team_tombstones (kind, local_key, project, queued_at)
      SELECT 'memory', m.id, m.project, @now FROM memories m JOIN team_projects t ON t.project = m.project
      WHERE m.project = @project AND m.id <= t.memory_cursor`,
          )
          .run({ project, now: nowIso }).changes;
        const summaries = db
          .prepare(
            `
      INSERT OR IGNORE INTO team_tombstones (kind, local_key, project, queued_at)
      SELECT 'summary', s.session_id, s.project, @now FROM session_summaries s JOIN team_projects t ON t.project = s.project
      WHERE s.project = @project AND s.updated_at <= t.summary_cursor`,
          )
          .run({ project, now: nowIso }).changes;
        return memories + summaries;
      })
      .immediate(),
  );
}

export function queuedTombstones(db: Db): Tombstone[] {
  if (!hasTeamTables(db)) return [];
  return db
    .prepare('SELECT kind, local_key AS localKey, project FROM team_tombstones ORDER BY queued_at, kind, local_key')
    .all() as Tombstone[];
}

export function clearTombstones(db: Db, sent: readonly Tombstone[]): void {
  const remove = db.prepare('DELETE FROM team_tombstones WHERE kind = ? AND local_key = ?');
  withBusyRetry(() =>
    db
      .transaction(() => {
        for (const tombstone of sent) remove.run(tombstone.kind, tombstone.localKey);
      })
      .immediate(),
  );
}
