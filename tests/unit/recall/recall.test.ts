// Recall over a real database file (migrated by openDb, seeded through MemoryStore): the same tiers
// when every row is duplicated, nothing changed by a word common in the project, the crowd rule
// counted before anything is cut, and the project boundary.
import { describe, expect, it } from 'vitest';
import { runCleanup } from '../../../lib/faults/cleanup.js';
import { MemoryStore } from '../../../lib/db/memories.js';
import { claimInjections, injectedIds } from '../../../lib/recall/queries.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { recallGate } from '../../../lib/recall/gate.js';
import {
  CROWD_READ_FIRST,
  MIN_PROJECT_ROWS,
  recallFor,
  RecallTimeout,
  type RecallReport,
} from '../../../lib/recall/recall.js';
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

  it('leaves every tier unchanged when every row is stored twice, also when only the newest candidates are scored', () => {
    const { box, db } = history();
    // Two rows holding a seed word, and one older row holding every word: the bound cuts here.
    const bound = { candidatesMax: 2, olderFullMax: 1 };
    const before = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null, bound));
    expect(before.filter((report) => report.bounded).length).toBeGreaterThan(0);
    db.exec(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
             SELECT session_id || '-copy', tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source FROM memories`);
    const after = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null, bound));
    db.close();
    expect(after.map(tiers)).toEqual(before.map(tiers));
    expect(after.map((report) => report.hits.map((hit) => [hit.tier, hit.content]))).toEqual(
      before.map((report) => report.hits.map((hit) => [hit.tier, hit.content])),
    );
  });

  it("leaves every tier unchanged when another project holds the same memories, and shows none of that project's", () => {
    const { box, db } = history();
    const before = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null));
    const bounded = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null, { candidatesMax: 2 }));
    const own = new Set(db.prepare('SELECT id FROM memories').pluck().all() as number[]);
    // Newer than every row of this project: a bound by recency must skip them, not count them.
    db.exec(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
             SELECT session_id || '-other', tool_name, type, 'other-app', '/elsewhere/other-app', file_path, content, tags, importance, created_at, source FROM memories`);
    const after = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null));
    const boundedAfter = PROMPTS.map((prompt) => recallFor(db, box.project, words(prompt), null, { candidatesMax: 2 }));
    db.close();
    expect(after.map((report) => report.words)).toEqual(before.map((report) => report.words));
    expect(after.map(tiers)).toEqual(before.map(tiers));
    expect(boundedAfter.map(tiers)).toEqual(bounded.map(tiers));
    for (const report of [...after, ...boundedAfter])
      for (const hit of report.ranking.hits) for (const id of hit.ids) expect(own.has(id)).toBe(true);
  });

  it('scores only the rows holding one of the rarest words, and says which', () => {
    const { box, db } = history();
    const report = recallFor(db, box.project, words('the login test about the expired session token'), null);
    db.close();
    // login and test are in one memory each: without either, a memory covers under 60 % of the prompt.
    expect(report.seeds).toEqual(['login', 'test']);
    expect(report.ranking.hits.map((hit) => hit.key)).toEqual([`\n${LOGIN_FAILURE}`]);
  });

  it('counts a crowd past the bound from the older rows holding every word', () => {
    const { box, db } = history();
    const prompt = words('retry the payment webhook');
    const full = recallFor(db, box.project, prompt, null);
    const bounded = recallFor(db, box.project, prompt, null, { candidatesMax: 2 });
    const blind = recallFor(db, box.project, prompt, null, { candidatesMax: 2, olderFullMax: 0 });
    db.close();
    expect([full.bounded, bounded.bounded]).toEqual([false, true]);
    expect(full.ranking.cluster).toBe(4);
    expect(bounded.ranking.cluster).toBe(4);
    expect(bounded.hits).toEqual(full.hits);
    // Without the older rows that hold every word, the bound would hide half the crowd and let one be HIGH.
    expect(blind.ranking.cluster).toBe(2);
    expect(blind.hits[0]?.tier).toBe('HIGH');
  });

  it('changes nothing when the prompt adds a word common in the project', () => {
    const { box, db } = history();
    for (const prompt of PROMPTS) {
      const plain = recallFor(db, box.project, words(prompt), null);
      const noisy = recallFor(db, box.project, words(`${prompt} widgets`), null);
      expect(noisy.words.find((word) => word.text === 'widgets')?.dropped, prompt).toMatch(/more than 10%/);
      expect(tiers(noisy), prompt).toEqual(tiers(plain));
      expect(noisy.hits, prompt).toEqual(plain.hits);
    }
    db.close();
  });

  it('gives no HIGH to one of a crowd of near-equal hits, even when the rest were already shown', () => {
    const { box, db } = history();
    const first = recallFor(db, box.project, words('retry the payment webhook'), 'sess-crowd');
    expect(first.ranking.cluster).toBe(4);
    expect(first.hits.map((hit) => hit.tier)).toEqual(['MEDIUM', 'MEDIUM', 'MEDIUM']);
    // Three of the four are now in the session: the one left is shown alone, and still not HIGH,
    // because the crowd is counted over every candidate, before the shown ones are taken out.
    claimInjections(
      db,
      'sess-crowd',
      first.hits.map((hit) => hit.id),
      '2026-03-10T12:00:00.000Z',
    );
    const second = recallFor(db, box.project, words('retry the payment webhook'), 'sess-crowd');
    db.close();
    expect(second.hits.map((hit) => hit.tier)).toEqual(['MEDIUM']);
    expect(second.hits[0]?.id).not.toBeOneOf(first.hits.map((hit) => hit.id));
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

  it('shows the same hits, and counts the same crowd, when it reads only the rows that can matter', () => {
    const { box, db } = history();
    for (const prompt of [...PROMPTS, 'login session token widgets build bundle']) {
      const full = recallFor(db, box.project, words(prompt), null);
      const pruned = recallFor(db, box.project, words(prompt), null, { prune: true });
      expect(pruned.hits, prompt).toEqual(full.hits);
      expect(pruned.ranking.cluster, prompt).toBe(full.ranking.cluster);
      expect(
        pruned.ranking.hits.filter((hit) => hit.tier !== 'LOW'),
        prompt,
      ).toEqual(
        full.ranking.hits.filter((hit) => hit.tier !== 'LOW' && hit.score >= 0.9 * (full.ranking.hits[0]?.score ?? 0)),
      );
    }
    db.close();
  });

  it('settles a crowd of hundreds from its first rows, with the same hits as reading them all', () => {
    const { box, db } = history();
    // 2,600 rows, so a word in 250 of them is still under the 10 % line.
    db.exec(`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2599)
      INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
      SELECT 'bulk-' || i, 'Edit', 'file_edit', 'my-app', '${box.project}', NULL,
             CASE WHEN i < 250 THEN 'Edited hook' || i || '.ts: "retry payment webhook ' || i || '"' ELSE 'Edited page' || i || '.ts: "margin ' || i || '"' END,
             '', 2, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-03-01', '+' || i || ' minutes'), 'hook'
      FROM n`);
    const full = recallFor(db, box.project, words('retry the payment webhook'), null);
    const pruned = recallFor(db, box.project, words('retry the payment webhook'), null, { prune: true });
    db.close();
    expect(full.ranking.cluster).toBeGreaterThan(200);
    expect(pruned.ranking.hits.length).toBe(CROWD_READ_FIRST);
    expect(pruned.hits).toEqual(full.hits);
    expect(pruned.hits.map((hit) => hit.tier)).toEqual(['MEDIUM', 'MEDIUM', 'MEDIUM']);
    // Bounded to the newest 100 of the 254 rows holding a seed (and 50 older ones holding every word):
    // still a crowd, from no more rows than the bound allows.
    const reopened = openDb(box.dbPath, { create: false });
    if (!reopened) throw new Error('no database');
    const bounded = recallFor(reopened, box.project, words('retry the payment webhook'), null, {
      candidatesMax: 100,
      olderFullMax: 50,
    });
    reopened.close();
    expect(bounded.bounded).toBe(true);
    expect(bounded.ranking.hits.length).toBe(150);
    expect(bounded.ranking.cluster).toBeGreaterThanOrEqual(3);
    expect(bounded.hits.map((hit) => hit.tier)).toEqual(['MEDIUM', 'MEDIUM', 'MEDIUM']);
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
