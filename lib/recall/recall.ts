// Prompt-time recall over an open database: the gate's words → document frequencies in the project
// (common words dropped) → candidates → one confidence score → the hits worth showing. Shared by the
// UserPromptSubmit hook and `memory recall --explain`, so the explanation is the hook's own reasoning.
import type { Db } from '../db/open.js';
import {
  candidateHits,
  candidateRows,
  type CandidateHit,
  injectedIds,
  projectScope,
  wordDocs,
  type CandidateRow,
} from '../db/recall-candidates.js';
import type { RecallHit } from './render.js';
import { RECALL_HITS_MAX } from './render.js';
import {
  CLUSTER_RATIO,
  CLUSTER_SIZE,
  MEDIUM_MIN,
  rankCandidates,
  scoreOf,
  seedWords,
  wordWeights,
  type Ranking,
  type WordStat,
} from './score.js';
import type { QueryWord } from './words.js';

/**
 * Below this many memories a project is too young for recall: a word's share of rows means nothing
 * when a tenth of the rows is a handful, and one session's vocabulary is most of the index.
 */
export const MIN_PROJECT_ROWS = 50;
/** A word found in more than this share of the project's memories does not tell them apart. */
export const COMMON_WORD_SHARE = 0.1;

export interface WordReport extends WordStat {
  /** Why it is not searched, when it is not. */
  readonly dropped: string | null;
}

export interface RecallReport {
  readonly total: number;
  /** Why nothing was searched, when nothing was. */
  readonly skipped: string | null;
  readonly words: readonly WordReport[];
  /** The rarest kept words: the candidates are the memories holding at least one of them. */
  readonly seeds: readonly string[];
  /** True when more memories held a seed than are scored (CANDIDATES_MAX): the newest were. */
  readonly bounded: boolean;
  readonly ranking: Ranking;
  /** The candidates' stored rows, by id (with `prune`, only those that can be shown or count in a crowd). */
  readonly rows: ReadonlyMap<number, CandidateRow>;
  /** What would be shown: HIGH and MEDIUM hits not yet injected in the session, best first. */
  readonly hits: readonly RecallHit[];
  /** Every id behind each shown hit (identical texts are one hit), for the never-twice record. */
  readonly idsByHit: ReadonlyMap<number, readonly number[]>;
}

/** The hook reads this many near-equal rows first, then twice as many, until they make a crowd. */
export const CROWD_READ_FIRST = 25;
/**
 * At most this many rows holding one of the prompt's rarest words (the seeds) are scored: the newest.
 * Scoring costs about 2 µs a row; a bound by recency keeps the scored texts the same when every row
 * is stored again (a copy is newer than its original).
 */
export const CANDIDATES_MAX = 500;
/** Past that bound, at most this many older rows holding every kept word are scored too. */
export const OLDER_FULL_MAX = 100;
/** Only hits scoring at least this share of the best one are shown. */
export const SHOW_RATIO = 0.9;

const EMPTY_RANKING: Ranking = { hits: [], cluster: 0, cap: null };

export interface RecallOptions {
  /**
   * Read and group only the candidates that can be shown or count in a crowd (the hook): the tiers
   * of those are the same as without pruning. `--explain` lists every candidate.
   */
  readonly prune?: boolean;
  /** How many rows holding a seed word are scored at most (tests set it low). */
  readonly candidatesMax?: number;
  /** How many older rows holding every word are scored past that bound (tests set it low). */
  readonly olderFullMax?: number;
  /** Checked between the steps: once true, recall gives up (a late answer is not printed anyway). */
  readonly expired?: () => boolean;
}

export class RecallTimeout extends Error {
  override readonly name = 'RecallTimeout';
}

export function recallFor(
  db: Db,
  projectPath: string,
  words: readonly QueryWord[],
  sessionId: string | null,
  options: RecallOptions = {},
): RecallReport {
  const checkpoint = (): void => {
    if (options.expired?.()) throw new RecallTimeout('recall ran out of time');
  };
  const scope = projectScope(db, projectPath);
  const { total } = scope;
  if (total < MIN_PROJECT_ROWS) {
    const unsearched = words.map((word): WordReport => ({
      text: word.text,
      docs: 0,
      identifier: word.kind === 'identifier',
      dropped: null,
    }));
    return empty(total, `the project has ${total} memories; recall starts at ${MIN_PROJECT_ROWS}`, unsearched);
  }
  const cap = Math.floor(total * COMMON_WORD_SHARE);
  const reports: WordReport[] = [];
  const kept: Array<{ word: QueryWord; docs: number }> = [];
  for (const word of words) {
    checkpoint();
    const docs = wordDocs(db, scope, projectPath, word, cap);
    const common = docs > cap;
    reports.push({
      text: word.text,
      docs,
      identifier: word.kind === 'identifier',
      dropped: common ? `in more than ${Math.round(COMMON_WORD_SHARE * 100)}% of the project's memories` : null,
    });
    if (!common) kept.push({ word, docs });
  }
  if (kept.every(({ docs }) => docs === 0))
    return empty(
      total,
      kept.length === 0 ? 'every word is common in this project' : 'no memory contains a kept word',
      reports,
    );
  const stats: WordStat[] = kept.map(({ word, docs }) => ({
    text: word.text,
    docs,
    identifier: word.kind === 'identifier',
  }));
  const weights = wordWeights(total, stats);
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  // Only rows holding one of the rarest words can reach MEDIUM; past CANDIDATES_MAX of them the newest
  // are scored (and the newest older ones holding every word), so the cost does not grow with the project.
  const seeds = seedWords(weights);
  checkpoint();
  const found = candidateHits(
    db,
    scope,
    projectPath,
    kept.map(({ word, docs }) => ({ text: word.text, prefix: word.prefix, docs })),
    seeds,
    { newest: options.candidatesMax ?? CANDIDATES_MAX, olderFull: options.olderFullMax ?? OLDER_FULL_MAX },
  );
  const hitOf = (id: number): CandidateHit => found.hits.get(id) ?? { bm25: 0, matched: [] };
  let bestBm25 = 0;
  for (const hit of found.hits.values()) if (hit.bm25 > bestBm25) bestBm25 = hit.bm25;
  let ids = [...found.hits.keys()];
  if (options.prune) {
    // Scores do not depend on the stored text, so only the rows that can be shown or count in a
    // crowd (MEDIUM or better, within CLUSTER_RATIO of the best) are read and grouped.
    const scored = ids.map((id) => ({ id, score: scoreOf(hitOf(id), weights, totalWeight, bestBm25).score }));
    let top = 0;
    for (const { score } of scored) if (score > top) top = score;
    const floor = Math.max(MEDIUM_MIN, Math.min(CLUSTER_RATIO, SHOW_RATIO) * top);
    ids = scored
      .filter(({ score }) => score >= floor)
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map(({ id }) => id);
  }
  checkpoint();
  const texts = new Map<number, CandidateRow>();
  // A crowd of hundreds of near-equal rows (a command run every day) is settled by its first rows:
  // once they hold CLUSTER_SIZE distinct texts there is no HIGH, and the hits shown are the first
  // groups in score order, whatever the rest hold. Read in doubling batches until that is known.
  let read = 0;
  for (let batch = options.prune ? CROWD_READ_FIRST : ids.length; read < ids.length; batch *= 2) {
    for (const row of candidateRows(db, ids.slice(read, read + batch))) texts.set(row.id, row);
    read = Math.min(ids.length, read + batch);
    if (read < ids.length && new Set(ids.slice(0, read).map((id) => textKey(texts.get(id)))).size >= CLUSTER_SIZE) {
      ids = ids.slice(0, read);
      break;
    }
  }
  const ranking = rankCandidates({
    total,
    words: stats,
    candidates: ids.map((id) => ({ id, ...hitOf(id), key: textKey(texts.get(id)) })),
    bestBm25,
  });
  // A hit well below the best is a weaker, different match: the best hits are what the prompt is about.
  const best = ranking.hits[0]?.score ?? 0;
  const worth = ranking.hits.filter((hit) => hit.tier !== 'LOW' && hit.score >= SHOW_RATIO * best);
  const already = sessionId
    ? injectedIds(
        db,
        sessionId,
        worth.flatMap((hit) => hit.ids),
      )
    : new Set<number>();
  const hits: RecallHit[] = [];
  const idsByHit = new Map<number, readonly number[]>();
  for (const hit of worth) {
    if (hits.length >= RECALL_HITS_MAX) break;
    if (hit.ids.some((id) => already.has(id)) || hit.tier === 'LOW') continue;
    const row = texts.get(hit.ids[0] as number);
    if (!row) continue;
    hits.push({ id: row.id, tier: hit.tier, createdAt: row.createdAt, type: row.type, content: row.content });
    idsByHit.set(row.id, hit.ids);
  }
  return {
    total,
    skipped: null,
    words: reports,
    seeds: seeds.map((index) => kept[index]?.word.text ?? ''),
    bounded: found.bounded,
    ranking,
    rows: texts,
    hits,
    idsByHit,
  };
}

/** Identical stored text (and file) is one hit, however many times it was recorded. */
function textKey(row: CandidateRow | undefined): string {
  return row ? `${row.filePath ?? ''}\n${row.content}` : '';
}

function empty(total: number, skipped: string, words: WordReport[]): RecallReport {
  return {
    total,
    skipped,
    words,
    seeds: [],
    bounded: false,
    ranking: EMPTY_RANKING,
    rows: new Map(),
    hits: [],
    idsByHit: new Map(),
  };
}
