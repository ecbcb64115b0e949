// SQL of the `memory` CLI: the three search tiers, recent rows, stats and session summaries
// (forget lives in forget.ts).
// Rows keep the database's own column names because `--json` prints them as they are stored.
import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';
import { likeSnippet, tiersOf, type SearchPlan, type Tier } from '../search/plan.js';

/** Every filter is optional (null); all given ones must hold. */
export interface Filters {
  readonly project: string | null;
  readonly projectPath: string | null;
  readonly type: string | null;
  readonly since: string | null;
  readonly before: string | null;
  readonly sessionId: string | null;
  readonly ids: readonly number[] | null;
}

export const NO_FILTERS: Filters = {
  project: null, projectPath: null, type: null, since: null, before: null, sessionId: null, ids: null,
};

export interface MemoryRow {
  readonly id: number;
  readonly session_id: string;
  readonly tool_name: string;
  readonly type: string;
  readonly project: string;
  readonly project_path: string;
  readonly file_path: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: number;
  readonly created_at: string;
  readonly tool_use_id: string | null;
  readonly agent_id: string | null;
  readonly exit_code: number | null;
  readonly source: string;
}

export interface SearchHit {
  readonly row: MemoryRow;
  /** Snippet of the content with hits between MARK_START and MARK_END. */
  readonly snippet: string;
}

export interface SearchResult {
  /** The tier that answered; the last one tried when nothing matched. */
  readonly tier: Tier;
  readonly hits: readonly SearchHit[];
}

// Static SQL with NULL-able parameters: one prepared shape per statement, whatever filters are given.
const WHERE = `
  (@project IS NULL OR m.project = @project)
  AND (@projectPath IS NULL OR m.project_path = @projectPath)
  AND (@type IS NULL OR m.type = @type)
  AND (@since IS NULL OR m.created_at >= @since)
  AND (@before IS NULL OR m.created_at < @before)
  AND (@sessionId IS NULL OR m.session_id = @sessionId)
  AND (@ids IS NULL OR m.id IN (SELECT value FROM json_each(@ids)))`;

export function bind(filters: Filters): Record<string, string | null> {
  const { ids, ...rest } = filters;
  return { ...rest, ids: ids === null ? null : JSON.stringify(ids) };
}

// Relevance r = -bm25 (≥ 0) squashed to r/(1+r) in [0,1), then up to 20% more for a memory from today,
// fading over weeks: recent work wins near-ties without burying a much better old match.
// Ranking reads only ids and bm25 (materialised, so bm25 runs once per hit); the page of winners is
// then read by id and its snippets cut in JS. snippet() would run for every hit, and a second
// MATCH restricted to the winners re-reads the whole doclist: both cost more than the ranking.
function ftsRankSql(table: 'memories_fts' | 'memories_trigram'): string {
  return `
    WITH hits AS MATERIALIZED (SELECT rowid AS id, bm25(${table}) AS r FROM ${table} WHERE ${table} MATCH @match)
    SELECT m.id FROM hits JOIN memories m ON m.id = hits.id
    WHERE ${WHERE}
    ORDER BY (-hits.r / (1.0 - hits.r)) * (1.0 + 0.2 / (1.0 + max(0.0, @nowJulian - julianday(m.created_at)) / 7.0)) DESC,
             m.created_at DESC, m.id DESC
    LIMIT @limit`;
}

const ROWS_BY_ID_SQL = 'SELECT m.* FROM memories m WHERE m.id IN (SELECT value FROM json_each(@ids))';

// A row must contain every term (in its content, tags or file path): the same AND as the FTS tiers.
// One group per term, bound as @p0…@pN (a json_each join per row costs half again as much).
// A term without ASCII letters (Korean, digits, symbols) is matched with GLOB, a third cheaper
// than LIKE over a full scan and identical for it: LIKE folds the case of ASCII letters only.
type TermMatch = { readonly op: 'LIKE' | 'GLOB'; readonly pattern: string };

function termMatches(plan: SearchPlan): TermMatch[] {
  return plan.terms.map((term, i) => (/[A-Za-z]/.test(term)
    ? { op: 'LIKE', pattern: plan.like[i] as string }
    : { op: 'GLOB', pattern: `*${term.replace(/[*?[]/g, (char) => `[${char}]`)}*` }));
}

function likeSql(matches: readonly TermMatch[], order: 'newest-first' | 'scan'): string {
  const terms = matches.map(({ op }, i) => {
    const test = (column: string) => (op === 'LIKE' ? `${column} LIKE @p${i} ESCAPE '\\'` : `${column} GLOB @p${i}`);
    return `(${test('m.content')} OR ${test('m.tags')} OR ${test("coalesce(m.file_path, '')")})`;
  });
  // `newest-first` walks the created_at index and stops at @limit hits: instant for common terms,
  // so it is bounded by @recentFrom. `scan` reads the table in storage order and sorts only the
  // hits (the unary + keeps SQLite off the index): a rare term costs one sequential pass.
  const bound = order === 'newest-first' ? 'AND m.created_at >= @recentFrom' : '';
  const orderBy = order === 'newest-first' ? 'm.created_at DESC, m.id DESC' : '+m.created_at DESC, m.id DESC';
  return `
    SELECT m.* FROM memories m
    WHERE ${WHERE} ${bound} AND ${terms.join(' AND ')}
    ORDER BY ${orderBy}
    LIMIT @limit`;
}

/** How many of the newest memories the index-order pass of the LIKE tier looks at. */
const LIKE_RECENT_WINDOW = 5000;

function likeRows(db: Db, plan: SearchPlan, params: Record<string, unknown>): MemoryRow[] {
  const matches = termMatches(plan);
  const patterns = Object.fromEntries(matches.map(({ pattern }, i) => [`p${i}`, pattern]));
  const bound = { ...params, ...patterns };
  const limit = params['limit'] as number;
  if (limit > 0) {
    const recentFrom = prepared(db, 'SELECT created_at FROM memories ORDER BY created_at DESC LIMIT 1 OFFSET ?')
      .pluck().get(LIKE_RECENT_WINDOW - 1) as string | undefined;
    if (recentFrom !== undefined) {
      const recent = prepared(db, likeSql(matches, 'newest-first')).all({ ...bound, recentFrom }) as MemoryRow[];
      // Enough hits among the newest rows are exactly the newest hits overall.
      if (recent.length >= limit) return recent;
    }
  }
  return prepared(db, likeSql(matches, 'scan')).all(bound) as MemoryRow[];
}

export interface SearchOptions {
  /** Maximum hits; null for all of them (forget --match). */
  readonly limit: number | null;
  readonly now: Date;
}

/** Tries unicode61, then trigram, then LIKE; the first tier with any hit answers. */
export function searchMemories(db: Db, plan: SearchPlan, filters: Filters, options: SearchOptions): SearchResult {
  const common = { ...bind(filters), limit: options.limit ?? -1, nowJulian: options.now.getTime() / 86_400_000 + 2_440_587.5 };
  let tier: Tier = 'like';
  for (tier of tiersOf(plan)) {
    const hits = runTier(db, tier, plan, common);
    if (hits.length > 0) return { tier, hits };
  }
  return { tier, hits: [] };
}


function runTier(db: Db, tier: Tier, plan: SearchPlan, params: Record<string, unknown>): SearchHit[] {
  if (tier === 'like') {
    const rows = likeRows(db, plan, params);
    return rows.map((row) => ({ row, snippet: likeSnippet(row.content, plan.terms) }));
  }
  const table = tier === 'unicode61' ? 'memories_fts' : 'memories_trigram';
  const match = tier === 'unicode61' ? plan.unicode61 : plan.trigram;
  const ids = prepared(db, ftsRankSql(table)).pluck().all({ ...params, match }) as number[];
  if (ids.length === 0) return [];
  const rows = prepared(db, ROWS_BY_ID_SQL).all({ ids: JSON.stringify(ids) }) as MemoryRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ row, snippet: likeSnippet(row.content, plan.terms) }] : [];
  });
}

// Statements compiled once per connection: a long-lived caller (the benchmarks, a future server)
// searches many times; compiling an FTS query costs about as much as running a small one.
const statementCache = new WeakMap<Db, Map<string, Statement>>();
function prepared(db: Db, sql: string): Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

export function recentMemories(db: Db, filters: Filters, limit: number): MemoryRow[] {
  return db.prepare(`
    SELECT m.* FROM memories m WHERE ${WHERE}
    ORDER BY m.created_at DESC, m.id DESC LIMIT @limit`).all({ ...bind(filters), limit }) as MemoryRow[];
}

export interface SummaryRecord {
  readonly session_id: string;
  readonly project: string;
  readonly project_path: string;
  readonly summary: string;
  readonly tools_used: string[];
  readonly files_changed: string[];
  readonly memory_count: number;
  readonly error_count: number;
  readonly duration_sec: number;
  readonly started_at: string;
  readonly ended_at: string;
  readonly updated_at: string;
}

/** Session summaries, newest first. `--type` keeps sessions holding at least one memory of that type. */
export function sessionSummaries(db: Db, filters: Filters, limit: number): SummaryRecord[] {
  const rows = db.prepare(`
    SELECT s.* FROM session_summaries s
    WHERE (@project IS NULL OR s.project = @project)
      AND (@projectPath IS NULL OR s.project_path = @projectPath)
      AND (@since IS NULL OR s.ended_at >= @since)
      AND (@before IS NULL OR s.ended_at < @before)
      AND (@sessionId IS NULL OR s.session_id = @sessionId)
      AND (@type IS NULL OR EXISTS (SELECT 1 FROM memories m WHERE m.session_id = s.session_id AND m.type = @type))
    ORDER BY s.ended_at DESC LIMIT @limit`).all({ ...bind(filters), limit }) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    ...(row as unknown as SummaryRecord),
    tools_used: jsonList(row['tools_used']),
    files_changed: jsonList(row['files_changed']),
  }));
}

function jsonList(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export interface Count {
  readonly name: string;
  readonly count: number;
}

export interface RawStats {
  readonly total: number;
  readonly sessions: number;
  readonly errors: number;
  readonly summaries: number;
  readonly oldest: string | null;
  readonly newest: string | null;
  readonly byType: Count[];
  readonly byTool: Count[];
  readonly byProject: Count[];
  /** Local calendar day (YYYY-MM-DD) → memories, for days since `dayFrom`. */
  readonly perDay: Count[];
  readonly topFiles: Array<Count & { readonly project_path: string }>;
  /** Heads of the newest 5,000 command memories, for the caller to group by command. */
  readonly commandHeads: string[];
}

/** Everything `--stats` shows, under the usual filters. */
export function memoryStats(db: Db, filters: Filters, dayFrom: string, top: number): RawStats {
  const params = bind(filters);
  const totals = db.prepare(`
    SELECT count(*) AS total, count(DISTINCT m.session_id) AS sessions,
           coalesce(sum(m.type = 'error'), 0) AS errors, min(m.created_at) AS oldest, max(m.created_at) AS newest
    FROM memories m WHERE ${WHERE}`).get(params) as Pick<RawStats, 'total' | 'sessions' | 'errors' | 'oldest' | 'newest'>;
  const groupBy = (column: string): Count[] => db.prepare(`
    SELECT m.${column} AS name, count(*) AS count FROM memories m WHERE ${WHERE}
    GROUP BY m.${column} ORDER BY count DESC, name LIMIT 50`).all(params) as Count[];
  const summaries = db.prepare(`
    SELECT count(*) AS n FROM session_summaries s
    WHERE s.session_id IN (SELECT DISTINCT m.session_id FROM memories m WHERE ${WHERE})`).get(params) as { n: number };
  // SQLite's 'localtime' follows the process TZ, as the JS side that labels the days does.
  const perDay = db.prepare(`
    SELECT date(m.created_at, 'localtime') AS name, count(*) AS count FROM memories m
    WHERE ${WHERE} AND m.created_at >= @dayFrom GROUP BY name ORDER BY name`).all({ ...params, dayFrom }) as Count[];
  const topFiles = db.prepare(`
    SELECT m.file_path AS name, m.project_path AS project_path, count(*) AS count FROM memories m
    WHERE ${WHERE} AND m.file_path IS NOT NULL
    GROUP BY m.file_path, m.project_path ORDER BY count DESC, max(m.created_at) DESC LIMIT @top`)
    .all({ ...params, top }) as RawStats['topFiles'];
  const commandHeads = db.prepare(`
    SELECT substr(m.content, 1, 200) AS head FROM memories m WHERE ${WHERE} AND m.type = 'command'
    ORDER BY m.created_at DESC LIMIT 5000`).pluck().all(params) as string[];
  return {
    ...totals,
    summaries: summaries.n,
    byType: groupBy('type'),
    byTool: groupBy('tool_name'),
    byProject: groupBy('project'),
    perDay,
    topFiles,
    commandHeads,
  };
}
