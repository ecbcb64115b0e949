// Prompt-time recall over an open database: the gate's words → search's own ranking over the project's
// memories (lib/search: every field, each word's rarity, the bridges) → tiers on its 0–1 score → the
// hits worth showing. Shared by the UserPromptSubmit hook and `memory recall --explain`, so the
// explanation is the hook's own reasoning. No scoring of its own: a better search is a better recall.
import type { Db } from '../db/open.js';
import { projectSpan } from '../db/counts.js';
import { injectedIds } from './queries.js';
import type { RecallHit } from './render.js';
import { RECALL_HITS_MAX } from './render.js';
import { rankHits, MEDIUM_MIN, type Ranking } from './score.js';
import type { QueryWord } from './words.js';
import type { Bridge } from '../language/bridges.js';
import { bestMatches } from '../search/best-match-queries.js';
import { NO_FILTERS } from '../search/queries.js';

/**
 * Below this many memories a project is too young for recall: a word's share of rows means nothing
 * when a tenth of the rows is a handful, and one session's vocabulary is most of the index.
 */
export const MIN_PROJECT_ROWS = 50;
/** Search results read per prompt: enough to tell one memory from a crowd of near-equal ones. */
export const CANDIDATES_MAX = 30;
/**
 * A prompt word in more memories than this is scored on its newest this many (search scores 2,000): the
 * cost of a search is a bm25 per hit, and a hook has no time for one over every common word's rows. Only
 * rows holding nothing but such words lose candidates, and those are the crowds recall never shows; a
 * row holding a rarer word of the prompt is still scored on every word exactly.
 */
export const RECALL_HIT_CAP = 10 * CANDIDATES_MAX;
/** Only hits scoring at least this share of the best one are shown. */
export const SHOW_RATIO = 0.9;

/** One prompt word as search looked it up. */
export interface WordReport {
  readonly text: string;
  /** Memories whose own text holds the word (a lower bound when the word is everywhere). */
  readonly docs: number;
  /** A function word: it weighs nothing beside content words. */
  readonly stop: boolean;
  /** The word's other language (캐시 → cache), when it has one. */
  readonly bridge: Bridge | null;
  /** Memories found only through the bridge. */
  readonly bridgeDocs: number;
}

/** What a candidate's row shows in an explanation. */
export interface CandidateRow {
  readonly id: number;
  readonly type: string;
  readonly filePath: string | null;
  readonly content: string;
  readonly createdAt: string;
}

export interface RecallReport {
  /** The project's memories. */
  readonly total: number;
  /** Why nothing was searched, when nothing was. */
  readonly skipped: string | null;
  /** Why nothing would be shown, when nothing would (too few memories, a crowd, no confident hit). */
  readonly silent: string | null;
  readonly words: readonly WordReport[];
  readonly ranking: Ranking;
  /** The candidates' stored rows, by id. */
  readonly rows: ReadonlyMap<number, CandidateRow>;
  /** What would be shown: HIGH and MEDIUM hits not yet injected in the session, best first. */
  readonly hits: readonly RecallHit[];
  /** Every id behind each shown hit (identical texts are one hit), for the never-twice record. */
  readonly idsByHit: ReadonlyMap<number, readonly number[]>;
}

const EMPTY_RANKING: Ranking = { hits: [], cluster: 0, cap: null, crowd: false };

export interface RecallOptions {
  /** Count each word even in a project too young for recall (an explanation; the hook stops first). */
  readonly explain?: boolean;
  /** Search results read at most (tests set it low). */
  readonly candidatesMax?: number;
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
  const total = projectSpan(db, projectPath).memories;
  const young = total < MIN_PROJECT_ROWS;
  const reason = `the project has ${total} memor${total === 1 ? 'y' : 'ies'}; recall starts at ${MIN_PROJECT_ROWS}`;
  if (young && !options.explain) {
    const unsearched = words.map((word) => ({ text: word.text, docs: 0, stop: false, bridge: null, bridgeDocs: 0 }));
    return empty(total, reason, unsearched);
  }
  const query = words.map((word) => word.text).join(' ');
  checkpoint();
  const result = bestMatches(
    db,
    query,
    { ...NO_FILTERS, projectPath },
    { limit: options.candidatesMax ?? CANDIDATES_MAX, here: projectPath, hitCap: RECALL_HIT_CAP },
  );
  checkpoint();
  const reports = result.lookups.map((lookup): WordReport => ({
    text: lookup.text,
    docs: lookup.df,
    stop: lookup.stop,
    bridge: lookup.bridge,
    bridgeDocs: lookup.bridgeDf,
  }));
  if (young) return empty(total, reason, reports);
  const rows = new Map<number, CandidateRow>();
  for (const { row } of result.matches)
    rows.set(row.id, {
      id: row.id,
      type: row.type,
      filePath: row.file_path,
      content: row.content,
      createdAt: row.created_at,
    });
  const single = words.length === 1 && words[0]?.kind !== 'identifier';
  const ranking = rankHits(
    result.matches.map((match) => ({
      id: match.row.id,
      score: match.score,
      matched: match.matched,
      bridged: match.bridged,
      key: `${match.row.file_path ?? ''}\n${match.row.content}`,
    })),
    single,
  );
  // A hit well below the best is a weaker, different match: the best hits are what the prompt is about.
  const best = ranking.hits[0]?.score ?? 0;
  const worth = ranking.crowd ? [] : ranking.hits.filter((hit) => hit.tier !== 'LOW' && hit.score >= SHOW_RATIO * best);
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
    const row = rows.get(hit.ids[0] as number);
    if (!row) continue;
    hits.push({ id: row.id, tier: hit.tier, createdAt: row.createdAt, type: row.type, content: row.content });
    idsByHit.set(row.id, hit.ids);
  }
  return {
    total,
    skipped: null,
    silent: hits.length > 0 ? null : silence(ranking, worth.length),
    words: reports,
    ranking,
    rows,
    hits,
    idsByHit,
  };
}

/** Why a searched prompt shows nothing: no candidate, a crowd, none confident enough, or all shown already. */
function silence(ranking: Ranking, worth: number): string {
  const best = ranking.hits[0];
  if (!best) return 'no memory of the project holds a word of the prompt';
  if (ranking.crowd) return ranking.cap ?? 'a crowd of near-equal hits';
  if (worth > 0) return 'its hits were already shown in this session';
  return `no confident hit: the best scores ${best.score.toFixed(2)} (${best.tier}); MEDIUM needs ${MEDIUM_MIN}`;
}

function empty(total: number, skipped: string, words: WordReport[]): RecallReport {
  return {
    total,
    skipped,
    silent: skipped,
    words,
    ranking: EMPTY_RANKING,
    rows: new Map(),
    hits: [],
    idsByHit: new Map(),
  };
}
