// The Korean grammar tables as data: every ending's sample word loses exactly that ending, and every
// function word's sample query makes it weigh nothing in search, as the table says.
import { describe, expect, it } from 'vitest';
import { KOREAN_ENDINGS, KOREAN_FUNCTION_WORDS } from '../../../lib/language/korean-table.js';
import { isKoreanFunctionWord, koreanStem, tableItems } from '../../../lib/language/korean.js';
import { queryWords } from '../../../lib/search/words.js';

const rows = (table: string): { item: string; sample: string }[] =>
  table
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [item = '', sample = ''] = line.split('|').map((part) => part.trim());
      return { item, sample };
    });

describe('Korean endings', () => {
  it.each(rows(KOREAN_ENDINGS))('drops $item: $sample', ({ item, sample }) => {
    const [word = '', stem = ''] = sample.split('→').map((part) => part.trim());
    expect(word.endsWith(item)).toBe(true);
    expect(koreanStem(word)).toBe(stem);
  });

  it('lists the longer endings first, so 에서는 is cut whole and not as 는', () => {
    const items = tableItems(KOREAN_ENDINGS);
    for (const [i, item] of items.entries())
      for (const later of items.slice(i + 1)) expect(later.endsWith(item) && later !== item).toBe(false);
  });

  it('never cuts a word down to one syllable', () => {
    expect(koreanStem('서버')).toBe('서버');
    expect(koreanStem('파일을')).toBe('파일');
    expect(koreanStem('뷰를')).toBe('뷰를');
  });
});

describe('Korean function words', () => {
  it.each(rows(KOREAN_FUNCTION_WORDS))('$item weighs nothing in "$sample"', ({ item, sample }) => {
    expect(isKoreanFunctionWord(item)).toBe(true);
    const word = queryWords(sample).find((found) => found.text === item);
    expect(word?.stop).toBe(true);
  });

  it('keeps the words that carry the subject', () => {
    const words = queryWords('포트 이미 쓰는 거');
    expect(words.map((word) => [word.text, word.stop])).toEqual([
      ['포트', false],
      ['이미', false],
      ['쓰는', true],
      ['거', true],
    ]);
  });

  it('is only ever a whole word: 거래 and 방법론 are content', () => {
    expect(isKoreanFunctionWord('거래')).toBe(false);
    expect(isKoreanFunctionWord('방법론')).toBe(false);
    expect(isKoreanFunctionWord('for')).toBe(false);
  });
});
