// What recall reads from the database: how many memories the project holds, in how many of them each
// query word occurs, the rows that contain any kept word with their bm25 and matched words, and the
// (session, memory) pairs already injected. The one module that knows recall's FTS tables: a new
// index layout changes this file and nothing else of recall.
import { prepared, withBusyRetry, type Db } from './open.js';

/** One query word as the index is asked for it. */
export interface CandidateWord {
  readonly text: string;
  /** Match stored words that start with it (Korean words carry particles). */
  readonly prefix: boolean;
}

export interface CandidateRow {
  readonly id: number;
  readonly type: string;
  readonly toolName: string;
  readonly filePath: string | null;
  readonly content: string;
  readonly createdAt: string;
}

/**
 * An FTS5 string literal (no operator, column filter or bracket survives it), looked up in a memory's
 * own text only: every memory of a turn shares the request column, which would make a word of the
 * prompt look common and pull in rows for what was asked rather than what was done.
 */
function ftsLiteral(word: CandidateWord): string {
  return `{name head body} : "${word.text.replaceAll('"', '""')}"${word.prefix ? '*' : ''}`;
}

export function projectRowCount(db: Db, projectPath: string): number {
  return prepared(db, 'SELECT count(*) FROM memories WHERE project_path = ?').pluck().get(projectPath) as number;
}

const WORD_IDS_SQL = `
  SELECT m.id FROM memory_words f JOIN memories m ON m.id = f.rowid
  WHERE memory_words MATCH @match AND m.project_path = @projectPath
  LIMIT @limit`;

/**
 * The ids of the project's memories that contain `word`, at most `cap + 1` of them: a caller that
 * drops words found in more than `cap` rows never reads a common word's whole list.
 */
export function wordIds(db: Db, projectPath: string, word: CandidateWord, cap: number): number[] {
  return prepared(db, WORD_IDS_SQL)
    .pluck()
    .all({ match: ftsLiteral(word), projectPath, limit: cap + 1 }) as number[];
}

// The OR of the kept words is ranked first, alone (materialised, so bm25 runs once per hit), and
// then joined to the project: an FTS MATCH restricted to a list of rowids re-runs the whole query
// for every id, seconds for a few thousand candidates.
const BM25_SQL = `
  WITH hits AS MATERIALIZED (SELECT rowid AS id, -bm25(memory_words, 1.0, 1.0, 1.0, 0.0) AS bm25 FROM memory_words WHERE memory_words MATCH @match)
  SELECT hits.id AS id, hits.bm25 AS bm25 FROM hits JOIN memories m ON m.id = hits.id WHERE m.project_path = @projectPath`;

/** bm25 over the OR of `words` of every memory of the project that contains any of them. */
export function bm25Of(db: Db, projectPath: string, words: readonly CandidateWord[]): Map<number, number> {
  if (words.length === 0) return new Map();
  const rows = prepared(db, BM25_SQL).all({
    match: words.map((word) => `(${ftsLiteral(word)})`).join(' OR '),
    projectPath,
  }) as Array<{ id: number; bm25: number }>;
  return new Map(rows.map((row) => [row.id, row.bm25]));
}

const ROWS_SQL = `
  SELECT id, type, tool_name AS toolName, file_path AS filePath, content, created_at AS createdAt
  FROM memories WHERE id IN (SELECT value FROM json_each(?))`;

export function candidateRows(db: Db, ids: readonly number[]): CandidateRow[] {
  if (ids.length === 0) return [];
  return prepared(db, ROWS_SQL).all(JSON.stringify(ids)) as CandidateRow[];
}

/** The ids among `ids` already injected into this session. */
export function injectedIds(db: Db, sessionId: string, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const found = prepared(
    db,
    'SELECT memory_id FROM recall_injections WHERE session_id = ? AND memory_id IN (SELECT value FROM json_each(?))',
  )
    .pluck()
    .all(sessionId, JSON.stringify(ids)) as number[];
  return new Set(found);
}

/**
 * Records `ids` as injected into the session; returns those this call recorded first. Two hook
 * processes racing on one session can each claim a memory only once: the primary key decides.
 */
export function claimInjections(db: Db, sessionId: string, ids: readonly number[], at: string): number[] {
  const insert = prepared(
    db,
    'INSERT OR IGNORE INTO recall_injections (session_id, memory_id, injected_at) VALUES (?, ?, ?)',
  );
  return withBusyRetry(() =>
    db.transaction(() => ids.filter((id) => insert.run(sessionId, id, at).changes > 0)).immediate(),
  );
}

/** Injection records older than `before` (their sessions are long over). */
export function pruneInjections(db: Db, before: string): number {
  return withBusyRetry(() => prepared(db, 'DELETE FROM recall_injections WHERE injected_at < ?').run(before).changes);
}
