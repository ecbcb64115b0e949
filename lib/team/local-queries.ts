// Team bookkeeping inside the local SQLite file: this host's id, which projects are shared, how far
// each was pushed (the per-host cursor); the tombstones waiting to be sent are tombstone-queries.ts'. Small
// tables created on first team use, outside the numbered migrations, so a database that never joins a team never has them.
import { crypto } from '../runtime/builtins.js';
import type { Db } from '../db/open.js';
import { withBusyRetry } from '../db/open.js';
import type { MemoryRow, SummaryRecord } from '../memory.js';

const TABLES = `
  CREATE TABLE IF NOT EXISTS team_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS team_projects (
    project        TEXT    PRIMARY KEY,
    shared         INTEGER NOT NULL CHECK (shared IN (0, 1)),
    changed_at     TEXT    NOT NULL,
    memory_cursor  INTEGER NOT NULL DEFAULT 0,
    summary_cursor TEXT    NOT NULL DEFAULT ''
  );
  CREATE TABLE IF NOT EXISTS team_tombstones (
    kind      TEXT NOT NULL CHECK (kind IN ('memory', 'summary')),
    local_key TEXT NOT NULL,
    project   TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    PRIMARY KEY (kind, local_key)
  );`;

export interface TeamProject {
  readonly project: string;
  readonly shared: boolean;
  readonly changedAt: string;
  /** Highest local memory id already on the server. */
  readonly memoryCursor: number;
  /** updated_at of the newest session summary already on the server ('' for none). */
  readonly summaryCursor: string;
}

export function ensureTeamTables(db: Db): void {
  if (hasTeamTables(db)) return;
  withBusyRetry(() => db.exec(TABLES));
}

export function hasTeamTables(db: Db): boolean {
  return (
    db
      .prepare(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('team_state', 'team_projects', 'team_tombstones')",
      )
      .pluck()
      .get() === 3
  );
}

function state(db: Db, key: string): string | null {
  return (db.prepare('SELECT value FROM team_state WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
}

function setState(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO team_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** This database's random host id, created once: it keys every row this host pushes. */
/** This host's id when it has one, without creating it (for read-only connections); null before the first team command. */
export function knownHostId(db: Db): string | null {
  return hasTeamTables(db) ? state(db, 'host_id') : null;
}

export function hostId(db: Db): string {
  return withBusyRetry(() =>
    db
      .transaction(() => {
        const known = state(db, 'host_id');
        if (known) return known;
        const fresh = crypto().randomUUID();
        setState(db, 'host_id', fresh);
        return fresh;
      })
      .immediate(),
  );
}

/** Whether the cursors were kept for another server than `serverId` (before the first push they hold for any). */
export function isAnotherServer(db: Db, serverId: string): boolean {
  const known = state(db, 'server_id');
  return known !== null && known !== serverId;
}

/**
 * Remembers which server the cursors refer to. A different server (a new database, a restore)
 * has none of our rows: the cursors start over, and the server's keys make the re-send harmless.
 */
export function adoptServer(db: Db, serverId: string): boolean {
  return withBusyRetry(() =>
    db
      .transaction(() => {
        const another = isAnotherServer(db, serverId);
        if (state(db, 'server_id') === serverId) return false;
        setState(db, 'server_id', serverId);
        if (another) db.prepare("UPDATE team_projects SET memory_cursor = 0, summary_cursor = ''").run();
        return another;
      })
      .immediate(),
  );
}

export type PushCursors = Pick<TeamProject, 'memoryCursor' | 'summaryCursor'>;

/** Where a push to a server that has none of our rows starts. */
export const FIRST_PUSH: PushCursors = { memoryCursor: 0, summaryCursor: '' };

/**
 * Where the next push to the server `serverId` starts for `project`: its cursors, or the very start
 * for a server other than the one they were kept for (as adoptServer will decide). Push moves by it;
 * share and status count by it. `serverId` null (a server not asked): the one last pushed to.
 */
export function pushCursors(db: Db, project: PushCursors, serverId: string | null): PushCursors {
  if (serverId !== null && isAnotherServer(db, serverId)) return FIRST_PUSH;
  return { memoryCursor: project.memoryCursor, summaryCursor: project.summaryCursor };
}

/** Whether this database has pushed to some server, whose cursors another server would not follow. */
export function hasPushed(db: Db): boolean {
  return hasTeamTables(db) && state(db, 'server_id') !== null;
}

export function teamProjects(db: Db): TeamProject[] {
  const rows = db
    .prepare(
      `
    SELECT project, shared, changed_at AS changedAt, memory_cursor AS memoryCursor, summary_cursor AS summaryCursor
    FROM team_projects ORDER BY project`,
    )
    .all() as Array<Omit<TeamProject, 'shared'> & { shared: number }>;
  return rows.map((row) => ({ ...row, shared: row.shared === 1 }));
}

/** One project's row; the cursors at the start for a project never shared. */
export function teamProject(db: Db, project: string): TeamProject {
  return (
    teamProjects(db).find((p) => p.project === project) ?? {
      project,
      shared: false,
      changedAt: '',
      memoryCursor: 0,
      summaryCursor: '',
    }
  );
}

/**
 * Shares or unshares a project. Sharing `fromNow` starts the cursor at the newest memory and summary,
 * so only what happens from here on is pushed; otherwise the project's history goes too.
 */
export function setShared(db: Db, project: string, shared: boolean, nowIso: string, fromNow = false): void {
  withBusyRetry(() =>
    db
      .transaction(() => {
        db.prepare(
          `
      INSERT INTO team_projects (project, shared, changed_at) VALUES (?, ?, ?)
      ON CONFLICT (project) DO UPDATE SET shared = excluded.shared, changed_at = excluded.changed_at`,
        ).run(project, shared ? 1 : 0, nowIso);
        if (shared && fromNow) {
          db.prepare(
            `
        UPDATE team_projects SET
          memory_cursor = max(memory_cursor, coalesce((SELECT max(id) FROM memories WHERE project = @project), 0)),
          summary_cursor = max(summary_cursor, coalesce((SELECT max(updated_at) FROM session_summaries WHERE project = @project), ''))
        WHERE project = @project`,
          ).run({ project });
        }
      })
      .immediate(),
  );
}

export function projectExists(db: Db, project: string): boolean {
  return (
    db
      .prepare(
        'SELECT 1 FROM memories WHERE project = ? UNION ALL SELECT 1 FROM session_summaries WHERE project = ? LIMIT 1',
      )
      .get(project, project) !== undefined
  );
}

/** Ids read per range: a few batches' worth where the project holds most rows, more where it holds few. */
const ID_SPAN = 5000;

/**
 * The project's next memories after `cursor`, read as rowid ranges of the primary key (no index on
 * the project, no sort), and how far the ids were read: the cursor may move there once the rows are
 * on the server, since ids only grow (AUTOINCREMENT) and the read sees one snapshot.
 */
export function memoriesAfter(
  db: Db,
  project: string,
  cursor: number,
  limit: number,
): { rows: MemoryRow[]; readTo: number } {
  // `+project` keeps SQLite from choosing the project index (and sorting its rows by id).
  const range = db.prepare('SELECT * FROM memories WHERE id > ? AND id <= ? AND +project = ? ORDER BY id LIMIT ?');
  return db.transaction(() => {
    const last = (db.prepare('SELECT max(id) FROM memories').pluck().get() as number | null) ?? 0;
    const rows: MemoryRow[] = [];
    let from = cursor;
    while (rows.length < limit && from < last) {
      const to = Math.min(from + ID_SPAN, last);
      const found = range.all(from, to, project, limit - rows.length) as MemoryRow[];
      rows.push(...found);
      from = rows.length >= limit ? (found[found.length - 1]?.id as number) : to;
    }
    return { rows, readTo: Math.max(from, cursor) };
  })();
}

/** A session summary as stored: its lists still JSON text. */
export type StoredSummary = Omit<SummaryRecord, 'tools_used' | 'files_changed'> & {
  readonly tools_used: string;
  readonly files_changed: string;
};

export function summariesAfter(db: Db, project: string, cursor: string): StoredSummary[] {
  return db
    .prepare('SELECT * FROM session_summaries WHERE project = ? AND updated_at > ? ORDER BY updated_at, session_id')
    .all(project, cursor) as StoredSummary[];
}

/** How many memories and session summaries of `project` a push starting `from` sends (see pushCursors). */
export function unpushedCount(db: Db, project: string, from: PushCursors): { memories: number; summaries: number } {
  return {
    memories: db
      .prepare('SELECT count(*) FROM memories WHERE project = ? AND id > ?')
      .pluck()
      .get(project, from.memoryCursor) as number,
    summaries: db
      .prepare('SELECT count(*) FROM session_summaries WHERE project = ? AND updated_at > ?')
      .pluck()
      .get(project, from.summaryCursor) as number,
  };
}

export function advanceCursor(db: Db, project: string, cursor: { memory?: number; summary?: string }): void {
  withBusyRetry(() =>
    db
      .prepare(
        `
    UPDATE team_projects SET memory_cursor = max(memory_cursor, coalesce(@memory, 0)),
                             summary_cursor = max(summary_cursor, coalesce(@summary, ''))
    WHERE project = @project`,
      )
      .run({ project, memory: cursor.memory ?? null, summary: cursor.summary ?? null }),
  );
}

/** Forgets how far every project was pushed (push --all). */
export function resetCursors(db: Db): void {
  withBusyRetry(() => db.prepare("UPDATE team_projects SET memory_cursor = 0, summary_cursor = ''").run());
}
