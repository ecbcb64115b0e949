// A word in more memories than are scored (its newest hits only) still counts on the rows the rarer words
// found: the scores of a rare-and-common query match an independent ranking built from each word's whole
// list, read straight from the word index, whichever field holds the common word.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestMatches } from '../../../lib/search/best-match-queries.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { NO_FILTERS } from '../../../lib/search/queries.js';
import { rankCandidates, type Candidate, type WordHit } from '../../../lib/search/rank.js';
import { RECALL_HIT_CAP } from '../../../lib/recall/recall.js';

let dir = '';
let db: Db;
let minute = 0;
/** More rows than search scores per word (its newest 2,000). */
const COMMON_ROWS = 2300;

function insert(content: string, extra: { request?: string; intent?: string; file?: string } = {}): number {
  minute++;
  return Number(
    db
      .prepare(
        `INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source, request, intent)
         VALUES ('s', 'Bash', 'command', 'app', '/w/app', @file, @content, '', 1, @createdAt, 'hook', @request, @intent)`,
      )
      .run({
        content,
        file: extra.file ?? null,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
        request: extra.request ?? null,
        intent: extra.intent ?? null,
      }).lastInsertRowid,
  );
}

const WORD_SCORES =
  'rowid AS id, -bm25(memory_words, 4.0, 3.0, 1.0, 0.0, 0.0) AS own, -bm25(memory_words, 0.0, 0.0, 0.0, 1.0, 0.5) AS request';

/** Every row holding `word`, with the relevances search gives one word, from its whole list. */
function wholeList(word: string): Map<number, WordHit> {
  const rows = db
    .prepare(`SELECT ${WORD_SCORES} FROM memory_words WHERE memory_words MATCH ? ORDER BY rowid DESC`)
    .all(`"${word}"`) as { id: number; own: number; request: number }[];
  return new Map(rows.map((row) => [row.id, { own: Math.max(0, row.own), request: Math.max(0, row.request) }]));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmh-capped-'));
  const opened = openDb(join(dir, 'memory.db'), { create: true });
  if (!opened) throw new Error('no database');
  db = opened;
  // The rare word's rows come first, so the common word's newest hits never reach them.
  for (let i = 0; i < 40; i++) {
    const shape = i % 4;
    if (shape === 0) insert(`zeppelin retry ${i} in the webhook handler`);
    else if (shape === 1) insert(`zeppelin retry ${i}`, { request: 'why does the handler retry forever' });
    else if (shape === 2) insert(`zeppelin retry ${i}`, { intent: 'the handler retries: back off' });
    else insert(`zeppelin retry ${i} with backoff`, { file: `/w/app/src/handler${i}.ts` });
  }
  for (let i = 0; i < COMMON_ROWS; i++) insert(`npm run handler ${i}`);
  for (let i = 0; i < 30; i++) insert(`npm run lint ${i}`);
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a word in more memories than are scored', () => {
  it.each(['zeppelin handler', 'handler zeppelin'])(
    'counts on the rarer word\'s rows exactly as its whole list says ("%s")',
    (query) => {
      const words = query.split(' ');
      const lists = words.map(wholeList);
      const common = words.indexOf('handler');
      const handler = lists[common] as Map<number, WordHit>;
      const zeppelin = lists[1 - common] as Map<number, WordHit>;
      expect(handler.size).toBeGreaterThan(2000);
      // The candidates: the common word's newest 2,000 rows and every row of the rare one.
      const ids = new Set([...[...handler.keys()].slice(0, 2000), ...zeppelin.keys()]);
      const candidates: Candidate[] = [...ids].map((id) => ({
        id,
        hits: lists.map((list) => list.get(id) ?? null),
      }));
      const df = [common === 0 ? handler.size : countOwn(zeppelin), common === 0 ? countOwn(zeppelin) : handler.size];
      const total = db.prepare('SELECT count(*) FROM memories').pluck().get() as number;
      const expected = rankCandidates(candidates, df, total)
        .slice(0, 40)
        .map((rank) => Math.round(rank.score * 1000) / 1000);
      const found = bestMatches(db, query, NO_FILTERS, { limit: 40 }).matches;
      expect(found.map((match) => match.score).sort((a, b) => b - a)).toEqual(expected);
      // Every row of the rare word holds the common one in some field: all 40 hold every word.
      expect(found.filter((match) => match.allMatched)).toHaveLength(40);
      expect(new Set(found.map((match) => match.row.id))).toEqual(new Set(zeppelin.keys()));
    },
  );
});

describe("recall's smaller hit cap", () => {
  it.each(['zeppelin handler', 'handler zeppelin'])(
    'finds and scores the rarer word\'s rows as search does ("%s")',
    (query) => {
      const whole = bestMatches(db, query, NO_FILTERS, { limit: 40 }).matches;
      const capped = bestMatches(db, query, NO_FILTERS, { limit: 40, hitCap: RECALL_HIT_CAP }).matches;
      expect(RECALL_HIT_CAP).toBeLessThan(COMMON_ROWS);
      const shape = (matches: typeof whole) =>
        matches.map((match) => ({ id: match.row.id, score: match.score, matched: match.matched }));
      expect(shape(capped)).toEqual(shape(whole));
      expect(capped.every((match) => match.allMatched)).toBe(true);
    },
  );

  it('scores a common word alone on its newest hits', () => {
    const found = bestMatches(db, 'handler', NO_FILTERS, { limit: 5, hitCap: RECALL_HIT_CAP, count: true });
    expect(found.matches.map((match) => match.row.content)).toEqual(
      [2299, 2298, 2297, 2296, 2295].map((i) => `npm run handler ${i}`),
    );
    expect(found.atLeast).toBe(true);
  });
});

function countOwn(list: ReadonlyMap<number, WordHit>): number {
  let n = 0;
  for (const hit of list.values()) if (hit.own > 0) n++;
  return n;
}
