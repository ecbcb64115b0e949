// The hostile-query fuzz, run against the production schema and the production search SQL: a real
// database file migrated by openDb, every tier of every plan executed, with and without a limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../lib/db/open.js';
import { bestMatches } from '../../../lib/search/best-match-queries.js';
import { NO_FILTERS, searchTier } from '../../../lib/search/queries.js';
import { planSearch, tiersOf } from '../../../lib/search/plan.js';

const HOSTILE = [
  '"',
  '*',
  'AND',
  'NEAR(',
  '-x',
  'col:',
  ')(',
  'body:secret',
  'a OR b',
  'NOT x',
  '"unclosed',
  'x*',
  '^start',
  '{body tags}: x',
  'NEAR(a b, 2)',
  "it's",
  'a"b',
  '\\',
  '%_%',
  '\u0000',
  '\u001b[31m',
  '—',
  '🙂',
  'x'.repeat(10_000),
];

const NOW = new Date('2026-11-20T12:00:00.000Z');
let dir = '';
let db: Db;

// As many rows as the LIKE tier's newest-first window (5,000), so both of its statements run.
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmh-fuzz-'));
  const opened = openDb(join(dir, 'memory.db'), { create: true });
  if (!opened) throw new Error('no database');
  db = opened;
  // Seeded in one statement (the triggers fill both FTS indexes): 5,000 MemoryStore inserts cost seconds.
  // Few rows hold words, so a one-letter query does not read back thousands of rows per tier.
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 4999)
    INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
    SELECT 's' || (i % 7), 'Bash', 'command', 'api', '/w/api', CASE WHEN i % 50 = 0 THEN 'src/auth.ts' END,
           CASE i % 50 WHEN 0 THEN 'JWT 인증을 추가 handler ' || i WHEN 1 THEN 'npm run task-' || i || ' 100% a_b' ELSE '#' || i END,
           CASE WHEN i % 50 < 2 THEN 'bash,npm' ELSE '' END, 1,
           strftime('%Y-%m-%dT%H:%M:%fZ', '${NOW.toISOString()}', '-' || i || ' minutes'), 'hook'
    FROM n`);
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs every tier of the query's plan: with a limit (the LIKE tier's index-order pass, then its scan when that finds too few), and without. */
function runPlan(query: string, limits: ReadonlyArray<number | null> = [20, null]): void {
  // The best-match engine: every word through its own index, and the plain scans of waiting rows.
  bestMatches(db, query, NO_FILTERS, { limit: 20 });
  bestMatches(
    db,
    query,
    { ...NO_FILTERS, type: 'error', projectPath: '/w/api' },
    { limit: 5, offset: 5, here: '/w/api' },
  );
  const plan = planSearch(query);
  if (!plan) return;
  for (const tier of tiersOf(plan)) {
    for (const limit of limits) searchTier(db, tier, plan, NO_FILTERS, { limit, now: NOW });
  }
}

describe('hostile queries against the production search SQL', () => {
  it.each(HOSTILE)('never makes FTS5 or LIKE fail for %j', (query) => {
    expect(() => runPlan(query)).not.toThrow();
  });

  it('never fails on random mixes of query syntax', () => {
    const alphabet = [
      '"',
      "'",
      '*',
      '(',
      ')',
      ':',
      '^',
      '-',
      '+',
      '{',
      '}',
      ' ',
      'AND',
      'OR',
      'NOT',
      'NEAR',
      'a',
      '인증',
      '%',
      '_',
      '\\',
      ',',
    ];
    let state = 42;
    const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 500; i++) {
      const query = Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]).join('');
      expect(() => runPlan(query, [20]), query).not.toThrow();
    }
  });

  it('never fails while rows wait for the batch indexer, and still finds them', () => {
    db.exec('INSERT OR REPLACE INTO search_index_build (id, pending_to) VALUES (1, 2500)');
    try {
      for (const query of HOSTILE) expect(() => bestMatches(db, query, NO_FILTERS, { limit: 20 }), query).not.toThrow();
      expect(
        bestMatches(db, 'JWT handler', NO_FILTERS, { limit: 200 }).matches.filter((match) => match.allMatched),
      ).toHaveLength(100);
    } finally {
      db.exec('DELETE FROM search_index_build');
    }
  });

  it('finds what it should through every tier', () => {
    const plan = planSearch('JWT handler');
    if (!plan) throw new Error('no plan');
    for (const tier of tiersOf(plan)) {
      expect(
        searchTier(db, tier, plan, NO_FILTERS, { limit: 3, now: NOW }).map((row) => row.content),
        tier,
      ).toHaveLength(3);
    }
  });
});
