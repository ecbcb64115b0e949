// What SessionStart's block reads from one project: its latest sessions, its latest changes and its open
// errors, each bounded by the block's window (`since`) and by how many lines the block shows.
import type { ContextRow, ContextSummaryRow, Importance } from '../memory.js';
import { prepared, type Db } from '../db/open.js';

/**
 * The `limit` newest sessions that did some tool work (sessions that only talked fill the slots
 * left), and the newest session of all when it is not among them: SessionStart says it was empty.
 */
export function recentSummaries(db: Db, projectPath: string, limit: number, since = ''): ContextSummaryRow[] {
  const columns = `summary, ended_at AS endedAt, session_id AS sessionId, request, outcome, error_count AS errorCount,
           memory_count AS memoryCount, agent,
           (SELECT count(*) FROM memories m WHERE m.session_id = s.session_id AND m.type = 'error'
              AND m.resolved_by IS NULL) AS openErrors`;
  const rows = prepared(
    db,
    `SELECT ${columns} FROM session_summaries s WHERE project_path = ? AND ended_at >= ?
    ORDER BY memory_count > 0 DESC, ended_at DESC LIMIT ?`,
  ).all(projectPath, since, limit) as ContextSummaryRow[];
  const newest = prepared(
    db,
    `SELECT ${columns} FROM session_summaries s WHERE project_path = ? AND ended_at >= ? ORDER BY ended_at DESC LIMIT 1`,
  ).get(projectPath, since) as ContextSummaryRow | undefined;
  const all = newest && !rows.some((row) => row.sessionId === newest.sessionId) ? [...rows, newest] : rows;
  return all.sort((a, b) => (a.endedAt < b.endedAt ? 1 : a.endedAt > b.endedAt ? -1 : 0));
}

export function recentByImportance(
  db: Db,
  projectPath: string,
  importance: Importance,
  limit: number,
  since = '',
): ContextRow[] {
  return prepared(
    db,
    `
    SELECT content, file_path AS filePath, created_at AS createdAt, session_id AS sessionId, agent FROM memories
    WHERE project_path = ? AND importance = ? AND created_at >= ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  ).all(projectPath, importance, since, limit) as ContextRow[];
}

/** One open error as the walk below reads it. */
interface OpenErrorRow {
  readonly id: number;
  readonly commandKey: string | null;
  readonly toolName: string;
  readonly content: string;
  readonly filePath: string | null;
  readonly createdAt: string;
  readonly sessionId: string;
  readonly agent: string;
}

interface CountRow {
  readonly times: number;
  readonly maxId: number;
}

/** How many open errors the walk reads at a time. */
const WALK_PAGE = 64;

const OPEN_ERROR_COLUMNS = `id, command_key AS commandKey, tool_name AS toolName, content, file_path AS filePath,
  created_at AS createdAt, session_id AS sessionId, agent`;
const openInProject = (time: string): string =>
  `project_path = @projectPath AND type = 'error' AND resolved_by IS NULL AND ${time} >= @since`;
const OPEN_IN_PROJECT = openInProject('created_at');
// The counts seek by key or text: `+created_at` keeps SQLite from walking the time index instead.
const OPEN_FOR_COUNT = openInProject('+created_at');
// Newest first along memories_open_errors_recent: (created_at, rowid) is that index's own order.
export const OPEN_ERRORS_FIRST_PAGE = `SELECT ${OPEN_ERROR_COLUMNS} FROM memories WHERE ${OPEN_IN_PROJECT}
  ORDER BY created_at DESC, id DESC LIMIT ${WALK_PAGE}`;
export const OPEN_ERRORS_NEXT_PAGE = `SELECT ${OPEN_ERROR_COLUMNS} FROM memories WHERE ${OPEN_IN_PROJECT}
  AND (created_at, id) < (@beforeAt, @beforeId) ORDER BY created_at DESC, id DESC LIMIT ${WALK_PAGE}`;
// How many open failures one command stands for (memories_open_errors: project, key).
export const OPEN_ERRORS_COUNT_BY_KEY = `SELECT count(*) AS times, max(id) AS maxId FROM memories WHERE ${OPEN_FOR_COUNT}
  AND command_key = @key`;
// The errors without a key (an Edit that missed) are the same when their tool and text are: found by
// the text's length and ending first (memories_open_unkeyed), so only look-alikes are compared whole.
export const OPEN_ERRORS_COUNT_BY_TEXT = `SELECT count(*) AS times, max(id) AS maxId FROM memories WHERE ${OPEN_FOR_COUNT}
  AND command_key IS NULL AND tool_name = @toolName AND length(content) = length(@content)
  AND substr(content, -16) = substr(@content, -16) AND content = @content`;

/**
 * Errors no later run has resolved, newest first, each failing command once: its latest run, with
 * how many open failures it has. Errors without a command key (an Edit that missed) are the same
 * when their tool and text are. Repetition never pushes an older, different error out of the slots.
 *
 * It walks the project's open errors newest first only until `limit` different failures are found
 * (and the rows that could tie with the last of them), then counts each failure by its key: a project
 * with thousands of open errors costs what one with ten does. The order is the one a GROUP BY over all
 * of them gives: the latest run first, then the failure whose newest row is newer.
 */
export function openErrors(db: Db, projectPath: string, limit: number, since = ''): ContextRow[] {
  const where = { projectPath, since };
  const found = new Map<string, OpenErrorRow>();
  let lastAt = '';
  let page = prepared(db, OPEN_ERRORS_FIRST_PAGE).all(where) as OpenErrorRow[];
  walk: for (;;) {
    for (const row of page) {
      if (found.size >= limit && row.createdAt < lastAt) break walk;
      const key = row.commandKey ?? `${row.toolName}\0${row.content}`;
      if (found.has(key)) continue;
      found.set(key, row);
      lastAt = row.createdAt;
    }
    const last = page[page.length - 1];
    if (page.length < WALK_PAGE || !last) break;
    page = prepared(db, OPEN_ERRORS_NEXT_PAGE).all({
      ...where,
      beforeAt: last.createdAt,
      beforeId: last.id,
    }) as OpenErrorRow[];
  }
  const counted = [...found.values()].map((row) => {
    const { times, maxId } = (
      row.commandKey === null
        ? prepared(db, OPEN_ERRORS_COUNT_BY_TEXT).get({ ...where, toolName: row.toolName, content: row.content })
        : prepared(db, OPEN_ERRORS_COUNT_BY_KEY).get({ ...where, key: row.commandKey })
    ) as CountRow;
    return { row, times, maxId };
  });
  counted.sort((a, b) =>
    a.row.createdAt !== b.row.createdAt ? (a.row.createdAt < b.row.createdAt ? 1 : -1) : b.maxId - a.maxId,
  );
  return counted.slice(0, limit).map(({ row, times }) => ({
    content: row.content,
    filePath: row.filePath,
    createdAt: row.createdAt,
    sessionId: row.sessionId,
    times,
    agent: row.agent,
  }));
}
