// Recall's confidence: one score in [0, 1] that both ranks the candidates and labels them HIGH,
// MEDIUM or LOW. Built from ratios only (weights from document frequencies within the project,
// bm25 relative to the best hit), so it means the same for a two-word and a six-word prompt and for
// a small and a large database. Pure.

export type Tier = 'HIGH' | 'MEDIUM' | 'LOW';

/** A query word with its document frequency in the project. */
export interface WordStat {
  readonly text: string;
  /** Memories of the project that contain it. */
  readonly docs: number;
  /** Whether it names something (identifier-like), as the gate saw it. */
  readonly identifier: boolean;
  /** The share of its weight a row holding it carries (below 1 for a word found through its bridge). */
  readonly share?: number;
}

export interface ScoreInput {
  /** Memories in the project. */
  readonly total: number;
  /** The kept words (common ones already dropped), in prompt order. */
  readonly words: readonly WordStat[];
  readonly candidates: readonly ScoredCandidateInput[];
  /**
   * The best bm25 over every candidate, when `candidates` leaves some out (those whose coverage
   * alone keeps them LOW: they can neither be shown nor count in a crowd).
   */
  readonly bestBm25?: number;
}

export interface ScoredCandidateInput {
  readonly id: number;
  /** -bm25 (higher is better). */
  readonly bm25: number;
  /** Indexes into `words`. */
  readonly matched: readonly number[];
  /** Rows with the same key (the same stored text) are one hit. */
  readonly key: string;
}

export interface ScoreParts {
  /** Share of the query's weight (rare words weigh more) that the row contains. */
  readonly coverage: number;
  /** How well the row matches what it contains: bm25 against the weight it matched, saturating at 1. */
  readonly match: number;
  /** bm25 relative to the best hit. */
  readonly relative: number;
}

export interface Scored {
  readonly ids: readonly number[];
  readonly key: string;
  readonly score: number;
  readonly parts: ScoreParts;
  readonly tier: Tier;
  readonly matched: readonly string[];
}

export interface Ranking {
  /** Best first; one entry per distinct stored text. */
  readonly hits: readonly Scored[];
  /** Hits within CLUSTER_RATIO of the best, counted over all candidates before any cut. */
  readonly cluster: number;
  /** Why no hit may be HIGH, when none may. */
  readonly cap: string | null;
}

export const HIGH_MIN = 0.85;
export const MEDIUM_MIN = 0.6;
/** Hits scoring at least this share of the best are "near-equal" to it. */
export const CLUSTER_RATIO = 0.9;
/** This many near-equal hits (the best included) mean the prompt does not single one out. */
export const CLUSTER_SIZE = 3;

/**
 * Weight of a word: log(total / docs), the same when every row is duplicated. A word the project
 * never saw weighs as much as its rarest seen word: the prompt asks for something that is not here,
 * and no row can cover the whole query.
 */
export function wordWeights(total: number, words: readonly WordStat[]): number[] {
  const seen = words.filter((word) => word.docs > 0).map((word) => Math.log(total / word.docs));
  const rarest = seen.length > 0 ? Math.max(...seen) : 0;
  return words.map((word) => (word.docs > 0 ? Math.log(total / word.docs) : rarest));
}

/**
 * The weights a row carries per word (each word's weight times its share) and the query's whole
 * weight (unshared): a row matching a bridged word covers less of the prompt than one holding it.
 */
export function carriedWeights(total: number, words: readonly WordStat[]): { weights: number[]; totalWeight: number } {
  const full = wordWeights(total, words);
  const totalWeight = full.reduce((sum, w) => sum + w, 0);
  return { weights: full.map((w, i) => w * (words[i]?.share ?? 1)), totalWeight };
}

/**
 * The rarest words (indexes into `weights`, rarest first) of which a row must contain at least one to
 * reach MEDIUM: the others together weigh less than MEDIUM_MIN of the query, and a row's score is at
 * most its coverage. Only rows holding a seed can be shown or count in a crowd.
 */
export function seedWords(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const order = weights.map((_, i) => i).sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
  const seeds: number[] = [];
  let rest = total;
  for (const index of order) {
    if (rest < MEDIUM_MIN * total * (1 - 1e-9)) break;
    seeds.push(index);
    rest -= weights[index] ?? 0;
  }
  return seeds;
}

/** Share of the query's weight that rows matching `matched` (indexes into the words) contain. */
export function coverageOf(matched: readonly number[], weights: readonly number[], totalWeight: number): number {
  // Indexed loops here and in scoreValue: the hook scores hundreds of rows in a process too young
  // for V8 to have optimised anything, where iterators and closures cost several times more.
  let sum = 0;
  for (let i = 0; i < matched.length; i++) sum += weights[matched[i] as number] ?? 0;
  return sum / totalWeight;
}

/** scoreOf's score alone, with no object made: the same arithmetic, so the same number. */
export function scoreValue(
  bm25: number,
  matched: readonly number[],
  weights: readonly number[],
  totalWeight: number,
  best: number,
): number {
  const coverage = coverageOf(matched, weights, totalWeight);
  const covered = coverage * totalWeight;
  const match = Math.min(1, (2 * bm25) / (bm25 + covered || 1));
  const relative = best > 0 ? Math.min(1, bm25 / best) : 0;
  return coverage * (0.6 + 0.2 * match + 0.2 * relative);
}

/** One candidate's score and its parts; `best` is the best bm25 over every candidate of the query. */
export function scoreOf(
  candidate: Pick<ScoredCandidateInput, 'bm25' | 'matched'>,
  weights: readonly number[],
  totalWeight: number,
  best: number,
): { score: number; parts: ScoreParts } {
  const coverage = coverageOf(candidate.matched, weights, totalWeight);
  const covered = coverage * totalWeight;
  const match = Math.min(1, (2 * candidate.bm25) / (candidate.bm25 + covered || 1));
  const relative = best > 0 ? Math.min(1, candidate.bm25 / best) : 0;
  return { score: coverage * (0.6 + 0.2 * match + 0.2 * relative), parts: { coverage, match, relative } };
}

export function tierOf(score: number): Tier {
  return score >= HIGH_MIN ? 'HIGH' : score >= MEDIUM_MIN ? 'MEDIUM' : 'LOW';
}

const TIER_RANK: Readonly<Record<Tier, number>> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

function lower(a: Tier, b: Tier): Tier {
  return TIER_RANK[a] <= TIER_RANK[b] ? a : b;
}

/** Scores every candidate, groups identical texts, applies the query-level caps; best first. */
export function rankCandidates(input: ScoreInput): Ranking {
  const { weights, totalWeight } = carriedWeights(input.total, input.words);
  if (totalWeight <= 0 || input.candidates.length === 0) return { hits: [], cluster: 0, cap: null };
  const best = input.bestBm25 ?? input.candidates.reduce((max, c) => Math.max(max, c.bm25), 0);
  const groups = new Map<
    string,
    { ids: number[]; newest: number; score: number; parts: ScoreParts; matched: readonly number[] }
  >();
  for (const candidate of input.candidates) {
    const { score, parts } = scoreOf(candidate, weights, totalWeight, best);
    const { coverage, match, relative } = parts;
    const group = groups.get(candidate.key);
    if (!group)
      groups.set(candidate.key, {
        ids: [candidate.id],
        newest: candidate.id,
        score,
        parts: { coverage, match, relative },
        matched: candidate.matched,
      });
    else {
      group.ids.push(candidate.id);
      group.newest = Math.max(group.newest, candidate.id);
      if (score > group.score)
        Object.assign(group, { score, parts: { coverage, match, relative }, matched: candidate.matched });
    }
  }
  const ordered = [...groups.entries()].sort(([, a], [, b]) => b.score - a.score || b.newest - a.newest);
  const top = ordered[0]?.[1].score ?? 0;
  // Over every candidate, before anything is cut to what fits: a cut list would hide the crowd.
  const cluster = ordered.filter(
    ([, group]) => group.score >= CLUSTER_RATIO * top && tierOf(group.score) !== 'LOW',
  ).length;
  const single = input.words.length === 1 && !input.words[0]?.identifier;
  const cap =
    cluster >= CLUSTER_SIZE
      ? `${cluster} near-equal hits: the prompt does not single one out`
      : single
        ? 'one plain word: too little to be sure'
        : null;
  const hits = ordered.map(([key, group]): Scored => ({
    ids: [...group.ids].sort((a, b) => b - a),
    key,
    score: group.score,
    parts: group.parts,
    tier: cap ? lower(tierOf(group.score), 'MEDIUM') : tierOf(group.score),
    matched: group.matched.map((index) => input.words[index]?.text ?? ''),
  }));
  return { hits, cluster, cap };
}
