// Each query word's hits, looked up on its own: the word index, then the substring index for a sparse
// word, a plain scan for what no index can read, its bridge and its sessions' summaries; a capped word
// completed among the rows the other words found. Reads only; lib/search/rank.ts scores what it finds.
import type { WordHit } from './rank.js';
import type { Tier } from './plan.js';
import type { QueryWord } from './words.js';
import { prepared, type Db } from '../db/open.js';
import { summaryMemoryIds } from './summary-queries.js';

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
export const HIT_CAP = 2000;
/**
 * Hits scored through a word's bridge: fewer, since they count half and only matter where the word
 * itself is rare (an English word everywhere would otherwise double the cost of a Korean query).
 */
const BRIDGE_HIT_CAP = 300;
/** At most this many rows per word from a plain scan: a bound on the cost of a word found everywhere. */
const LIKE_CAP = 5000;

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

export interface WordResult {
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

/** How a query's words are looked up. */
export interface Lookup {
  /** The highest memory id the batch indexer has not reached, or null (lib/db/search-index.ts). */
  readonly pending: number | null;
  /**
   * Count every memory holding a word scored on its newest hits only. A query of one word need not:
   * its weight is the whole query's, whatever it is, and a lone word is always a result, so its newest
   * hits (a lower bound) rank the same (the count walks its whole list).
   */
  readonly exactDf: boolean;
  /** A word's hits scored at most (its newest): HIT_CAP, or fewer for a caller that reads few results. */
  readonly hitCap: number;
}

function ftsWord(
  db: Db,
  index: Index,
  match: string,
  lookup: Lookup,
  bridged = false,
): { hits: Hits; df: number; capped: Capped | null } {
  const { exactDf } = lookup;
  const hits: Hits = new Map();
  const cap = Math.min(lookup.hitCap, bridged ? BRIDGE_HIT_CAP : HIT_CAP);
  addHits(prepared(db, newestHitsSql(index)).all({ match, cap }) as HitRow[], hits, bridged);
  // How common a word is, by memories' own text: every memory of a turn shares its request.
  if (hits.size < cap) return { hits, df: ownCount(hits), capped: null };
  const df = exactDf ? (prepared(db, countSql(index)).pluck().get({ match }) as number) : hits.size;
  return { hits, df, capped: bridged ? { index, match, bridged } : { index, match } };
}

export const TIER_ORDER: readonly Tier[] = ['unicode61', 'trigram', 'like'];
/**
 * A word the word index finds in fewer memories than this also gets the substring index's rows
 * (`auth` → `OAuth`, `authenticate`), added to the same ranking at SUBSTRING_SHARE: a later index
 * adds candidates, it never replaces the earlier one's.
 */
const SPARSE = 10;

/** One word's hits, and the least exact index that added to them. */
export function wordHits(db: Db, word: QueryWord, lookup: Lookup): WordResult {
  const { pending } = lookup;
  let found: { hits: Hits; df: number; capped: Capped | null } = { hits: new Map(), df: 0, capped: null };
  let tier: Tier = 'unicode61';
  if (word.words !== null) found = ftsWord(db, 'memory_words', word.words, lookup);
  const { hits } = found;
  let { capped } = found;
  let df = found.df;
  // A Korean word counts inside a longer word only at its start, which the word index's prefix query
  // already finds (포트 → 포트를, never 리포트): the substring index and the scan match it anywhere.
  if (!word.wordStart && hits.size < SPARSE && word.grams !== null) {
    const grams = ftsWord(db, 'memory_grams', word.grams, lookup);
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
    const across = ftsWord(db, 'memory_words', word.bridged, lookup, true);
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
export function completeCapped(db: Db, words: readonly QueryWord[], perWord: readonly WordResult[]): void {
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
