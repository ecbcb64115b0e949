// Search and recall read a prompt's words the same way: the same Korean stem for a word with a
// particle or an ending, the same identifiers, the same bridge, mixed Korean and English included.
import { describe, expect, it } from 'vitest';
import { tokens } from '../../../lib/text/identifiers.js';
import { bridgeOf } from '../../../lib/language/bridges.js';
import { koreanStem } from '../../../lib/language/korean.js';
import { queryWords as recallWords } from '../../../lib/recall/words.js';
import { queryWords as searchWords } from '../../../lib/search/words.js';

/** What search looks a typed word up as: its last token's Korean stem, lower-case. */
function searchedAs(text: string): string {
  const parts = tokens(text);
  return koreanStem(parts[parts.length - 1] ?? '').toLowerCase();
}

describe('one reading of a prompt for search and recall', () => {
  it.each([
    'npm test 왜 실패했지?',
    '캐시를 지우고 빌드가 깨졌어',
    '디렉토리에서 마이그레이션으로 롤백',
    'base.html 처음 상태로 복구해줘',
    'uWSGI 서버를 재시작했는데 에러는 그대로',
    'Cannot read properties of undefined 속성 읽기 에러',
  ])('%s', (prompt) => {
    const search = searchWords(prompt);
    for (const word of recallWords(prompt)) {
      if (word.kind === 'identifier') {
        expect(
          search.map((term) => term.text.toLowerCase()),
          word.text,
        ).toContain(word.text);
        continue;
      }
      const same = search.find((term) => searchedAs(term.text) === word.text);
      expect(same, `${word.text} in ${prompt}`).toBeDefined();
      // Recall asks the same Korean → English bridge of the word it searches (lib/recall/recall.ts);
      // search alone also bridges an English word to Korean text.
      const searchBridge = same?.bridge?.korean ? null : (same?.bridge ?? null);
      expect(searchBridge, word.text).toEqual(bridgeOf(word.text));
    }
  });

  it('cuts a particle or an ending the same way on both paths', () => {
    expect(recallWords('서버를 재시작했는데').map((word) => word.text)).toEqual(['서버', '재시작']);
    expect(searchWords('서버를 재시작했는데').map((word) => word.words)).toEqual(['"서버" *', '"재시작" *']);
    expect(recallWords('캐시를').map((word) => bridgeOf(word.text)?.english[0])).toEqual(['cache']);
    expect(searchWords('캐시를').map((word) => word.bridge?.english[0])).toEqual(['cache']);
  });
});
