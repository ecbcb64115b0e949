// Filtered reads of whole rows: the three search tiers, the most recent memories, session summaries.
// Rows keep the database's own column names because `--json` prints them as they are stored.
import type { MemoryRow, SummaryRecord } from '../memory.js';
import { tiersOf, type SearchPlan, type Tier } from './plan.js';
import { prepared, type Db } from '../db/open.js';

/** Every filter is optional (null); all given ones must hold. */
export interface Filters {
  readonly project: string | null;
  readonly projectPath: string | null;
  readonly type: string | null;
  readonly since: string | null;
  readonly before: string | null;
  readonly sessionId: string | null;
  readonly ids: readonly number[] | null;
  /** The coding agent that made it (`codex`); rows from before the column are Claude Code's. */
  readonly agent?: string | null;
}

export const NO_FILTERS: Filters = {
  project: null,
  projectPath: null,
  type: null,
  since: null,
  before: null,
  sessionId: null,
  ids: null,
};

export interface SearchResult {
  /** The tier that answered; the last one tried when nothing matched. */
  readonly tier: Tier;
  /** Best first. */
  readonly rows: readonly MemoryRow[];
  /**
   * Relevance by memory id for the FTS tiers: bm25 squashed to [0, 1), up to 20% more for recent work
   * (the ranking's own value). Empty for the LIKE tier, which orders by time.
   */
  readonly scores: ReadonlyMap<number, number>;
}

// Static SQL with NULL-able parameters: one prepared shape per statement, whatever filters are given.
export const WHERE = `
  (@project IS NULL OR m.project = @project)
  AND (@projectPath IS NULL OR m.project_path = @projectPath)
  AND (@type IS NULL OR m.type = @type)
  AND (@since IS NULL OR m.created_at >= @since)
  AND (@before IS NULL OR m.created_at < @before)
  AND (@sessionId IS NULL OR m.session_id = @sessionId)
  AND (@ids IS NULL OR m.id IN (SELECT value FROM json_each(@ids)))
  AND (@agent IS NULL OR m.agent = @agent)`;

export function bind(filters: Filters): Record<string, string | null> {
  const { ids, agent, ...rest } = filters;
  return { ...rest, ids: ids === null ? null : JSON.stringify(ids), agent: agent ?? null };
}

// Relevance r = -bm25 (≥ 0) squashed to r/(1+r) in [0,1), then up to 20% more for a memory from today,
// fading over weeks: recent work wins near-ties without burying a much better old match.
// Ranking reads only ids and bm25 (materialised, so bm25 runs once per hit); the page of winners is
// then read by id and its snippets cut in JS. snippet() would run for every hit, and a second
// MATCH restricted to the winners re-reads the whole doclist: both cost more than the ranking.
function ftsRankSql(table: 'memory_words' | 'memory_grams'): string {
  return `
    WITH hits AS MATERIALIZED (SELECT rowid AS id, bm25(${table}) AS r FROM ${table} WHERE ${table} MATCH @match)
    SELECT m.id AS id, (-hits.r / (1.0 - hits.r)) * (1.0 + 0.2 / (1.0 + max(0.0, @nowJulian - julianday(m.created_at)) / 7.0)) AS score
    FROM hits JOIN memories m ON m.id = hits.id
    WHERE ${WHERE}
    ORDER BY score DESC, m.created_at DESC, m.id DESC
    LIMIT @limit`;
}

const ROWS_BY_ID_SQL = 'SELECT m.* FROM memories m WHERE m.id IN (SELECT value FROM json_each(@ids))';

// A row must contain every term (in its content, tags or file path): the same AND as the FTS tiers.
// One group per term, bound as @p0…@pN (a json_each join per row costs half again as much).
// A term without ASCII letters (Korean, digits, symbols) is matched with GLOB, a third cheaper
// than LIKE over a full scan and identical for it: LIKE folds the case of ASCII letters only.
type TermMatch = { readonly op: 'LIKE' | 'GLOB'; readonly pattern: string };

function termMatches(plan: SearchPlan): TermMatch[] {
  return plan.terms.map((term, i) =>
    /[A-Za-z]/.test(term)
      ? { op: 'LIKE', pattern: plan.like[i] as string }
      : { op: 'GLOB', pattern: `*${term.replace(/[*?[]/g, (char) => `[${char}]`)}*` },
  );
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
      .pluck()
      .get(LIKE_RECENT_WINDOW - 1) as string | undefined;
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

/**
 * Every word must match (`memory forget --match`): tries the word index, then the substring index,
 * then LIKE; the first tier with any hit answers. Memories not yet indexed after an upgrade are
 * missed by the first two: callers that write finish the index first (finishSearchIndex).
 */
export function searchMemories(db: Db, plan: SearchPlan, filters: Filters, options: SearchOptions): SearchResult {
  const common = { ...bind(filters), limit: options.limit ?? -1, nowJulian: julianDay(options.now) };
  let tier: Tier = 'like';
  for (tier of tiersOf(plan)) {
    const scores = new Map<number, number>();
    const rows = tierRows(db, tier, plan, common, scores);
    if (rows.length > 0) return { tier, rows, scores };
  }
  return { tier, rows: [], scores: new Map() };
}

/** One tier's hits alone, best first (for a caller that must exercise every tier, like the query fuzz). */
export function searchTier(
  db: Db,
  tier: Tier,
  plan: SearchPlan,
  filters: Filters,
  options: SearchOptions,
): MemoryRow[] {
  return tierRows(db, tier, plan, { ...bind(filters), limit: options.limit ?? -1, nowJulian: julianDay(options.now) });
}

function julianDay(time: Date): number {
  return time.getTime() / 86_400_000 + 2_440_587.5;
}

/** One tier's rows, best first; the FTS tiers also record each row's score in `scores`. */
function tierRows(
  db: Db,
  tier: Tier,
  plan: SearchPlan,
  params: Record<string, unknown>,
  scores?: Map<number, number>,
): MemoryRow[] {
  if (tier === 'like') return likeRows(db, plan, params);
  const table = tier === 'unicode61' ? 'memory_words' : 'memory_grams';
  // The strict tiers match a memory's own text, never the request it served.
  const match =
    tier === 'unicode61' ? `{name head body} : (${plan.unicode61 ?? ''})` : `{text} : (${plan.trigram ?? ''})`;
  const ranked = prepared(db, ftsRankSql(table)).all({ ...params, match }) as Array<{ id: number; score: number }>;
  if (ranked.length === 0) return [];
  const rows = prepared(db, ROWS_BY_ID_SQL).all({ ids: JSON.stringify(ranked.map(({ id }) => id)) }) as MemoryRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ranked.flatMap(({ id, score }) => {
    const row = byId.get(id);
    if (!row) return [];
    scores?.set(id, score);
    return [row];
  });
}

export function recentMemories(db: Db, filters: Filters, limit: number): MemoryRow[] {
  return prepared(
    db,
    `
    SELECT m.* FROM memories m WHERE ${WHERE}
    ORDER BY m.created_at DESC, m.id DESC LIMIT @limit`,
  ).all({ ...bind(filters), limit }) as MemoryRow[];
}

/**
 * The summaries of sessions that left memories, newest first (one definition of a session everywhere:
 * --stats, the page, team; a session that only talked is neither counted nor listed); with `words`, those
 * holding every word (`memory search --summaries <words>`). `--type` keeps sessions holding at least one
 * memory of that type.
 */
export function sessionSummaries(
  db: Db,
  filters: Filters,
  limit: number,
  words: readonly string[] = [],
): SummaryRecord[] {
  // With words: summaries holding every one of them (in the summary, the request or the outcome).
  const like = words.map((word) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  const rows = prepared(
    db,
    `
    SELECT s.* FROM session_summaries s
    WHERE (SELECT count(*) FROM json_each(@words) w
           WHERE s.summary LIKE w.value ESCAPE '\\' OR coalesce(s.request, '') LIKE w.value ESCAPE '\\'
              OR coalesce(s.outcome, '') LIKE w.value ESCAPE '\\') = json_array_length(@words)
      AND (@project IS NULL OR s.project = @project)
      AND (@projectPath IS NULL OR s.project_path = @projectPath)
      AND (@since IS NULL OR s.ended_at >= @since)
      AND (@before IS NULL OR s.ended_at < @before)
      AND (@sessionId IS NULL OR s.session_id = @sessionId)
      AND (@agent IS NULL OR s.agent = @agent)
      AND (@type IS NULL OR EXISTS (SELECT 1 FROM memories m WHERE m.session_id = s.session_id AND m.type = @type))
      AND EXISTS (SELECT 1 FROM memories m WHERE m.session_id = s.session_id)
    ORDER BY s.ended_at DESC LIMIT @limit`,
  ).all({ ...bind(filters), limit, words: JSON.stringify(like) }) as Array<Record<string, unknown>>;
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

/** The names of the projects that hold memories, A to Z (read from the narrow stats index). */
export function projectNames(db: Db): string[] {
  return prepared(db, 'SELECT DISTINCT project FROM memories ORDER BY project').pluck().all() as string[];
}

/** Whether any memory belongs to the project of this name. */
export function hasProject(db: Db, project: string): boolean {
  return prepared(db, 'SELECT 1 FROM memories WHERE project = ? LIMIT 1').get(project) !== undefined;
}
