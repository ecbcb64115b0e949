// Placing ranked rows on a page: each window of ranked ids read with the filters, ordered by every word,
// the current project, the score's bucket and recency, reading only the rows the page can show. Reads only.
import type { MemoryRow } from '../memory.js';
import { SCORE_TIE, type Ranked } from './rank.js';
import { projectSpan } from '../db/counts.js';
import { prepared, type Db } from '../db/open.js';
import { bind, WHERE, type Filters } from './queries.js';

/** Ranked rows are read this many at a time until the page is full after filters. */
const WINDOW = 400;

/** The columns a row is ordered by and its fix followed with. */
export type Placement = Pick<MemoryRow, 'id' | 'project_path' | 'created_at' | 'type' | 'session_id' | 'resolved_by'>;
export const PLACEMENT = 'm.id, m.project_path, m.created_at, m.type, m.session_id, m.resolved_by';
// The newest of a bucket's rows (recency orders a bucket), when no filter applies.
const NEWEST_PLACED_SQL = `
  SELECT ${PLACEMENT} FROM memories m WHERE m.id IN (SELECT value FROM json_each(@window))
  ORDER BY m.created_at DESC, m.id DESC LIMIT @limit`;

export type Found = { rank: Ranked; row: Placement; fixes?: number };

/** What placing the ranked rows needs besides them. */
interface Placing {
  /** The current project's path, whose rows come first among equals. */
  readonly here: string | null;
  /** Memories in the database. */
  readonly memories: number;
  /** Rows the page needs (the rows skipped, those shown and one more). */
  readonly wanted: number;
}

/**
 * The ranked rows with what places them (project, date, type, fix), in page order, at least
 * `wanted` of them when there are; and the rank of a row that may be shown beside its pair.
 */
export function placeRanked(
  db: Db,
  ranked: readonly Ranked[],
  filters: Filters,
  place: Placing,
): { found: Found[]; rankOf: (id: number) => Ranked | undefined } {
  const { here, memories, wanted } = place;
  const found: Found[] = [];
  // Only what ordering and following fixes read; the page's own rows are read whole at the end (a
  // window's 400 contents would be read, and collected, for 20 shown).
  const readRows = prepared(
    db,
    `SELECT ${PLACEMENT} FROM memories m WHERE m.id IN (SELECT value FROM json_each(@window)) AND ${WHERE}`,
  );
  const read = (from: number, to: number): void => {
    const window = ranked.slice(from, to);
    const rows = readRows.all({ ...bind(filters), window: JSON.stringify(window.map(({ id }) => id)) }) as Placement[];
    const rowById = new Map(rows.map((row) => [row.id, row]));
    for (const rank of window) {
      const row = rowById.get(rank.id);
      if (row) found.push({ rank, row });
    }
  };
  // Each window is sorted by (every word, current project, score bucket, recency). When nothing can
  // move a row across buckets (no filter; no row of the current project in the window, or every
  // memory its), the page of the first window lies in its first rows up to the end of the bucket of
  // the wanted-th, and of that bucket only its newest rows count: SQLite picks them, and only the
  // rows before it and those are handed over (each row a scattered page and an object).
  let start = 0;
  const firstWindow = ranked.slice(0, WINDOW);
  // The first window's ranks by id, when only part of it is read: a row SQLite picks gets its rank
  // here, and so does a fix or failure shown beside its pair (below), read or not.
  const windowRanks =
    !hasFilters(filters) && !hereReorders(db, here, firstWindow, memories)
      ? new Map(firstWindow.map((rank) => [rank.id, rank]))
      : null;
  if (windowRanks) {
    const { from, end } = lastBucket(firstWindow, wanted);
    read(0, from);
    if (from < end) {
      const newest = prepared(db, NEWEST_PLACED_SQL).all({
        window: JSON.stringify(firstWindow.slice(from, end).map(({ id }) => id)),
        limit: wanted - from,
      }) as Placement[];
      for (const row of newest) found.push({ rank: windowRanks.get(row.id) as Ranked, row });
    }
    start = end;
    // A row deleted since it was ranked leaves the page short: the window as a whole, as below.
    if (found.length < Math.min(wanted, firstWindow.length)) {
      found.length = 0;
      read(0, firstWindow.length);
      start = firstWindow.length;
    }
  }
  for (; start < ranked.length && found.length < wanted; start += WINDOW) read(start, start + WINDOW);
  found.sort((a, b) => order(a, b, here));
  const rankOf = (id: number): Ranked | undefined =>
    found.find((other) => other.row.id === id)?.rank ?? windowRanks?.get(id);
  return { found, rankOf };
}

function hasFilters(filters: Filters): boolean {
  return !Object.values(filters).every((value) => value === null);
}

/** Whether the current project's rows come first anywhere in `window`: some of them, but not every memory. */
function hereReorders(db: Db, here: string | null, window: readonly Ranked[], memories: number): boolean {
  if (here === null || window.length === 0) return false;
  const span = projectSpan(db, here);
  if (span.memories === 0 || span.memories === memories) return false;
  let lo = Number.MAX_SAFE_INTEGER;
  let hi = 0;
  for (let i = 0; i < window.length; i++) {
    const id = (window[i] as Ranked).id;
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  return span.first <= hi && span.last >= lo;
}

/**
 * The score bucket of the wanted-th row of `window` (ranked: every word first, then score), as
 * [from, end): every row before it sorts above it and every row after it below, whatever their dates.
 * Empty at the window's end when the window holds no more than `wanted`.
 */
function lastBucket(window: readonly Ranked[], wanted: number): { from: number; end: number } {
  if (window.length <= wanted) return { from: window.length, end: window.length };
  const last = window[wanted - 1] as Ranked;
  const bucket = Math.round(last.score / SCORE_TIE);
  const same = (i: number): boolean => {
    const rank = window[i] as Ranked;
    return rank.allMatched === last.allMatched && Math.round(rank.score / SCORE_TIE) === bucket;
  };
  let from = wanted - 1;
  while (from > 0 && same(from - 1)) from--;
  let end = wanted;
  while (end < window.length && same(end)) end++;
  return { from, end };
}

/** How many ranked rows the filters keep: the header's count when only a page is shown. */
export function countUnderFilters(db: Db, ranked: readonly Ranked[], filters: Filters): number {
  // Every ranked row is a stored memory: without a filter, all of them are kept.
  if (!hasFilters(filters)) return ranked.length;
  return prepared(
    db,
    `SELECT count(*) FROM memories m WHERE m.id IN (SELECT value FROM json_each(@ranked)) AND ${WHERE}`,
  )
    .pluck()
    .get({ ...bind(filters), ranked: JSON.stringify(ranked.map(({ id }) => id)) }) as number;
}
/** Every word first; then the current project; then score, where near-equal scores are ties; then the newest. */
function order(a: Found, b: Found, here: string | null): number {
  if (a.rank.allMatched !== b.rank.allMatched) return a.rank.allMatched ? -1 : 1;
  if (here !== null) {
    const aHere = a.row.project_path === here;
    if (aHere !== (b.row.project_path === here)) return aHere ? -1 : 1;
  }
  const bucket = Math.round(b.rank.score / SCORE_TIE) - Math.round(a.rank.score / SCORE_TIE);
  if (bucket !== 0) return bucket;
  if (a.row.created_at !== b.row.created_at) return a.row.created_at < b.row.created_at ? 1 : -1;
  return b.row.id - a.row.id;
}
