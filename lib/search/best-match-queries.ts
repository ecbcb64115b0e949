// Best-match search, the one engine behind `memory search`, the MCP search tool, the page and the
// local half of team search. Each query word is looked up on its own (word index, else substring
// index, else LIKE), so a row missing one word is still found; lib/search/rank.ts scores the rows.
import type { MemoryRow } from '../memory.js';
import { rankCandidates, SCORE_TIE, type Candidate, type Ranked, type WordHit } from './rank.js';
import type { Tier } from './plan.js';
import { queryWords, type QueryWord } from './words.js';
import type { Bridge } from '../language/bridges.js';
import { memoryTotal, projectSpan } from '../db/counts.js';
import { prepared, type Db } from '../db/open.js';
import { bind, WHERE, type Filters } from './queries.js';
import { pendingTo } from '../db/search-index.js';
import { summaryMemoryIds } from './summary-queries.js';

export interface BestOptions {
  readonly limit: number;
  /** Results to skip (pages). */
  readonly offset?: number;
  /** The current project's path: its rows come first among equals; null outside a project. */
  readonly here?: string | null;
  /** Count every result, not only this page's, for a header (one more query when more than a page match). */
  readonly count?: boolean;
}

export interface BestMatch {
  readonly row: MemoryRow;
  /** 0–1, comparable across queries (see lib/search/rank.ts). */
  readonly score: number;
  /** The query words this row contains, as typed. */
  readonly matched: readonly string[];
  readonly allMatched: boolean;
  /** The matched words this row holds only through their English bridge (캐시 → cache), as typed. */
  readonly bridged: readonly string[];
  /** The matched words this row holds only through its session's summary (request, outcome), as typed. */
  readonly summarised: readonly string[];
  /** Set when the row is here as the fix of error #fixes, which ranks just above it. */
  readonly fixes?: number;
}

export interface BestResult {
  /** The query words, as typed and cleaned; empty when nothing was searchable. */
  readonly words: readonly string[];
  /** The least exact index any word needed. */
  readonly tier: Tier;
  /** Best first, `offset` skipped, at most `limit`. */
  readonly matches: readonly BestMatch[];
  /** Whether more results follow this page. */
  readonly more: boolean;
  /**
   * With `count`: every result under the filters, not only this page's; a lower bound when `atLeast`
   * (a word in so many rows that only its newest were scored). Null without `count`.
   */
  readonly total: number | null;
  readonly atLeast: boolean;
  /** How each word was looked up, for `--explain`. */
  readonly lookups: readonly WordLookup[];
}

/** How one query word was looked up: what `memory search --explain` prints. */
export interface WordLookup {
  readonly text: string;
  readonly tier: Tier;
  /** Memories whose own text holds the word itself (a lower bound when capped). */
  readonly df: number;
  /** A function word: it weighs nothing beside content words. */
  readonly stop: boolean;
  readonly bridge: Bridge | null;
  /** Memories found only through the bridge (own text). */
  readonly bridgeDf: number;
}

// Field weights: a file name or tag, then the command or an edit's summary line, then output text.
// The request and the intent are scored apart from the memory's own text (one bm25: it is the cost of
// a hit), the intent below the request, so a memory whose own text matches ranks above one found by
// the prompt it served or by what it was for.
const WORD_SCORES =
  'rowid AS id, -bm25(memory_words, 4.0, 3.0, 1.0, 0.0, 0.0) AS own, -bm25(memory_words, 0.0, 0.0, 0.0, 1.0, 0.5) AS request';
const GRAM_SCORES = 'rowid AS id, -bm25(memory_grams, 1.0, 0.0) AS own, -bm25(memory_grams, 0.0, 1.0) AS request';
type Index = 'memory_words' | 'memory_grams';
const scores = (index: Index): string => (index === 'memory_words' ? WORD_SCORES : GRAM_SCORES);
// A word in many rows is scored on its newest hits only (bm25 per hit is the cost), counted in full,
// and looked up directly in the rows the rarer words found.
const newestHitsSql = (index: Index): string =>
  `SELECT ${scores(index)} FROM ${index} WHERE ${index} MATCH @match ORDER BY rowid DESC LIMIT @cap`;
const countSql = (index: Index): string => `SELECT count(*) FROM ${index} WHERE ${index} MATCH @match`;
const andSql = (index: Index): string => `SELECT ${scores(index)} FROM ${index} WHERE ${index} MATCH @match`;
/**
 * bm25 of a word in a field it is in is at least its idf floor (1e-6) times a length factor; the error
 * of subtracting a few bm25 values of order 10 is near 1e-14.
 */
const PART_EPSILON = 1e-10;
const hitsInSql = (index: Index): string =>
  `SELECT ${scores(index)} FROM ${index} WHERE ${index} MATCH @match AND rowid IN (SELECT value FROM json_each(@ids))`;
// Plain scans: a word no index can answer, and memories the batch indexer has not reached yet.
const LIKE_HITS = `
  SELECT id, (content LIKE @p ESCAPE '\\' OR tags LIKE @p ESCAPE '\\' OR coalesce(file_path, '') LIKE @p ESCAPE '\\') AS own,
         (coalesce(request, '') LIKE @p ESCAPE '\\' OR coalesce(intent, '') LIKE @p ESCAPE '\\') AS request
  FROM memories WHERE id <= @to AND (own OR request)
  ORDER BY id DESC LIMIT @cap`;
/** Hits scored per word: past this, the newest ones (see above). */
const HIT_CAP = 2000;
/**
 * Hits scored through a word's bridge: fewer, since they count half and only matter where the word
 * itself is rare (an English word everywhere would otherwise double the cost of a Korean query).
 */
const BRIDGE_HIT_CAP = 300;
/** At most this many rows per word from a plain scan: a bound on the cost of a word found everywhere. */
const LIKE_CAP = 5000;
/** Ranked rows are read this many at a time until the page is full after filters. */
const WINDOW = 400;

type Hits = Map<number, WordHit>;
type HitRow = { id: number; own: number; request: number };

// Plain loops over hits here: a search runs them once per hit (thousands) in a process too short for
// V8 to optimise them, where each iterator step and callback allocates (and the young generation
// is collected again and again).
function addHits(rows: readonly HitRow[], into: Hits, bridged = false): void {
  for (let i = 0; i < rows.length; i++) {
    const { id, own, request } = rows[i] as HitRow;
    if (into.has(id)) continue;
    const hit = { own: Math.max(0, own), request: Math.max(0, request) };
    into.set(id, bridged ? { ...hit, bridged } : hit);
  }
}

/** How many of `hits` are in the memory's own text. */
function ownCount(hits: Hits): number {
  let count = 0;
  hits.forEach((hit) => {
    if (hit.own > 0) count++;
  });
  return count;
}

function likeHits(db: Db, word: QueryWord, to: number, into: Hits): void {
  const rows = prepared(db, LIKE_HITS).all({ p: word.like, to, cap: LIKE_CAP }) as HitRow[];
  for (const { id, own, request } of rows)
    if (!into.has(id)) into.set(id, { own: own ? 1 : 0, request: request ? 1 : 0 });
}

interface WordResult {
  readonly hits: Hits;
  readonly tier: Tier;
  /** Memories holding the word (all of them, also when only the newest were scored). */
  readonly df: number;
  /** The index and query that found it, when it had more hits than were scored. */
  readonly capped: Capped | null;
  /** Memories found only through the word's bridge (own text). */
  readonly bridgeDf: number;
}

type Capped = { readonly index: Index; readonly match: string; readonly bridged?: boolean };

/**
 * `exactDf`: count every memory holding a word scored on its newest hits only. A query of one word
 * need not: its weight is the whole query's, whatever it is, and a lone word is always a result, so
 * its newest hits (a lower bound) rank the same (the count walks its whole list).
 */
function ftsWord(
  db: Db,
  index: Index,
  match: string,
  exactDf: boolean,
  bridged = false,
): { hits: Hits; df: number; capped: Capped | null } {
  const hits: Hits = new Map();
  const cap = bridged ? BRIDGE_HIT_CAP : HIT_CAP;
  addHits(prepared(db, newestHitsSql(index)).all({ match, cap }) as HitRow[], hits, bridged);
  // How common a word is, by memories' own text: every memory of a turn shares its request.
  if (hits.size < cap) return { hits, df: ownCount(hits), capped: null };
  const df = exactDf ? (prepared(db, countSql(index)).pluck().get({ match }) as number) : hits.size;
  return { hits, df, capped: bridged ? { index, match, bridged } : { index, match } };
}

const TIER_ORDER: readonly Tier[] = ['unicode61', 'trigram', 'like'];
/**
 * A word the word index finds in fewer memories than this also gets the substring index's rows
 * (`auth` → `OAuth`, `authenticate`), added to the same ranking at SUBSTRING_SHARE: a later index
 * adds candidates, it never replaces the earlier one's.
 */
const SPARSE = 10;

/** One word's hits, and the least exact index that added to them. */
function wordHits(db: Db, word: QueryWord, pending: number | null, exactDf: boolean): WordResult {
  let found: { hits: Hits; df: number; capped: Capped | null } = { hits: new Map(), df: 0, capped: null };
  let tier: Tier = 'unicode61';
  if (word.words !== null) found = ftsWord(db, 'memory_words', word.words, exactDf);
  const { hits } = found;
  let { capped } = found;
  let df = found.df;
  // A Korean word counts inside a longer word only at its start, which the word index's prefix query
  // already finds (포트 → 포트를, never 리포트): the substring index and the scan match it anywhere.
  if (!word.wordStart && hits.size < SPARSE && word.grams !== null) {
    const grams = ftsWord(db, 'memory_grams', word.grams, exactDf);
    let added = 0;
    let ownAdded = 0;
    grams.hits.forEach((hit, id) => {
      if (hits.has(id)) return;
      hits.set(id, { ...hit, substring: true });
      added++;
      if (hit.own > 0) ownAdded++;
    });
    // The tier names the least exact index that found a row the others did not.
    if (added > 0) tier = 'trigram';
    df += ownAdded;
    capped ??= grams.capped;
  }
  // The substring index finds every substring of three characters or more that LIKE would in the
  // content and the file path (but one spanning a project's own directory: identifiers.ts gramWords):
  // a scan is left for shorter words, and words no index can read (punctuation).
  if (hits.size === 0 && word.grams === null && !word.wordStart) {
    likeHits(db, word, Number.MAX_SAFE_INTEGER, hits);
    tier = 'like';
    df = ownCount(hits);
  } else if (pending !== null) {
    const before = new Set(hits.keys());
    likeHits(db, word, pending, hits);
    for (const [id, hit] of hits) if (!before.has(id) && hit.own > 0) df++;
  }
  // The word's other language (캐시 → cache, cache → 캐시): rows the word itself did not find, marked
  // so they count less. Not for a word already in as many memories as a bridge scores: it is how this
  // database says it, its bridged rows would weigh little, and the lookup would double the cost.
  let bridgeDf = 0;
  if (word.bridged !== null && df < BRIDGE_HIT_CAP) {
    const across = ftsWord(db, 'memory_words', word.bridged, exactDf, true);
    across.hits.forEach((hit, id) => {
      const direct = hits.get(id);
      // A row whose request holds the word and whose own text holds its bridge: the own text counts.
      if (direct && (direct.own > 0 || hit.own === 0)) return;
      hits.set(id, direct ? { ...hit, request: direct.request } : hit);
      if (hit.own > 0) bridgeDf++;
    });
    if (across.capped) bridgeDf = Math.max(bridgeDf, across.df - df);
    capped ??= across.capped;
  }
  // What the session was asked, how it ended and where it stopped: its memories, for a word they
  // barely hold themselves (a function word never).
  if (df + bridgeDf < SPARSE && !word.stop)
    for (const id of summaryMemoryIds(db, word.text, word.wordStart))
      if (!hits.has(id)) hits.set(id, { own: 0, request: 0, summary: true });
  return { hits, tier, df: df + bridgeDf, capped, bridgeDf };
}

/** A capped word's hits among rows the other words found, so a rare-and-common pair is not missed. */
function completeCapped(db: Db, words: readonly QueryWord[], perWord: readonly WordResult[]): void {
  // Most queries have no capped word: then there is nothing to gather.
  if (!perWord.some((word) => word.capped !== null)) return;
  const found = new Set<number>();
  for (const word of perWord) if (!word.capped) for (const id of word.hits.keys()) found.add(id);
  if (found.size === 0) return;
  // The words the word index answered in full: a row matching one of them holds exactly that hit.
  const whole: number[] = [];
  for (let i = 0; i < perWord.length; i++)
    if (!(perWord[i] as WordResult).capped && words[i]?.words != null) whole.push(i);
  const others = whole.map((i) => `(${(words[i] as QueryWord).words as string})`).join(' OR ');
  for (const word of perWord) {
    if (!word.capped) continue;
    const covered = others !== '' && word.capped.index === 'memory_words' ? new Set<number>() : null;
    if (covered) {
      // One FTS5 AND over both lists, where a rowid IN list would run the word's query once per row.
      // bm25 of an AND is the sum of each phrase's own, so the capped word's part is what is left
      // once the other words' hits on the row (their own queries, the same weights) are taken off.
      const rows = prepared(db, andSql('memory_words')).all({
        match: `(${word.capped.match}) AND (${others})`,
      }) as HitRow[];
      // Every row one of those words found is answered by it: it holds the capped word or it does not.
      for (let k = 0; k < whole.length; k++)
        (perWord[whole[k] as number] as WordResult).hits.forEach((hit, id) => {
          if (!hit.bridged && !hit.substring && !hit.summary) covered.add(id);
        });
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r] as HitRow;
        let { own, request } = row;
        for (let k = 0; k < whole.length; k++) {
          const hit = (perWord[whole[k] as number] as WordResult).hits.get(row.id);
          if (hit && !hit.bridged && !hit.substring && !hit.summary) {
            own -= hit.own;
            request -= hit.request;
          }
        }
        // What a sum of doubles leaves of a field that holds no phrase of the word.
        rows[r] = { id: row.id, own: own > PART_EPSILON ? own : 0, request: request > PART_EPSILON ? request : 0 };
      }
      addHits(rows, word.hits, word.capped.bridged);
    }
    // Rows the other words found only through a substring, a bridge, a scan or a summary.
    const missing = [...found].filter((id) => !word.hits.has(id) && !covered?.has(id));
    if (missing.length === 0) continue;
    addHits(
      prepared(db, hitsInSql(word.capped.index)).all({
        match: word.capped.match,
        ids: JSON.stringify(missing),
      }) as HitRow[],
      word.hits,
      word.capped.bridged,
    );
  }
}

/** The best matches for `query`: rows with every word first, then by score; recency breaks ties. */
export function bestMatches(db: Db, query: string, filters: Filters, options: BestOptions): BestResult {
  const words = queryWords(query);
  const texts = words.map((word) => word.text);
  if (words.length === 0)
    return { words: texts, tier: 'unicode61', matches: [], more: false, total: 0, atLeast: false, lookups: [] };
  const pending = pendingTo(db);
  const perWord = words.map((word) => wordHits(db, word, pending, words.length > 1));
  completeCapped(db, words, perWord);
  const tier = TIER_ORDER[Math.max(...perWord.map((word) => TIER_ORDER.indexOf(word.tier)))] as Tier;

  const byId = new Map<number, (WordHit | null)[]>();
  const candidates: Candidate[] = [];
  perWord.forEach(({ hits }, i) => {
    hits.forEach((hit, id) => {
      let row = byId.get(id);
      if (!row) {
        row = new Array<WordHit | null>(words.length).fill(null);
        byId.set(id, row);
        candidates.push({ id, hits: row });
      }
      row[i] = hit;
    });
  });
  const memories = memoryTotal(db);
  const ranked = rankCandidates(
    candidates,
    perWord.map(({ df }) => df),
    memories,
    words.map((word) => word.stop),
  );

  const offset = options.offset ?? 0;
  const wanted = offset + options.limit + 1;
  const here = options.here ?? null;
  const { found, rankOf } = placeRanked(db, ranked, filters, { here, memories, wanted });
  const withFixes = followFixes(db, found, filters, wanted, rankOf);
  const page = withFixes.slice(offset, offset + options.limit);
  const whole = new Map(
    (
      prepared(db, 'SELECT m.* FROM memories m WHERE m.id IN (SELECT value FROM json_each(@ids))').all({
        ids: JSON.stringify(page.map(({ row }) => row.id)),
      }) as MemoryRow[]
    ).map((row) => [row.id, row]),
  );
  const more = withFixes.length > offset + options.limit;
  // Past a full page, `found` stopped early: only a count query knows how many the filters keep.
  const total = !options.count
    ? null
    : !more
      ? offset + page.length
      : found.length < wanted
        ? found.length
        : countUnderFilters(db, ranked, filters);
  return {
    words: texts,
    tier,
    more,
    total,
    atLeast: more && perWord.some((word) => word.capped !== null),
    lookups: words.map((word, i) => {
      const found = perWord[i] as WordResult;
      return {
        text: word.text,
        tier: found.tier,
        df: found.df - found.bridgeDf,
        stop: word.stop,
        bridge: word.bridge,
        bridgeDf: found.bridgeDf,
      };
    }),
    matches: page.map(({ rank, row, fixes }) => ({
      row: whole.get(row.id) as MemoryRow,
      score: Math.round(rank.score * 1000) / 1000,
      matched: rank.matched.map((i) => texts[i] as string),
      bridged: rank.matched.filter((i) => perWord[i]?.hits.get(row.id)?.bridged).map((i) => texts[i] as string),
      summarised: rank.matched.filter((i) => perWord[i]?.hits.get(row.id)?.summary).map((i) => texts[i] as string),
      allMatched: rank.allMatched,
      ...(fixes === undefined ? {} : { fixes }),
    })),
  };
}

/** The columns a row is ordered by and its fix followed with. */
type Placement = Pick<MemoryRow, 'id' | 'project_path' | 'created_at' | 'type' | 'session_id' | 'resolved_by'>;
const PLACEMENT = 'm.id, m.project_path, m.created_at, m.type, m.session_id, m.resolved_by';
// The newest of a bucket's rows (recency orders a bucket), when no filter applies.
const NEWEST_PLACED_SQL = `
  SELECT ${PLACEMENT} FROM memories m WHERE m.id IN (SELECT value FROM json_each(@window))
  ORDER BY m.created_at DESC, m.id DESC LIMIT @limit`;

type Found = { rank: Ranked; row: Placement; fixes?: number };

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
function placeRanked(
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
function countUnderFilters(db: Db, ranked: readonly Ranked[], filters: Filters): number {
  // Every ranked row is a stored memory: without a filter, all of them are kept.
  if (!hasFilters(filters)) return ranked.length;
  return prepared(
    db,
    `SELECT count(*) FROM memories m WHERE m.id IN (SELECT value FROM json_each(@ranked)) AND ${WHERE}`,
  )
    .pluck()
    .get({ ...bind(filters), ranked: JSON.stringify(ranked.map(({ id }) => id)) }) as number;
}

/** How many of the best error matches bring the step that fixed them along. */
const FIXED_ERRORS = 5;
/** A next step later than this after the error is not taken for its fix. */
const FIX_WINDOW_MS = 30 * 60_000;

// What fixed an error: the session's next step (edit or command) — the change itself, where the later
// clean run that resolved it only confirms it; with no step within the window, that resolving run.
const FIX_SQL = `
  SELECT ${PLACEMENT} FROM memories m
  WHERE m.id = coalesce((
      SELECT n.id FROM memories n
      WHERE n.session_id = @sessionId AND n.id > @id AND n.type IN ('file_edit', 'command')
        AND n.created_at <= @until ORDER BY n.id LIMIT 1), @resolvedBy)
    AND ${WHERE}`;

// The latest error a run resolved.
const FIXED_SQL = `SELECT ${PLACEMENT} FROM memories m WHERE m.resolved_by = @id AND ${WHERE} ORDER BY m.id DESC LIMIT 1`;

/**
 * Someone hunting an error wants the failing run and the change that fixed it: each of the best
 * matching errors is followed by its fix (scored just below it), unless the fix already ranks higher.
 */
function followFixes(
  db: Db,
  found: readonly Found[],
  filters: Filters,
  wanted: number,
  rankOf: (id: number) => Ranked | undefined,
): Found[] {
  const out: Found[] = [];
  const placed = new Set<number>();
  let errors = 0;
  for (const item of found) {
    if (out.length >= wanted) break;
    if (placed.has(item.row.id)) continue;
    out.push(item);
    placed.add(item.row.id);
    if (item.row.type !== 'error' && errors < FIXED_ERRORS && item.rank.coverage >= 0.5) {
      // A run that fixed an error: the failure it fixed comes along too.
      const failed = prepared(db, FIXED_SQL).get({ ...bind(filters), id: item.row.id }) as Placement | undefined;
      if (failed && !placed.has(failed.id)) {
        errors++;
        const own = rankOf(failed.id);
        out.push({ rank: own ?? { ...item.rank, matched: [], allMatched: false }, row: failed });
        placed.add(failed.id);
      }
      continue;
    }
    if (item.row.type !== 'error' || errors >= FIXED_ERRORS || item.rank.coverage < 0.5) continue;
    errors++;
    const until = new Date(Date.parse(item.row.created_at) + FIX_WINDOW_MS).toISOString();
    const fix = prepared(db, FIX_SQL).get({
      ...bind(filters),
      resolvedBy: item.row.resolved_by ?? null,
      sessionId: item.row.session_id,
      id: item.row.id,
      until,
    }) as Placement | undefined;
    if (!fix || placed.has(fix.id)) continue;
    const own = rankOf(fix.id);
    out.push({ rank: own ?? { ...item.rank, matched: [], allMatched: false }, row: fix, fixes: item.row.id });
    placed.add(fix.id);
  }
  return out;
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
