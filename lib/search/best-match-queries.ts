// Best-match search, the one engine behind `memory search`, the MCP search tool, the page and the
// local half of team search. Each query word is looked up on its own (word index, else substring
// index, else LIKE), so a row missing one word is still found; lib/search/rank.ts scores the rows.
import type { MemoryRow } from '../memory.js';
import { rankCandidates, type Candidate, type WordHit } from './rank.js';
import type { Tier } from './plan.js';
import { queryWords } from './words.js';
import type { Bridge } from '../language/bridges.js';
import { memoryTotal } from '../db/counts.js';
import { prepared, type Db } from '../db/open.js';
import type { Filters } from './queries.js';
import { pendingTo } from '../db/search-index.js';
import { completeCapped, HIT_CAP, TIER_ORDER, wordHits, type WordResult } from './word-queries.js';
import { countUnderFilters, placeRanked } from './placement-queries.js';
import { followFixes } from './fix-queries.js';

export interface BestOptions {
  readonly limit: number;
  /** Results to skip (pages). */
  readonly offset?: number;
  /** The current project's path: its rows come first among equals; null outside a project. */
  readonly here?: string | null;
  /** Count every result, not only this page's, for a header (one more query when more than a page match). */
  readonly count?: boolean;
  /**
   * A word in more memories than this is scored on its newest this many (default HIT_CAP, 2,000) and
   * counted in full; a row holding a rarer word of the query is scored on it exactly all the same.
   */
  readonly hitCap?: number;
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

/** The best matches for `query`: rows with every word first, then by score; recency breaks ties. */
export function bestMatches(db: Db, query: string, filters: Filters, options: BestOptions): BestResult {
  const words = queryWords(query);
  const texts = words.map((word) => word.text);
  if (words.length === 0)
    return { words: texts, tier: 'unicode61', matches: [], more: false, total: 0, atLeast: false, lookups: [] };
  const pending = pendingTo(db);
  const lookup = { pending, exactDf: words.length > 1, hitCap: options.hitCap ?? HIT_CAP };
  const perWord = words.map((word) => wordHits(db, word, lookup));
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
