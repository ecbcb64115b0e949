// Best-match scoring, pure: given how each candidate row matched each query word and how common each
// word is, the score parts and the order. Rows holding every word come first; then rows carrying most
// of the query's weight (rare words weigh more); a lone match on a very common word is no result.
// Recency only breaks ties. Shared by `memory search`, the MCP tool, the page and prompt-time recall.

/** How one row matched one query word. Relevances are -bm25 (≥ 0) with the field weights applied. */
export interface WordHit {
  /** From the memory's own text (file, command, output); 0 when only its request matched. */
  readonly own: number;
  /** From the request the memory served, or (weighing less) from its intent. */
  readonly request: number;
  /** Found through the word's bridge (캐시 → cache), not the word itself: it counts BRIDGE_SHARE. */
  readonly bridged?: boolean;
  /** Found by the substring index inside a longer word (`auth` in `OAuth`): it counts SUBSTRING_SHARE. */
  readonly substring?: boolean;
  /** Found only in the summary of the memory's session (own and request 0): it counts SUMMARY_SHARE. */
  readonly summary?: boolean;
}

export interface Candidate {
  readonly id: number;
  /** One entry per query word, null where the row lacks that word. */
  readonly hits: readonly (WordHit | null)[];
}

export interface ScoreParts {
  /** Every query word that occurs anywhere is in one of this row's fields (not only its session's summary). */
  readonly allMatched: boolean;
  /** Share of the query's weight the row carries, 0–1; a word found only in the request counts less. */
  readonly coverage: number;
  /** How strongly the matched words match (field, frequency, length), each against its best row, 0–1. */
  readonly strength: number;
  /** 0–1, comparable across queries: coverage, nudged by strength. */
  readonly score: number;
  /** Indexes of the query words the row contains. */
  readonly matched: readonly number[];
}

/** A word found only in the request a memory served counts this much of its weight. */
export const REQUEST_SHARE = 0.3;
/** A word found only through its bridge (a Korean word's English) counts this much of its weight. */
export const BRIDGE_SHARE = 0.5;
/** A word found only in the memory's session summary counts this much of its weight. */
export const SUMMARY_SHARE = 0.15;
/** A word found only inside a longer word counts this much of its weight. */
export const SUBSTRING_SHARE = 0.7;
/** A word in more than this share of all memories is "very common". */
export const COMMON_SHARE = 0.2;
/**
 * How much bm25 strength (the field a word is in, how often, in how long a text) moves the score within a
 * coverage level: enough that, of two rows holding the same words, the one holding them in its name, its
 * command or more often ranks first, where recency used to decide.
 */
export const STRENGTH_SHARE = 0.3;

/**
 * Weight of each word from the number of memories holding it (`df`) out of `total`: BM25's idf.
 * A word no memory holds weighs as the rarest possible (it lowers every row's confidence alike).
 */
export function wordWeights(df: readonly number[], total: number): number[] {
  const n = Math.max(total, 1);
  return df.map((d) => Math.log(1 + (n - Math.min(d, n) + 0.5) / (Math.min(d, n) + 0.5)));
}

/**
 * Score parts of one candidate. `best[i]` is the strongest hit on word i among all candidates: bm25
 * carries the word's idf, which FTS5 floors at zero for a word in half the rows, so each hit counts
 * relative to the best one (its field, frequency and length are what remain).
 */
export function scoreParts(
  candidate: Candidate,
  weights: readonly number[],
  df: readonly number[],
  best: readonly WordHit[] = [],
): Ranked {
  let carried = 0;
  let all = 0;
  let relevance = 0;
  let allMatched = true;
  const matched: number[] = [];
  // Plain loops here and below: a search or recall runs this once per hit (thousands) in a process
  // too short for V8 to optimise it, where each callback and iterator step allocates.
  for (let i = 0; i < candidate.hits.length; i++) {
    const hit = candidate.hits[i];
    const weight = weights[i] ?? 0;
    all += weight;
    if (!hit) {
      if ((df[i] ?? 0) > 0 && weight > 0) allMatched = false;
      continue;
    }
    matched.push(i);
    const top = best[i];
    const own = hit.own > 0;
    // A row holds a word in any of its fields (its own text, the request it served, its intent), whatever
    // the field's weight: the field and the word's rarity then decide its share. Every memory of a
    // session shares its summary, which never makes a row hold every word.
    if (hit.summary && (df[i] ?? 0) > 0 && weight > 0) allMatched = false;
    if (hit.summary) {
      carried += weight * SUMMARY_SHARE;
      relevance += weight * SUMMARY_SHARE;
      continue;
    }
    const share = (hit.bridged ? BRIDGE_SHARE : 1) * (hit.substring ? SUBSTRING_SHARE : 1);
    carried += (own ? weight : weight * REQUEST_SHARE) * share;
    const raw = own ? hit.own : hit.request * REQUEST_SHARE;
    const scale = own ? top?.own : top?.request;
    relevance += weight * share * (scale && scale > 0 ? Math.min(1, raw / scale) : 1);
  }
  const coverage = all > 0 ? carried / all : 0;
  const strength = all > 0 ? relevance / all : 0;
  const score = coverage * (1 - STRENGTH_SHARE + STRENGTH_SHARE * strength);
  return { id: candidate.id, allMatched: allMatched && matched.length > 0, coverage, strength, score, matched };
}

/** The strongest own-text and request hit on each word among `candidates`. */
export function bestHits(candidates: readonly Candidate[], words: number): WordHit[] {
  const best = Array.from({ length: words }, () => ({ own: 0, request: 0 }));
  for (let c = 0; c < candidates.length; c++) {
    const hits = (candidates[c] as Candidate).hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i];
      const top = best[i];
      if (!hit || !top) continue;
      if (hit.own > top.own) top.own = hit.own;
      if (hit.request > top.request) top.request = hit.request;
    }
  }
  return best;
}

/**
 * Whether a row is a result at all: not when its only matches are very common words while the query
 * has rarer words that other rows do hold.
 */
export function isResult(parts: ScoreParts, df: readonly number[], total: number): boolean {
  if (parts.matched.length === 0 || parts.coverage === 0) return false;
  const limit = COMMON_SHARE * total;
  for (const i of parts.matched) if ((df[i] ?? 0) <= limit) return true;
  for (const d of df) if (d !== 0 && d <= limit) return false;
  return true;
}

export interface Ranked extends ScoreParts {
  readonly id: number;
}

/** Candidates → results, best first by (every word, score); ties are left for the caller (recency, project). */
export function rankCandidates(
  candidates: readonly Candidate[],
  df: readonly number[],
  total: number,
  stop: readonly boolean[] = [],
): Ranked[] {
  // Function words (`to`, `the`, `of`) weigh nothing beside content words; a query of only them keeps them.
  const ignore = stop.some((isStop, i) => !isStop && i < df.length);
  const weights = wordWeights(df, total).map((weight, i) => (ignore && stop[i] ? 0 : weight));
  const best = bestHits(candidates, df.length);
  const ranked: Ranked[] = [];
  for (let c = 0; c < candidates.length; c++) {
    const parts = scoreParts(candidates[c] as Candidate, weights, df, best);
    if (isResult(parts, df, total)) ranked.push(parts);
  }
  return ranked.sort(compareRanked);
}

export function compareRanked(a: ScoreParts, b: ScoreParts): number {
  if (a.allMatched !== b.allMatched) return a.allMatched ? -1 : 1;
  // A sign, not b.score - a.score: a difference of two doubles is a new heap number, once per comparison.
  return b.score > a.score ? 1 : b.score < a.score ? -1 : 0;
}

/** Scores closer than this are a tie, which recency (and the current project) then decide. */
export const SCORE_TIE = 0.005;
