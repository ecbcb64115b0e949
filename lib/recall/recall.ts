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
} from './queries.js';
import type { RecallHit } from './render.js';
import { RECALL_HITS_MAX } from './render.js';
import {
  CLUSTER_RATIO,
  CLUSTER_SIZE,
  MEDIUM_MIN,
  rankCandidates,
  scoreValue,
  seedWords,
  carriedWeights,
  type Ranking,
  type WordStat,
} from './score.js';
import type { QueryWord } from './words.js';
import { bridgeOf, type BridgeTable } from '../language/bridges.js';

/** A word found only through its English bridge counts this share of its weight (as in search). */
export const BRIDGE_SHARE = 0.5;

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
  /**
   * Set when the word itself is in no memory of the project and its English bridge is searched
   * instead: `docs` then counts the memories holding the English, which weighs BRIDGE_SHARE.
   */
  readonly bridged: { readonly via: string; readonly english: readonly string[]; readonly table: BridgeTable } | null;
}

export interface RecallReport {
  readonly total: number;
  /** Why nothing was searched, when nothing was. */
  readonly skipped: string | null;
  /** Why nothing would be shown, when nothing would (too few memories, common words, no confident hit). */
  readonly silent: string | null;
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
 * Scoring is per row, so the prompt's wait is bounded; a bound by recency keeps the scored texts the same when every row
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
   * of those are the same as without pruning. `--explain` lists every candidate scored.
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
    // The hook stops here; an explanation still counts each word, so what it says is true.
    const unsearched = words.map((word): WordReport => ({
      text: word.text,
      docs: options.prune ? 0 : wordDocs(db, scope, projectPath, word, total),
      identifier: word.kind === 'identifier',
      dropped: null,
      bridged: null,
    }));
    const reason = `the project has ${total} memor${total === 1 ? 'y' : 'ies'}; recall starts at ${MIN_PROJECT_ROWS}`;
    return empty(total, reason, unsearched);
  }
  const cap = Math.floor(total * COMMON_WORD_SHARE);
  const reports: WordReport[] = [];
  const kept: Array<{ word: QueryWord; docs: number; english?: readonly string[] }> = [];
  for (const word of words) {
    checkpoint();
    let docs = wordDocs(db, scope, projectPath, word, cap);
    // A Korean word no memory of the project holds is looked up as its English (캐시 → cache).
    let bridged: WordReport['bridged'] = null;
    // Asked here, not by the gate: the prompt hook's screen never loads the bridge table.
    const bridge = docs === 0 && word.prefix ? bridgeOf(word.text) : null;
    if (bridge) {
      const english = wordDocs(db, scope, projectPath, { ...word, english: bridge.english }, cap);
      // An English word common in the project tells nothing the missing Korean word did not: the
      // word stays missing (it still bounds how much of the prompt a row can cover).
      if (english > 0 && english <= cap) {
        docs = english;
        bridged = { via: bridge.via, english: bridge.english, table: bridge.table };
      }
    }
    const common = docs > cap;
    reports.push({
      text: word.text,
      docs,
      identifier: word.kind === 'identifier',
      dropped: common ? `in more than ${Math.round(COMMON_WORD_SHARE * 100)}% of the project's memories` : null,
      bridged,
    });
    if (!common) kept.push(bridged ? { word, docs, english: bridged.english } : { word, docs });
  }
  if (kept.every(({ docs }) => docs === 0))
    return empty(
      total,
      kept.length === 0 ? 'every word is common in this project' : 'no memory contains a kept word',
      reports,
    );
  const stats: WordStat[] = kept.map(({ word, docs, english }) => ({
    text: word.text,
    docs,
    identifier: word.kind === 'identifier',
    ...(english ? { share: BRIDGE_SHARE } : {}),
  }));
  const { weights, totalWeight } = carriedWeights(total, stats);
  // Only rows holding one of the rarest words can reach MEDIUM; past CANDIDATES_MAX of them the newest
  // are scored (and the newest older ones holding every word), so the cost does not grow with the project.
  const seeds = seedWords(weights);
  checkpoint();
  const found = candidateHits(
    db,
    scope,
    projectPath,
    kept.map(({ word, docs, english }) => ({
      text: word.text,
      prefix: word.prefix,
      docs,
      ...(english ? { english } : {}),
    })),
    seeds,
    { newest: options.candidatesMax ?? CANDIDATES_MAX, olderFull: options.olderFullMax ?? OLDER_FULL_MAX },
  );
  const hitOf = (id: number): CandidateHit => found.hits.get(id) ?? { bm25: 0, matched: [] };
  let bestBm25 = 0;
  for (let i = 0; i < found.ids.length; i++) bestBm25 = Math.max(bestBm25, hitOf(found.ids[i] as number).bm25);
  checkpoint();
  const texts = new Map<number, CandidateRow>();
  let ids: readonly number[] = found.ids;
  if (!options.prune) for (const row of candidateRows(db, ids)) texts.set(row.id, row);
  else {
    // Scores do not depend on the stored text, so only the rows that can be shown or count in a
    // crowd (MEDIUM or better, within CLUSTER_RATIO of the best) are read and grouped.
    const ordered = new CrowdOrder(found.ids, (id) => {
      const hit = hitOf(id);
      return scoreValue(hit.bm25, hit.matched, weights, totalWeight, bestBm25);
    });
    // A crowd of hundreds of near-equal rows (a command run every day) is settled by its best rows:
    // once they hold CLUSTER_SIZE distinct texts there is no HIGH, and the hits shown are the first
    // groups in score order, whatever the rest hold. Read in doubling batches until that is known.
    for (let first = CROWD_READ_FIRST; ; first *= 2) {
      ids = ordered.best(first);
      const unread = ids.filter((id) => !texts.has(id));
      for (const row of candidateRows(db, unread)) texts.set(row.id, row);
      if (ids.length >= ordered.size || new Set(ids.map((id) => textKey(texts.get(id)))).size >= CLUSTER_SIZE) break;
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
    silent: hits.length > 0 ? null : silence(ranking, worth.length),
    words: reports,
    seeds: seeds.map((index) => kept[index]?.word.text ?? ''),
    bounded: found.bounded,
    ranking,
    rows: texts,
    hits,
    idsByHit,
  };
}

/**
 * The candidates that can be shown or count in a crowd (MEDIUM or better, within CLUSTER_RATIO of the
 * best), best first, handed out as growing prefixes: only a prefix is ever sorted, found by a
 * native sort of the scores (no comparator calls for the hundreds of rows of a crowd).
 */
class CrowdOrder {
  private readonly ids: readonly number[];
  private readonly scores: Float64Array;
  /** The kept rows' indexes, and their scores best first. */
  private readonly kept: number[] = [];
  private readonly line: Float64Array;

  /** `ids` newest first (as candidateHits gives them). */
  constructor(ids: readonly number[], scoreOf: (id: number) => number) {
    this.ids = ids;
    this.scores = new Float64Array(ids.length);
    let top = 0;
    for (let i = 0; i < ids.length; i++) {
      const score = scoreOf(ids[i] as number);
      this.scores[i] = score;
      if (score > top) top = score;
    }
    const floor = Math.max(MEDIUM_MIN, Math.min(CLUSTER_RATIO, SHOW_RATIO) * top);
    for (let i = 0; i < ids.length; i++) if ((this.scores[i] as number) >= floor) this.kept.push(i);
    this.line = new Float64Array(this.kept.length);
    for (let k = 0; k < this.kept.length; k++) this.line[k] = this.scores[this.kept[k] as number] as number;
    this.line.sort().reverse();
  }

  get size(): number {
    return this.kept.length;
  }

  /** The best `count` kept ids in score order, the newest first among equals. */
  best(count: number): number[] {
    const { ids, scores } = this;
    let chosen = this.kept;
    if (count < this.kept.length) {
      // Every row above the count-th score, and of those tied with it the newest: `ids` is newest
      // first, so those come first in `kept` too.
      const line = this.line[count - 1] as number;
      const above = this.kept.filter((i) => (scores[i] as number) > line);
      for (let k = 0; above.length < count && k < this.kept.length; k++) {
        const i = this.kept[k] as number;
        if (scores[i] === line) above.push(i);
      }
      chosen = above;
    }
    return chosen
      .slice()
      .sort((a, b) => (scores[b] as number) - (scores[a] as number) || (ids[b] as number) - (ids[a] as number))
      .map((i) => ids[i] as number);
  }
}

/** Identical stored text (and file) is one hit, however many times it was recorded. */
function textKey(row: CandidateRow | undefined): string {
  return row ? `${row.filePath ?? ''}\n${row.content}` : '';
}

/** Why a searched prompt shows nothing: no candidate, none confident enough, or all shown already. */
function silence(ranking: Ranking, worth: number): string {
  const best = ranking.hits[0];
  if (!best) return 'no memory holds one of the rarest words';
  if (worth > 0) return 'its hits were already shown in this session';
  return `no confident hit: the best scores ${best.score.toFixed(2)} (${best.tier}); MEDIUM needs ${MEDIUM_MIN}`;
}

function empty(total: number, skipped: string, words: WordReport[]): RecallReport {
  return {
    total,
    skipped,
    silent: skipped,
    words,
    seeds: [],
    bounded: false,
    ranking: EMPTY_RANKING,
    rows: new Map(),
    hits: [],
    idsByHit: new Map(),
  };
}
