import { describe, expect, it } from 'vitest';
import { rankCandidates, SCORE_TIE, scoreParts, wordWeights, type Candidate } from '../../../lib/search/rank.js';

const hit = (own: number, request = 0) => ({ own, request });

describe('best-match ranking', () => {
  it('weighs rare words above common ones', () => {
    const [rare, common] = wordWeights([2, 400], 1000);
    expect(rare).toBeGreaterThan(common as number);
  });

  it('puts rows with every word first, then rows carrying most of the query weight', () => {
    const candidates: Candidate[] = [
      { id: 1, hits: [hit(1), null, null] },
      { id: 2, hits: [hit(1), hit(1), hit(1)] },
      { id: 3, hits: [null, hit(1), hit(1)] },
    ];
    // Word 0 is rare, words 1 and 2 common-ish.
    const ranked = rankCandidates(candidates, [3, 150, 180], 1000);
    expect(ranked.map((row) => row.id)).toEqual([2, 1, 3]);
    expect(ranked[0]).toMatchObject({ allMatched: true, matched: [0, 1, 2] });
    expect(ranked[1]?.allMatched).toBe(false);
  });

  it('drops a lone match on a very common word when the query has rarer words', () => {
    const candidates: Candidate[] = [
      { id: 1, hits: [hit(1), null] },
      { id: 2, hits: [null, hit(1)] },
    ];
    expect(rankCandidates(candidates, [1, 600], 1000).map((row) => row.id)).toEqual([1]);
    // Alone in the query, the common word is still searched for.
    expect(rankCandidates([{ id: 2, hits: [hit(1)] }], [600], 1000).map((row) => row.id)).toEqual([2]);
  });

  it('ranks a memory whose own text matches above one found by its request', () => {
    const candidates: Candidate[] = [
      { id: 1, hits: [hit(0, 2), hit(0, 2)] },
      { id: 2, hits: [hit(2), hit(2)] },
    ];
    const ranked = rankCandidates(candidates, [5, 5], 1000);
    expect(ranked.map((row) => row.id)).toEqual([2, 1]);
    // A row holds a word in any field; the request's lower share keeps it below.
    expect(ranked[1]).toMatchObject({ allMatched: true, matched: [0, 1] });
    expect(ranked[1]?.score ?? 1).toBeLessThan(ranked[0]?.score ?? 0);
  });

  it('ranks the stronger of two rows holding the same words above it by more than a tie', () => {
    // The same two words in both rows: one holds them in its file name (bm25 4 each), the other in its output (1).
    const candidates: Candidate[] = [
      { id: 1, hits: [hit(1), hit(1)] },
      { id: 2, hits: [hit(4), hit(4)] },
    ];
    const [strong, weak] = rankCandidates(candidates, [5, 5], 1000);
    expect(strong?.id).toBe(2);
    // A quarter of the strength costs a fifth of the score and more: far past a tie, where recency would decide.
    expect(weak?.score ?? 1).toBeLessThan(0.8 * (strong?.score ?? 0));
    expect((strong?.score ?? 0) - (weak?.score ?? 0)).toBeGreaterThan(SCORE_TIE);
  });

  it('ranks a rare word found only in the request above a common word in the own text', () => {
    // One memory in 500 holds "webpack" (in its request); one in five holds "error" (in its own text).
    const candidates: Candidate[] = [
      { id: 1, hits: [hit(0, 2), null] },
      { id: 2, hits: [null, hit(2)] },
    ];
    expect(rankCandidates(candidates, [2, 200], 1000).map((row) => row.id)).toEqual([1, 2]);
  });

  it("counts a session summary's word below every field of the memory itself, and never as holding it", () => {
    const candidates: Candidate[] = [
      { id: 1, hits: [{ own: 0, request: 0, summary: true }, hit(2)] },
      { id: 2, hits: [hit(0, 2), hit(2)] },
    ];
    const ranked = rankCandidates(candidates, [5, 5], 1000);
    expect(ranked.map((row) => [row.id, row.allMatched])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('ranks the whole identifier (a stronger hit) above a part match', () => {
    const candidates: Candidate[] = [
      { id: 1, hits: [hit(1)] },
      { id: 2, hits: [hit(3)] },
    ];
    expect(rankCandidates(candidates, [5], 1000).map((row) => [row.id, row.score])).toEqual([
      [2, 1],
      [1, expect.any(Number)],
    ]);
  });

  it('gives function words no weight beside content words, and no result of their own', () => {
    const candidates: Candidate[] = [
      { id: 1, hits: [hit(1), null] },
      { id: 2, hits: [null, hit(1)] },
    ];
    const ranked = rankCandidates(candidates, [5, 900], 1000, [false, true]);
    expect(ranked.map((row) => [row.id, row.allMatched, row.coverage])).toEqual([[1, true, 1]]);
    // A query of function words only still finds them.
    expect(rankCandidates([{ id: 2, hits: [hit(1)] }], [900], 1000, [true]).map((row) => row.id)).toEqual([2]);
  });

  it('gives a score from 0 to 1 whatever the scale of bm25', () => {
    for (const scale of [1e-6, 1, 1e6]) {
      const parts = scoreParts({ id: 1, hits: [hit(scale), null] }, [1, 1], [1, 1], [hit(scale), hit(scale)]);
      expect(parts.score).toBeGreaterThan(0);
      expect(parts.score).toBeLessThanOrEqual(1);
      expect(parts.coverage).toBeCloseTo(0.5);
    }
  });
});

describe('a query of one word', () => {
  it('ranks the same whatever its document count (search counts a common lone word no further than its newest hits)', () => {
    const candidates: Candidate[] = Array.from({ length: 60 }, (_, id) => ({
      id,
      hits: [id % 7 === 0 ? null : { own: id % 5 === 0 ? 0 : 1 + (id % 11), request: id % 3 === 0 ? 2 : 0 }],
    }));
    // The same rows, order and scores (to the last bits of a float: the word's weight cancels out).
    const ranking = (df: number) =>
      rankCandidates(candidates, [df], 100_000).map(({ id, allMatched, coverage, score }) => [
        id,
        allMatched,
        coverage.toFixed(12),
        score.toFixed(12),
      ]);
    const exact = ranking(50_000);
    expect(exact.length).toBeGreaterThan(40);
    for (const df of [2_000, 19_999, 20_001, 100_000]) expect(ranking(df)).toEqual(exact);
  });
});
