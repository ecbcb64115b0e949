// Team search on the server: each query word's bounded candidates, chosen as local search chooses
// them (search_words in server-rank-schema.ts), how every candidate matched every word
// (search_hits), ranked here by the same function as local search (lib/search/rank.ts), then the
// page's rows (search_rows). Only approved memories of the role's projects reach any of the three.
import type { ClientBase } from 'pg';
import type { Tier } from '../search/plan.js';
import { rankCandidates, SCORE_TIE, type Candidate, type Ranked, type WordHit } from '../search/rank.js';
import { queryKeys, rowKeys, type WordKeys } from './keys.js';
import { SCHEMA } from './server-names.js';
import { hasPendingTable } from './server-queries.js';
import { isAgentName } from '../memory.js';
import { SEARCH_AGENT_SETTING } from './server-agent-schema.js';

export interface TeamHit {
  readonly id: string;
  readonly project: string;
  readonly author: string;
  readonly host_id: string;
  readonly host_name: string;
  readonly local_id: string;
  readonly session_id: string;
  readonly tool_name: string;
  readonly type: string;
  readonly file_path: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: number;
  readonly created_at: string;
  /** The coding agent that made it; null for rows pushed before the server kept agents (schema v4). */
  readonly agent: string | null;
}

export interface TeamSearchFilters {
  readonly project: string | null;
  readonly type: string | null;
  readonly since: string | null;
  /** Only what this coding agent made (lib/memory.ts AGENTS); null: every agent. */
  readonly agent?: string | null;
}

export interface TeamSearchResult {
  /** The least exact index any word needed. */
  readonly tier: Tier;
  /** Best first, at most `limit`. */
  readonly hits: TeamHit[];
  /** Some word was in more rows than were scored (only its newest were): counts are lower bounds. */
  readonly atLeast: boolean;
}

/** Candidates per word, as local search scores a word's newest hits. */
export const WORD_CAP = 2000;
/** A word its keys find in fewer rows than this also gets the rows holding it inside a longer word. */
export const SPARSE = 10;
/** A word in fewer own-text rows than this also gets its bridge's rows, at most BRIDGE_CAP of them. */
export const BRIDGE_BELOW = 300;
export const BRIDGE_CAP = 300;

type WordRow = {
  word: number;
  by_substring: boolean;
  by_bridge: boolean;
  capped: boolean;
  df: string | null;
  ids: string[];
};
type HitRow = { id: string; created_at: string; hits: number[] };

/** A row's match code for one word (search_hits) → how local search would have marked that hit. */
function hitOf(code: number): WordHit | null {
  if (code & 1) return { own: 1, request: code & 2 ? 1 : 0 };
  if (code & 2) return code & 4 ? { own: 1, request: 1, bridged: true } : { own: 0, request: 1 };
  if (code & 8) return { own: 1, request: 0, substring: true };
  if (code & 4) return { own: 1, request: code & 16 ? 1 : 0, bridged: true };
  if (code & 16) return { own: 0, request: 1, bridged: true };
  return null;
}

function wireWords(words: readonly WordKeys[], steps: readonly WordRow[] = []) {
  return JSON.stringify(
    words.map((word, i) => ({
      own: word.own,
      request: word.request,
      bridge: word.bridge,
      bridgeRequest: word.bridgeRequest,
      like: word.like,
      substring: steps[i]?.by_substring ?? false,
      bridged: steps[i]?.by_bridge ?? false,
    })),
  );
}

/** The best approved team memories for `query` under `filters`, ranked as local search ranks. */
export async function searchTeam(
  client: ClientBase,
  query: string,
  filters: TeamSearchFilters,
  limit: number,
): Promise<TeamSearchResult> {
  const words = queryKeys(query);
  if (words.length === 0) return { tier: 'unicode61', hits: [], atLeast: false };
  const scope = [filters.project, filters.type, filters.since];
  // The server's search scope reads the agent from this setting (server-agent-schema.ts), set for
  // every search so an earlier one's never carries over on the same connection.
  await client.query('SELECT set_config($1, $2, false)', [SEARCH_AGENT_SETTING, filters.agent ?? '']);
  const perWord = (
    await client.query<WordRow>(`SELECT * FROM ${SCHEMA}.search_words($1::jsonb, $2, $3, $4, $5, $6, $7, $8)`, [
      wireWords(words),
      ...scope,
      WORD_CAP,
      SPARSE,
      BRIDGE_BELOW,
      BRIDGE_CAP,
    ])
  ).rows.sort((a, b) => a.word - b.word);
  const ids = [...new Set(perWord.flatMap((row) => row.ids))];
  const atLeast = perWord.some((row) => row.capped);
  if (ids.length === 0) return { tier: tierOf(perWord, []), hits: [], atLeast };
  const matched = (
    await client.query<HitRow>(`SELECT * FROM ${SCHEMA}.search_hits($1::jsonb, $2::bigint[], $3, $4, $5)`, [
      wireWords(words, perWord),
      ids,
      ...scope,
    ])
  ).rows;
  const total = Number(
    (await client.query<{ n: string }>(`SELECT ${SCHEMA}.search_total() AS n`)).rows[0]?.n ?? matched.length,
  );
  const createdAt = new Map<number, string>();
  const candidates: Candidate[] = matched.map((row) => {
    createdAt.set(Number(row.id), row.created_at);
    return { id: Number(row.id), hits: row.hits.map(hitOf) };
  });
  // A word not capped has every row holding it among the candidates: its count is theirs, as locally.
  const df = perWord.map((row, i) =>
    row.df !== null ? Number(row.df) : candidates.filter((candidate) => (candidate.hits[i]?.own ?? 0) > 0).length,
  );
  const ranked = rankCandidates(
    candidates,
    df,
    Math.max(total, matched.length),
    words.map((word) => word.stop),
  ).sort((a, b) => order(a, b, createdAt));
  const page = ranked.slice(0, limit).map((rank) => rank.id);
  // The agent as a known name or none: the record's agent is never free text from the server.
  const rows = new Map(
    (await client.query<TeamHit>(`SELECT * FROM ${SCHEMA}.search_rows($1::bigint[])`, [page])).rows.map((row) => [
      Number(row.id),
      { ...row, agent: row.agent && isAgentName(row.agent) ? row.agent : null },
    ]),
  );
  return { tier: tierOf(perWord, candidates), hits: page.flatMap((id) => rows.get(id) ?? []), atLeast };
}

/** The least exact index that found a row: substrings when one was found only inside a longer word. */
function tierOf(perWord: readonly WordRow[], candidates: readonly Candidate[]): Tier {
  const inside = perWord.some((row, i) => row.by_substring && candidates.some((c) => c.hits[i]?.substring));
  return inside ? 'trigram' : 'unicode61';
}

/** Local search's order (lib/db/best-matches.ts): every word, then the score's bucket, then recency. */
function order(a: Ranked, b: Ranked, createdAt: ReadonlyMap<number, string>): number {
  if (a.allMatched !== b.allMatched) return a.allMatched ? -1 : 1;
  const bucket = Math.round(b.score / SCORE_TIE) - Math.round(a.score / SCORE_TIE);
  if (bucket !== 0) return bucket;
  const at = createdAt.get(a.id) ?? '';
  const bt = createdAt.get(b.id) ?? '';
  if (at !== bt) return at < bt ? 1 : -1;
  return b.id - a.id;
}

/** Rows keyed per statement when indexing rows pushed before the word keys existed. */
const INDEX_BATCH = 2000;

/**
 * Gives every row pushed before schema v2 its word keys (made here, from the text the server holds;
 * their request and intent were never sent), a batch per statement so none nears the timeout, and
 * resumable: a stopped run leaves keyless rows that the next `memory team init` picks up.
 */
export async function indexOldRows(client: ClientBase, progress: (done: number) => void = () => {}): Promise<number> {
  let done = 0;
  // Rows waiting for review too (schema v6 keeps them in pending_memories): approving moves their keys.
  const tables = (await hasPendingTable(client)) ? ['memories', 'pending_memories'] : ['memories'];
  for (const table of tables) {
    for (;;) {
      const { rows } = await client.query<{ id: string; content: string; tags: string; file_path: string | null }>(
        // Ordered by the bigint (not the text it is returned as), so the unkeyed index answers it.
        `SELECT m.id::text AS id, m.content, m.tags, m.file_path FROM ${SCHEMA}.${table} m
         WHERE m.keys IS NULL ORDER BY m.id LIMIT $1`,
        [INDEX_BATCH],
      );
      if (rows.length === 0) break;
      await client.query(
        `UPDATE ${SCHEMA}.${table} m SET keys = r.keys
         FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, keys text[]) WHERE m.id = r.id`,
        [
          JSON.stringify(
            rows.map((row) => ({ id: row.id, keys: rowKeys([row.content, row.tags, row.file_path], null, null) })),
          ),
        ],
      );
      done += rows.length;
      progress(done);
    }
  }
  return done;
}
