// bestMatches reads the rows that place its results (project, date, type, fix) only as far as the
// page can reach: with no filter and no reordering by the current project, up to the end of the
// score bucket of the last row wanted, instead of the whole first window of 400. The page must be
// exactly the one the whole window gives, which a filter that keeps every row still reads: the two
// are compared here on rows whose dates run against their ids, with errors and their fixes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestMatches, type BestOptions } from '../../../lib/search/best-match-queries.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { NO_FILTERS, type Filters } from '../../../lib/search/queries.js';

const PROJECT = '/w/api';
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
let dir = '';
let db: Db;

/** A date a row's id says nothing about: a fixed shuffle of the last 600 hours. */
const hoursAgo = (i: number): string => new Date(NOW - ((i * 7919) % 600) * 3_600_000).toISOString();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmh-best-'));
  const opened = openDb(join(dir, 'memory.db'), { create: true });
  if (!opened) throw new Error('no database');
  db = opened;
  const insert = db.prepare(`
    INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at, source, resolved_by)
    VALUES (@session, 'Bash', @type, 'api', @project, @content, 'bash', @importance, @createdAt, 'hook', @resolvedBy)`);
  db.transaction(() => {
    for (let i = 0; i < 700; i++) {
      // Lengths cycle, so scores fall into a few buckets of many equal rows, and rows of one length
      // are dated all over the range.
      const padding = ' step'.repeat(i % 9);
      const session = `s${Math.floor(i / 10)}`;
      const createdAt = hoursAgo(i);
      if (i % 25 === 3) {
        // A failed run, then the change that fixed it in the same session, worded far longer.
        const error = insert.run({
          session,
          type: 'error',
          project: PROJECT,
          content: `npm test quokka failed${padding}`,
          importance: 3,
          createdAt,
          resolvedBy: null,
        });
        insert.run({
          session,
          type: 'command',
          project: PROJECT,
          // A result of its own for "quokka", in a bucket below most: placed by its own rank.
          content: `npm run fix quokka ${'and more words '.repeat(6)}`,
          importance: 1,
          createdAt: new Date(Date.parse(createdAt) + 60_000).toISOString(),
          resolvedBy: null,
        });
        db.prepare('UPDATE memories SET resolved_by = ? WHERE id = ?').run(
          Number(error.lastInsertRowid) + 1,
          error.lastInsertRowid,
        );
        continue;
      }
      insert.run({
        session,
        type: 'command',
        project: PROJECT,
        // A sixth of the rows hold the word: a word in most rows scores the same everywhere.
        content: i % 11 === 0 ? `npm run quokka${padding}` : `npm run build${padding}`,
        importance: 1,
        createdAt,
        resolvedBy: null,
      });
    }
  })();
});

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A filter every row passes: the page is then read the whole-window way. */
const KEEP_ALL: Filters = { ...NO_FILTERS, since: '2000-01-01T00:00:00.000Z' };

function page(query: string, filters: Filters, options: Partial<BestOptions>) {
  const result = bestMatches(db, query, filters, { limit: 20, count: true, ...options });
  return {
    ...result,
    matches: result.matches.map((match) => ({ ...match, row: match.row.id })),
  };
}

describe('the rows a page is placed by', () => {
  const cases: Array<[string, Partial<BestOptions>]> = [
    ['outside any project', { here: null }],
    ['in a project with no memories', { here: '/elsewhere' }],
    ['in the one project every memory belongs to', { here: PROJECT }],
    ['on a later page', { here: null, offset: 20 }],
    ['on a short page', { here: null, limit: 3 }],
    ['past the first bucket', { here: null, offset: 40, limit: 30 }],
  ];
  it.each(cases)('are read only up to the page, with the same page as the whole window: %s', (_what, options) => {
    for (const query of ['quokka', 'quokka step', 'quokka failed']) {
      const bucketed = page(query, NO_FILTERS, options);
      expect(bucketed.matches.length).toBeGreaterThan(0);
      expect(bucketed).toEqual(page(query, KEEP_ALL, options));
    }
  });

  it('has what the comparison needs: buckets, and fixes ranked below the page that come along with their errors', () => {
    const result = page('quokka', NO_FILTERS, { here: null, limit: 20 });
    expect(new Set(result.matches.map((match) => Math.round(match.score / 0.005))).size).toBeGreaterThan(1);
    const fixes = result.matches.filter((match) => match.fixes !== undefined);
    expect(fixes.length).toBeGreaterThan(0);
    // Their own rank: found by the word themselves, and scored below the rows around them.
    expect(fixes.every((fix) => fix.matched.includes('quokka'))).toBe(true);
    expect(Math.min(...fixes.map((fix) => fix.score))).toBeLessThan(result.matches[0]?.score ?? 0);
  });
});
