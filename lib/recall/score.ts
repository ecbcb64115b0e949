// Recall's tiers over search's own score (lib/search/rank.ts: 0–1, comparable across queries): identical
// stored texts are one hit, a hit is HIGH, MEDIUM or LOW by its score, and a prompt that does not single
// memories out (a crowd of near-equal hits) shows nothing. Pure: no scoring of its own.

export type Tier = 'HIGH' | 'MEDIUM' | 'LOW';

/** One search result as recall reads it, in search's order. */
export interface RecallCandidate {
  readonly id: number;
  /** search's score, 0–1. */
  readonly score: number;
  /** The query words the row holds, as typed. */
  readonly matched: readonly string[];
  /** Those it holds only through their bridge (캐시 → cache). */
  readonly bridged: readonly string[];
  /** Rows with the same key (the same stored text) are one hit. */
  readonly key: string;
}

export interface Scored {
  readonly ids: readonly number[];
  readonly key: string;
  readonly score: number;
  readonly tier: Tier;
  readonly matched: readonly string[];
  readonly bridged: readonly string[];
}

export interface Ranking {
  /** Best first; one entry per distinct stored text. */
  readonly hits: readonly Scored[];
  /** Hits of MEDIUM or better within CLUSTER_RATIO of the best. */
  readonly cluster: number;
  /** Why nothing may be shown (a crowd), or why no hit may be HIGH (one plain word); null otherwise. */
  readonly cap: string | null;
  /** A crowd: the prompt does not single a memory out, and nothing is shown. */
  readonly crowd: boolean;
}

export const HIGH_MIN = 0.85;
export const MEDIUM_MIN = 0.6;
/** Hits scoring at least this share of the best are "near-equal" to it. */
export const CLUSTER_RATIO = 0.9;
/** This many near-equal hits (the best included) mean the prompt does not single one out. */
export const CLUSTER_SIZE = 3;

export function tierOf(score: number): Tier {
  return score >= HIGH_MIN ? 'HIGH' : score >= MEDIUM_MIN ? 'MEDIUM' : 'LOW';
}

/**
 * Groups identical texts (a group scores as its best row), orders by score (the newest first among
 * equals) and applies the prompt-level rules. `single`: the prompt is one plain word, too little to be
 * sure of, so no HIGH.
 */
export function rankHits(candidates: readonly RecallCandidate[], single: boolean): Ranking {
  const groups = new Map<string, { ids: number[]; newest: number; best: RecallCandidate }>();
  for (const candidate of candidates) {
    const group = groups.get(candidate.key);
    if (!group) groups.set(candidate.key, { ids: [candidate.id], newest: candidate.id, best: candidate });
    else {
      group.ids.push(candidate.id);
      group.newest = Math.max(group.newest, candidate.id);
      if (candidate.score > group.best.score) group.best = candidate;
    }
  }
  const ordered = [...groups.values()].sort((a, b) => b.best.score - a.best.score || b.newest - a.newest);
  const top = ordered[0]?.best.score ?? 0;
  const cluster = ordered.filter(
    ({ best }) => best.score >= CLUSTER_RATIO * top && tierOf(best.score) !== 'LOW',
  ).length;
  const crowd = cluster >= CLUSTER_SIZE;
  const cap = crowd
    ? `${cluster} near-equal hits: the prompt does not single one out`
    : single
      ? 'one plain word: too little to be sure'
      : null;
  const hits = ordered.map(({ ids, best }): Scored => {
    const tier = tierOf(best.score);
    return {
      ids: [...ids].sort((a, b) => b - a),
      key: best.key,
      score: best.score,
      tier: single && tier === 'HIGH' ? 'MEDIUM' : tier,
      matched: best.matched,
      bridged: best.bridged,
    };
  });
  return { hits, cluster, cap, crowd };
}
