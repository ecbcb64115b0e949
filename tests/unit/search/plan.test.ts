import { describe, expect, it } from 'vitest';
import { planSearch, searchTerms, tiersOf } from '../../../lib/search/plan.js';

describe('free text becomes a safe query', () => {
  it('quotes every term as an FTS string, doubling inner quotes', () => {
    expect(planSearch('JWT a"b')?.unicode61).toBe('"JWT" "a""b"');
  });

  it('drops bare operators and query punctuation at the edges of a term', () => {
    expect(searchTerms('"dark" AND (mode) NEAR( -x col: )( x* OR --force')).toEqual([
      'dark',
      'mode',
      'x',
      'col',
      '--force',
    ]);
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
