// recall's candidate reads against a plain reference on a real database: every candidate gets the bm25
// FTS5 gives the OR of all kept words, and exactly the words it holds, whichever way each word was read
// (alone over the candidates' range, or "seeds AND word"), bounded or not, in a database of one
// project or of several.
import { describe, expect, it } from 'vitest';
import { candidateHits, projectScope, wordDocs, type CandidateWord } from '../../../lib/recall/queries.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { recallGate } from '../../../lib/recall/gate.js';
import { seedWords, wordWeights } from '../../../lib/recall/score.js';
import { seed } from '../../cli-helpers.js';
import { sandbox } from '../../helpers.js';
import { projectHistory } from '../../recall-helpers.js';

const PROMPTS = [
  'the login test about the expired session token',
  'retry the payment webhook',
  'why was the canary rollout refused',
  'bundle size of w12 widgets',
  'retry payment webhook hook7 margin',
];

const literal = (word: CandidateWord): string =>
  `({name head body} : "${word.text.replaceAll('"', '""')}"${word.prefix ? '*' : ''})`;

/** The reference: bm25 of the OR of every word for each row, and each word's rows, by plain queries. */
function reference(db: Db, words: readonly CandidateWord[]): { bm25: Map<number, number>; rows: Set<number>[] } {
  const or = db
    .prepare(
      'SELECT rowid AS id, -bm25(memory_words, 1.0, 1.0, 1.0, 0.0) AS bm25 FROM memory_words WHERE memory_words MATCH ?',
    )
    .all(words.map(literal).join(' OR ')) as Array<{ id: number; bm25: number }>;
  const rows = words.map(
    (word) =>
      new Set(
        db.prepare('SELECT rowid FROM memory_words WHERE memory_words MATCH ?').pluck().all(literal(word)) as number[],
      ),
  );
  return { bm25: new Map(or.map(({ id, bm25 }) => [id, bm25])), rows };
}

function history(): { db: Db; project: string } {
  const box = sandbox();
  seed(box, projectHistory(box));
  const db = openDb(box.dbPath, { create: false });
  if (!db) throw new Error('no database');
  // 2,600 more rows, so that words are in hundreds of rows and a bound of 100 cuts.
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2599)
    INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
    SELECT 'bulk-' || i, 'Edit', 'file_edit', 'my-app', '${box.project}', NULL,
           CASE WHEN i % 10 = 0 THEN 'Edited hook' || i || '.ts: "retry payment webhook ' || i || '"'
                WHEN i % 7 = 0 THEN 'npm run build  # bundle widgets margin ' || i
                ELSE 'Edited page' || i || '.ts: "margin ' || i || '"' END,
           '', 2, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-03-01', '+' || i || ' minutes'), 'hook'
    FROM n`);
  return { db, project: box.project };
}

function check(db: Db, project: string, bounds: { newest: number; olderFull: number }): number {
  let bounded = 0;
  for (const prompt of PROMPTS) {
    const gate = recallGate(prompt);
    if (!gate.recall) throw new Error(prompt);
    const scope = projectScope(db, project);
    const words = gate.words.map((word) => ({
      text: word.text,
      prefix: word.prefix,
      docs: wordDocs(db, scope, project, word, scope.total),
    }));
    const seeds = seedWords(
      wordWeights(
        scope.total,
        words.map((w) => ({ ...w, identifier: false })),
      ),
    );
    const found = candidateHits(db, scope, project, words, seeds, bounds);
    if (found.bounded) bounded++;
    const { bm25, rows } = reference(
      db,
      words.filter((word) => word.docs > 0),
    );
    const present = words.flatMap((word, index) => (word.docs > 0 ? [index] : []));
    expect(found.ids.length, prompt).toBe(found.hits.size);
    expect(found.ids, prompt).toEqual([...found.ids].sort((a, b) => b - a));
    for (const id of found.ids) {
      const hit = found.hits.get(id);
      expect(hit?.bm25, `${prompt} #${id}`).toBeCloseTo(bm25.get(id) ?? Number.NaN, 9);
      expect(hit?.matched, `${prompt} #${id}`).toEqual(present.filter((_, k) => rows[k]?.has(id)));
      // Every candidate holds a seed.
      expect(
        seeds.some((s) => hit?.matched.includes(s)),
        `${prompt} #${id}`,
      ).toBe(true);
    }
  }
  return bounded;
}

describe("recall's candidates", () => {
  it('carry the bm25 of the OR of every kept word and exactly the words they hold, bounded or not', () => {
    const { db, project } = history();
    expect(check(db, project, { newest: 100_000, olderFull: 0 })).toBe(0);
    expect(check(db, project, { newest: 100, olderFull: 20 })).toBeGreaterThan(0);
    expect(check(db, project, { newest: 7, olderFull: 3 })).toBeGreaterThan(0);
    db.close();
  });

  it('do the same in a database that holds another project, and come only from this one', () => {
    const { db, project } = history();
    // Rows of another project interleaved with this one's, holding the same words.
    db.exec(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
             SELECT session_id || '-other', tool_name, type, 'other', '/elsewhere/other', file_path, content, tags, importance, created_at, source
             FROM memories WHERE id % 3 = 0`);
    db.exec(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
             SELECT session_id || '-again', tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source
             FROM memories WHERE id % 5 = 0 AND project_path = '${project}'`);
    const scope = projectScope(db, project);
    expect(scope.whole).toBe(false);
    expect(scope.total).toBe(db.prepare('SELECT count(*) FROM memories WHERE project_path = ?').pluck().get(project));
    const own = new Set(db.prepare('SELECT id FROM memories WHERE project_path = ?').pluck().all(project) as number[]);
    for (const bounds of [
      { newest: 100_000, olderFull: 0 },
      { newest: 50, olderFull: 10 },
    ]) {
      for (const prompt of PROMPTS) {
        const gate = recallGate(prompt);
        if (!gate.recall) throw new Error(prompt);
        const words = gate.words.map((word) => ({
          ...word,
          docs: wordDocs(db, scope, project, word, scope.total),
        }));
        // Each count is the project's own.
        for (const word of words)
          expect(word.docs, `${prompt}: ${word.text}`).toBe(
            (
              db
                .prepare('SELECT rowid FROM memory_words WHERE memory_words MATCH ?')
                .pluck()
                .all(literal(word)) as number[]
            ).filter((id) => own.has(id)).length,
          );
        const seeds = seedWords(
          wordWeights(
            scope.total,
            words.map((w) => ({ ...w, identifier: false })),
          ),
        );
        const found = candidateHits(db, scope, project, words, seeds, bounds);
        for (const id of found.ids) expect(own.has(id), `${prompt} #${id}`).toBe(true);
      }
    }
    db.close();
  });
});
