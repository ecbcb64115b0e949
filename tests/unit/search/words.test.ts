import { describe, expect, it } from 'vitest';
import { identifierParts, indexedText } from '../../../lib/identifiers.js';
import { koreanStem, queryWords, wordExpression } from '../../../lib/search/words.js';

describe('identifier parts', () => {
  it.each([
    ['useTodos', ['use', 'Todos']],
    ['AssertionError', ['Assertion', 'Error']],
    ['getCSRFToken', ['get', 'CSRF', 'Token']],
    ['HTTPServer', ['HTTP', 'Server']],
    ['phase1', ['phase', '1']],
    ['plain', ['plain']],
    ['설정을', ['설정을']],
  ])('%s → %j', (token, parts) => {
    expect(identifierParts(token)).toEqual(parts);
  });

  it('keeps the text and appends each compound identifier split once, parts side by side', () => {
    expect(indexedText('throw new AssertionError(); AssertionError again, use_todos')).toBe(
      'throw new AssertionError(); AssertionError again, use_todos\nAssertion Error',
    );
    expect(indexedText('nothing compound here')).toBe('nothing compound here');
  });
});

describe('query words', () => {
  it('finds an identifier whole or by its parts as a phrase', () => {
    expect(wordExpression('useTodos')).toBe('("useTodos" OR "use Todos")');
    expect(wordExpression('use_todos')).toBe('"use todos"');
    expect(wordExpression('martor-mathjax.js')).toBe('"martor mathjax js"');
    expect(wordExpression('errors')).toBe('"errors"');
  });

  it('meets a Korean word with a particle attached, and drops one typed in the query', () => {
    expect(wordExpression('설정')).toBe('"설정" *');
    expect(wordExpression('서버를')).toBe('"서버" *');
    expect(koreanStem('마이그레이션으로')).toBe('마이그레이션');
    // Never cut to one syllable; one syllable is matched whole.
    expect(koreanStem('이를')).toBe('이를');
    expect(wordExpression('인')).toBe('"인"');
  });

  it('has no word expression for punctuation, no trigram under 3 characters, and escapes LIKE', () => {
    expect(queryWords('-> ab 100%')).toEqual([
      { text: '->', words: null, grams: null, like: '%->%', stop: false },
      { text: 'ab', words: '"ab"', grams: null, like: '%ab%', stop: false },
      { text: '100%', words: '"100"', grams: '"100%"', like: '%100\\%%', stop: false },
    ]);
  });

  it('marks English function words, which weigh nothing beside content words', () => {
    expect(queryWords('move tests to The source').map((word) => word.stop)).toEqual([false, false, true, true, false]);
  });

  it('quotes every word, so no FTS5 syntax survives', () => {
    expect(queryWords('"a AND b" NEAR(x) col:y').map((word) => word.words)).toEqual([
      '"a"',
      '"b"',
      '"NEAR x"',
      '"col y"',
    ]);
  });
});
