import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../../lib/sanitize.js';
import {
  MARK_END, MARK_START, commandKey, flagTypo, likeSnippet, markedSegments, parseIds, parseLimit, parseType, parseWhen,
  planSearch, searchTerms, tiersOf,
} from '../../../lib/search/plan.js';

const HOSTILE = ['"', '*', 'AND', 'NEAR(', '-x', 'col:', ')(', 'body:secret', 'a OR b', 'NOT x', '"unclosed', 'x*', '^start',
  '{body tags}: x', 'NEAR(a b, 2)', "it's", 'a"b', '\\', '%_%', '\u0000', '\u001b[31m', '—', '🙂', 'x'.repeat(10_000)];

function ftsTables(): Database.Database {
  const db = new Database(':memory:');
  db.exec(`
    CREATE VIRTUAL TABLE words USING fts5 (body, tags, file_path, tokenize = 'unicode61');
    CREATE VIRTUAL TABLE grams USING fts5 (body, tags, tokenize = 'trigram');
    INSERT INTO words VALUES ('JWT 인증을 추가 handler', 'bash', 'src/auth.ts');
    INSERT INTO grams VALUES ('JWT 인증을 추가 handler', 'bash');
    CREATE TABLE rows (content TEXT);
    INSERT INTO rows VALUES ('JWT 인증을 추가 handler');`);
  return db;
}

function runPlan(db: Database.Database, query: string): void {
  const plan = planSearch(query);
  if (!plan) return;
  if (plan.unicode61) db.prepare('SELECT rowid FROM words WHERE words MATCH ?').all(plan.unicode61);
  if (plan.trigram) db.prepare('SELECT rowid FROM grams WHERE grams MATCH ?').all(plan.trigram);
  db.prepare(`SELECT 1 FROM rows r WHERE NOT EXISTS (SELECT 1 FROM json_each(?) p WHERE NOT r.content LIKE p.value ESCAPE '\\')`)
    .all(JSON.stringify(plan.like));
}

describe('free text becomes a safe query', () => {
  it.each(HOSTILE)('never makes FTS5 or LIKE fail for %j', (query) => {
    const db = ftsTables();
    expect(() => runPlan(db, query)).not.toThrow();
  });

  it('never fails on random mixes of query syntax', () => {
    const db = ftsTables();
    const alphabet = ['"', "'", '*', '(', ')', ':', '^', '-', '+', '{', '}', ' ', 'AND', 'OR', 'NOT', 'NEAR', 'a', '인증', '%', '_', '\\', ','];
    let state = 42;
    const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 500; i++) {
      const query = Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]).join('');
      expect(() => runPlan(db, query), query).not.toThrow();
    }
  });

  it('quotes every term as an FTS string, doubling inner quotes', () => {
    expect(planSearch('JWT a"b')?.unicode61).toBe('"JWT" "a""b"');
  });

  it('drops bare operators and query punctuation at the edges of a term', () => {
    expect(searchTerms('"dark" AND (mode) NEAR( -x col: )( x* OR --force')).toEqual(['dark', 'mode', 'x', 'col', '--force']);
  });

  it('keeps punctuation inside a term, where it is part of what was typed', () => {
    expect(searchTerms('auth.ts a-b 2>&1')).toEqual(['auth.ts', 'a-b', '2>&1']);
  });

  it('returns no plan when nothing is left to search for', () => {
    expect(planSearch('" * AND )( OR')).toBeNull();
    expect(planSearch('   ')).toBeNull();
  });

  it('bounds a 10,000-character query', () => {
    const plan = planSearch('가'.repeat(10_000));
    expect(plan?.terms[0]).toHaveLength(200);
    expect(planSearch('a '.repeat(5_000).concat('b c d ').repeat(3))?.terms.length).toBeLessThanOrEqual(32);
  });

  it('escapes LIKE wildcards so % and _ match themselves', () => {
    expect(planSearch('100% a_b back\\slash')?.like).toEqual(['%100\\%%', '%a\\_b%', '%back\\\\slash%']);
  });
});

describe('tiers', () => {
  it('tries words, then substrings, then LIKE for ordinary words', () => {
    expect(tiersOf(planSearch('handler')!)).toEqual(['unicode61', 'trigram', 'like']);
  });

  it('skips trigram when a term is shorter than three characters (two-syllable Korean words)', () => {
    expect(tiersOf(planSearch('JWT 인증')!)).toEqual(['unicode61', 'like']);
  });

  it('skips unicode61 when a term has no letters or digits', () => {
    expect(tiersOf(planSearch('handler ->')!)).toEqual(['like']);
    expect(tiersOf(planSearch('=>>')!)).toEqual(['trigram', 'like']);
  });
});

describe('snippets', () => {
  it('marks every term case-insensitively in a LIKE snippet', () => {
    expect(likeSnippet('Added JWT 인증을 추가 and jwt refresh', ['jwt', '인증'])).toBe(
      `Added ${MARK_START}JWT${MARK_END} ${MARK_START}인증${MARK_END}을 추가 and ${MARK_START}jwt${MARK_END} refresh`,
    );
  });

  it('cuts a long LIKE snippet around the first hit', () => {
    const text = `${'x'.repeat(300)} needle ${'y'.repeat(300)}`;
    const snippet = likeSnippet(text, ['needle'], 60);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain(`${MARK_START}needle${MARK_END}`);
  });

  it('splits marked text into segments on one line', () => {
    expect(markedSegments(`a\n${MARK_START}b${MARK_END} c`)).toEqual([
      { text: 'a ', hit: false }, { text: 'b', hit: true }, { text: ' c', hit: false },
    ]);
  });

  it('removes terminal escape sequences and controls from stored text', () => {
    expect(cleanText('Error: \u001b[31mred\u001b[0m \u001b]0;title\u0007done\u0000\u200b')).toBe('Error: red done');
  });
});

describe('top command keys', () => {
  it.each([
    ['git commit -m "x" && npm test  # commit it', 'git commit'],
    ['cd src && npm run build', 'npm run'],
    ['FOO=1 sudo docker compose up -d', 'docker compose'],
    ['/usr/local/bin/node script.js', 'node'],
    ['pytest -x tests/', 'pytest'],
    ['', null],
  ])('%j → %j', (content, key) => {
    expect(commandKey(content)).toBe(key);
  });
});

describe('flag values', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it.each([
    ['7d', '2026-03-03T12:00:00.000Z'],
    ['12h', '2026-03-10T00:00:00.000Z'],
    ['30m', '2026-03-10T11:30:00.000Z'],
    ['2w', '2026-02-24T12:00:00.000Z'],
    ['2026-03-01T08:00:00Z', '2026-03-01T08:00:00.000Z'],
  ])('--since %s means after %s', (value, iso) => {
    expect(parseWhen('--since', value, now)).toEqual({ ok: true, value: iso });
  });

  it('reads a bare date as local midnight', () => {
    expect(parseWhen('--since', '2026-11-01', now)).toEqual({ ok: true, value: new Date(2026, 10, 1).toISOString() });
  });

  it.each(['yesterday', '7', 'd7', '2026-02-30', '2026-13-01', '-7d', ''])('rejects --since %j with a hint', (value) => {
    const parsed = parseWhen('--since', value, now);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toMatch(/^--since expects a duration like 7d or 12h, or a date like 2026-11-01/);
  });

  it.each(['0', '-1', 'x', '1.5', '10001'])('rejects --limit %j', (value) => {
    expect(parseLimit(value).ok).toBe(false);
  });

  it('accepts --limit within range', () => {
    expect(parseLimit('5')).toEqual({ ok: true, value: 5 });
  });

  it('accepts only the four memory types', () => {
    expect(parseType('error')).toEqual({ ok: true, value: 'error' });
    expect(parseType('errors').ok).toBe(false);
  });

  it('reads memory ids and refuses anything else', () => {
    expect(parseIds(['12', '13', '12'])).toEqual({ ok: true, value: [12, 13] });
    expect(parseIds(['12', 'x']).ok).toBe(false);
    expect(parseIds(['0']).ok).toBe(false);
  });
});

describe('flag typos', () => {
  const flags = ['recent', 'stats', 'summaries', 'project', 'here', 'type', 'since', 'limit', 'json'];
  it.each([
    ['--limt', 'limit'], ['--recnet', 'recent'], ['--jsno', 'json'], ['--sinse=7d', 'since'],
  ])('takes %s for --%s', (word, meant) => {
    expect(flagTypo(word, flags)).toBe(meant);
  });
  it.each(['--force', '-x', 'limit', '--limit', '--', '--no-verify', '인증'])('leaves %s to be searched', (word) => {
    expect(flagTypo(word, flags)).toBeNull();
  });
});
