// Recall over a real database file (migrated by openDb, seeded through MemoryStore), ranked by search:
// the same tiers when every row is duplicated, no hit changed by a word common in the project, the
// crowd rule, and the project boundary.
import { describe, expect, it } from 'vitest';
import { runCleanup } from '../../../lib/faults/cleanup.js';
import { MemoryStore } from '../../../lib/db/memories.js';
import { claimInjections, injectedIds } from '../../../lib/recall/queries.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { recallGate } from '../../../lib/recall/gate.js';
import { MIN_PROJECT_ROWS, recallFor, RecallTimeout, type RecallReport } from '../../../lib/recall/recall.js';
import { bestMatches } from '../../../lib/search/best-match-queries.js';
import { NO_FILTERS } from '../../../lib/search/queries.js';
import type { QueryWord } from '../../../lib/recall/words.js';
import { memory, seed } from '../../cli-helpers.js';
import { sandbox, type Sandbox } from '../../helpers.js';
import { HOSTILE, KOREAN_COMMIT, LOGIN_FAILURE, projectHistory } from '../../recall-helpers.js';

const PROMPTS = [
  'the login test about the expired session token',
  '인증 오류 고쳐줘',
  'why was the canary rollout refused',
  'retry the payment webhook',
  'session token check',
  'bundle size of w12',
];

function words(prompt: string): readonly QueryWord[] {
  const gate = recallGate(prompt);
  if (!gate.recall) throw new Error(`the gate silenced "${prompt}": ${gate.reason}`);
  return gate.words;
}

function history(): { box: Sandbox; db: Db } {
  const box = sandbox();
  seed(box, projectHistory(box));
  const db = openDb(box.dbPath, { create: false });
  if (!db) throw new Error('no database');
  return { box, db };
}

/** Every scored hit as `tier text`, best first: what the tiers say, whatever the ids. */
function tiers(report: RecallReport): string[] {
  return report.ranking.hits.map((hit) => `${hit.tier} ${hit.key}`);
}

describe('recall over a project history', () => {
  it('finds the failing test a prompt is about, as HIGH', () => {
    const { box, db } = history();
    const report = recallFor(db, box.project, words('the login test about the expired session token'), null);
    db.close();
    expect(report.hits.map((hit) => [hit.tier, hit.content])).toEqual([['HIGH', LOGIN_FAILURE]]);
  });

  it('finds a Korean commit from a Korean request whose words carry no particle', () => {
    const { box, db } = history();
    const report = recallFor(db, box.project, words('인증 오류 고쳐줘'), null);
    db.close();
    expect(report.hits.map((hit) => [hit.tier, hit.content])).toEqual([['HIGH', KOREAN_COMMIT]]);
  });

  it('leaves every tier unchanged when every row is stored twice', () => {
    const { box, db } = history();
    const before = PROMPTS.map((prompt) => tiers(recallFor(db, box.project, words(prompt), null)));
    db.exec(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
             SELECT session_id || '-copy', tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source FROM memories`);
    const after = PROMPTS.map((prompt) => tiers(recallFor(db, box.project, words(prompt), null)));
    db.close();
    expect(after).toEqual(before);
    expect(before.flat().some((line) => line.startsWith('HIGH'))).toBe(true);
  });

  it("leaves every tier unchanged when another project holds the same memories, and shows none of that project's", () => {
    const { box, db } = history();
    const before = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null));
    const own = new Set(db.prepare('SELECT id FROM memories').pluck().all() as number[]);
    // Newer than every row of this project: a bound by recency must skip them, not count them.
    db.exec(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
             SELECT session_id || '-other', tool_name, type, 'other-app', '/elsewhere/other-app', file_path, content, tags, importance, created_at, source FROM memories`);
    const after = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null));
    db.close();
    expect(after.map(tiers)).toEqual(before.map(tiers));
    for (const report of after)
      for (const hit of report.ranking.hits) for (const id of hit.ids) expect(own.has(id)).toBe(true);
  });

  it('shows the same hits when the prompt adds a word common in the project', () => {
    const { box, db } = history();
    for (const prompt of PROMPTS) {
      const plain = recallFor(db, box.project, words(prompt), null);
      const noisy = recallFor(db, box.project, words(`${prompt} widgets`), null);
      expect(noisy.words.find((word) => word.text === 'widgets')?.docs, prompt).toBeGreaterThan(30);
      expect(noisy.hits, prompt).toEqual(plain.hits);
    }
    db.close();
  });

  it('scores each hit as memory search ranks it', () => {
    const { box, db } = history();
    for (const prompt of PROMPTS) {
      const report = recallFor(db, box.project, words(prompt), null);
      const query = words(prompt)
        .map((word) => word.text)
        .join(' ');
      const search = bestMatches(db, query, { ...NO_FILTERS, projectPath: box.project }, { limit: 30 });
      const best = new Map<number, number>();
      for (const match of search.matches) best.set(match.row.id, match.score);
      for (const hit of report.ranking.hits) expect(hit.score, prompt).toBe(best.get(hit.ids[0] as number));
    }
    db.close();
  });

  it('shows nothing for a crowd of near-equal hits: the prompt does not single one out', () => {
    const { box, db } = history();
    const report = recallFor(db, box.project, words('retry the payment webhook'), 'sess-crowd');
    db.close();
    expect([report.ranking.cluster, report.ranking.crowd]).toEqual([4, true]);
    expect(report.hits).toEqual([]);
    expect(report.silent).toBe('4 near-equal hits: the prompt does not single one out');
  });

  it('never shows a memory twice in one session, and again in another', () => {
    const { box, db } = history();
    const ask = (session: string) => recallFor(db, box.project, words('why was the canary rollout refused'), session);
    const shown = ask('s1').hits.map((hit) => hit.id);
    claimInjections(db, 's1', shown, '2026-03-10T12:00:00.000Z');
    expect(ask('s1').hits).toEqual([]);
    expect(ask('s2').hits.map((hit) => hit.content)).toEqual([HOSTILE]);
    db.close();
  });

  it('forgets what a session was shown once it is past retention', () => {
    const { db } = history();
    claimInjections(db, 'old', [1, 2], '2025-01-01T00:00:00.000Z');
    claimInjections(db, 'recent', [1], '2026-03-09T00:00:00.000Z');
    runCleanup(new MemoryStore(db), new Date('2026-03-10T12:00:00.000Z'), 90);
    expect([...injectedIds(db, 'old', [1, 2])]).toEqual([]);
    expect([...injectedIds(db, 'recent', [1])]).toEqual([1]);
    db.close();
  });

  it('recalls nothing from another project, and nothing in a project too young for word frequencies', () => {
    const { db } = history();
    expect(
      recallFor(db, '/elsewhere/other-app', words('the login test about the expired session token'), null).hits,
    ).toEqual([]);
    db.close();
    const young = sandbox();
    seed(young, [
      memory({ box: young, type: 'error', content: LOGIN_FAILURE }),
      ...Array.from({ length: MIN_PROJECT_ROWS - 2 }, (_, i) =>
        memory({ box: young, content: `npm run task-${i}`, sessionId: `s${i}` }),
      ),
    ]);
    const youngDb = openDb(young.dbPath, { create: false });
    if (!youngDb) throw new Error('no database');
    const report = recallFor(youngDb, young.project, words('the login test about the expired session token'), null);
    youngDb.close();
    expect(report.skipped).toBe(
      `the project has ${MIN_PROJECT_ROWS - 1} memories; recall starts at ${MIN_PROJECT_ROWS}`,
    );
    expect(report.hits).toEqual([]);
  });

  it('gives up between steps once its time is over', () => {
    const { box, db } = history();
    expect(() =>
      recallFor(db, box.project, words('why was the canary rollout refused'), null, { expired: () => true }),
    ).toThrow(RecallTimeout);
    db.close();
  });

  it('ranks no hit below another with a higher tier', () => {
    const { box, db } = history();
    const order = { HIGH: 2, MEDIUM: 1, LOW: 0 };
    for (const prompt of PROMPTS) {
      const ranked = recallFor(db, box.project, words(prompt), null).ranking.hits.map((hit) => order[hit.tier]);
      expect(ranked, prompt).toEqual([...ranked].sort((a, b) => b - a));
    }
    db.close();
  });
});
