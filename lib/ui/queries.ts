// Reads behind the page's timeline: sessions by last activity (paged), one session's memories in
// order with its summary, the projects list; and the read-only connection the page runs on.
import type { MemoryRow } from '../memory.js';
import { prepared, type Db } from '../db/open.js';
import { openForReading, type ReadHandle } from '../db/read-only.js';

/**
 * Opens an existing database for reading only (never created, never migrated; from a snapshot when
 * this user cannot write beside it, lib/db/read-only.ts); null when missing.
 */
export function openReadOnly(path: string): ReadHandle | null {
  const handle = openForReading(path, { create: false, readonly: true });
  // Belt and braces: even a statement that tried to write would be refused by SQLite.
  handle?.db.pragma('query_only = ON');
  return handle;
}

export interface SessionListItem {
  readonly session_id: string;
  readonly project: string;
  readonly started_at: string;
  readonly last_at: string;
  readonly memories: number;
  readonly errors: number;
  /** The summary's first line, when the session has a summary. */
  readonly headline: string | null;
}

export interface SessionPage {
  readonly total: number;
  readonly sessions: SessionListItem[];
}

// Sessions are grouped from the memories (a session still running has no summary yet), newest
// activity first. Without a project the grouping reads only the (session_id, created_at) index; with
// one, only that project's rows through memories_stats, which leads with the project (a statement per case: one
// statement for both would keep SQLite on the first plan). The page's sessions then get their
// project, errors and summary line one by one. A project keeps only its memories of each session.
const inScope = (project: string | null): string => (project === null ? '1' : 'm.project = @project');

const sessionsSql = (project: string | null): string => `
  SELECT m.session_id, min(m.created_at) AS started_at, max(m.created_at) AS last_at, count(*) AS memories,
         count(*) OVER () AS sessions
  FROM memories m WHERE ${inScope(project)}
  GROUP BY m.session_id ORDER BY last_at DESC, m.session_id DESC LIMIT @limit OFFSET @offset`;

const SESSION_FACTS_SQL = `
  SELECT (SELECT m.project FROM memories m WHERE m.session_id = @sessionId AND (@project IS NULL OR m.project = @project)
          ORDER BY m.created_at DESC LIMIT 1) AS project,
         (SELECT count(*) FROM memories m WHERE m.session_id = @sessionId AND (@project IS NULL OR m.project = @project)
          AND m.type = 'error') AS errors,
         (SELECT substr(s.summary, 1, 300) FROM session_summaries s WHERE s.session_id = @sessionId) AS headline`;

const sessionCountSql = (project: string | null): string => `
  SELECT count(DISTINCT m.session_id) FROM memories m WHERE ${inScope(project)}`;

// Position of one session in the timeline's order, to open the page that holds it.
const sessionRankSql = (project: string | null): string => `
  WITH grouped AS (
    SELECT m.session_id, max(m.created_at) AS last_at FROM memories m WHERE ${inScope(project)} GROUP BY m.session_id
  ), target AS (SELECT last_at FROM grouped WHERE session_id = @sessionId)
  SELECT (SELECT count(*) FROM grouped g, target t
          WHERE g.last_at > t.last_at OR (g.last_at = t.last_at AND g.session_id > @sessionId))
  FROM target`;

export function sessionPage(db: Db, project: string | null, limit: number, offset: number): SessionPage {
  const rows = prepared(db, sessionsSql(project)).all({ project, limit, offset }) as Array<
    Omit<SessionListItem, 'project' | 'errors' | 'headline'> & { sessions: number }
  >;
  // The window count rides along with the page; past the last page there is no row to carry it.
  const total = rows[0]?.sessions ?? (prepared(db, sessionCountSql(project)).pluck().get({ project }) as number);
  const facts = prepared(db, SESSION_FACTS_SQL);
  const sessions = rows.map(({ sessions: _total, ...row }) => {
    const more = facts.get({ project, sessionId: row.session_id }) as {
      project: string;
      errors: number;
      headline: string | null;
    };
    return {
      ...row,
      project: more.project,
      errors: more.errors,
      headline: more.headline === null ? null : (more.headline.split('\n')[0] ?? ''),
    };
  });
  return { total, sessions };
}

/** How many sessions come before `sessionId` in the timeline; null when it has no memories (in this project). */
export function sessionRank(db: Db, project: string | null, sessionId: string): number | null {
  const rank = prepared(db, sessionRankSql(project)).pluck().get({ project, sessionId }) as number | undefined;
  return rank ?? null;
}

export interface SessionSummaryText {
  readonly summary: string;
  readonly started_at: string;
  readonly ended_at: string;
  readonly duration_sec: number;
}

export interface SessionDetail {
  readonly session_id: string;
  readonly total: number;
  readonly summary: SessionSummaryText | null;
  readonly memories: MemoryRow[];
}

/** A session's memories in the order they happened (a page of them), with its summary. */
export function sessionDetail(db: Db, sessionId: string, limit: number, offset: number): SessionDetail {
  const total = prepared(db, 'SELECT count(*) FROM memories m WHERE m.session_id = @sessionId')
    .pluck()
    .get({ sessionId }) as number;
  const memories = prepared(
    db,
    `
    SELECT m.* FROM memories m WHERE m.session_id = @sessionId
    ORDER BY m.created_at, m.id LIMIT @limit OFFSET @offset`,
  ).all({ sessionId, limit, offset }) as MemoryRow[];
  const summary = prepared(
    db,
    `
    SELECT s.summary, s.started_at, s.ended_at, s.duration_sec FROM session_summaries s
    WHERE s.session_id = @sessionId`,
  ).get({ sessionId }) as SessionSummaryText | undefined;
  return { session_id: sessionId, total, summary: summary ?? null, memories };
}

export interface ProjectItem {
  readonly project: string;
  readonly memories: number;
  readonly last_at: string;
}

/** Every project, most recently active first (walks the narrow memories_stats index only). */
export function projectList(db: Db): ProjectItem[] {
  return prepared(
    db,
    `
    SELECT m.project, count(*) AS memories, max(m.created_at) AS last_at FROM memories m
    GROUP BY m.project ORDER BY last_at DESC`,
  ).all() as ProjectItem[];
}
