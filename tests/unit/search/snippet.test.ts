import { describe, expect, it } from 'vitest';
import { cleanText } from '../../../lib/text/sanitize.js';
import { MARK_END, MARK_START, likeSnippet, markedSegments } from '../../../lib/search/snippet.js';

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

  const marks = (text: string, terms: string[]): string =>
    likeSnippet(text, terms, 500).replaceAll(MARK_START, '[').replaceAll(MARK_END, ']');

  it.each([
    ['a single letter only where it is a whole word', 'a cat ate a banana', ['a'], '[a] cat ate [a] banana'],
    ['a single letter as an identifier part', 'let x = get_x(xs)', ['x'], 'let [x] = get_[x](xs)'],
    ['no single letter inside a word, even when it is nowhere else', 'banana', ['n'], 'banana'],
    [
      'a word at its start, not inside another word',
      'auth: oauth and authToken',
      ['auth'],
      '[auth]: oauth and [auth]Token',
    ],
    [
      'an identifier part in camelCase, snake_case and an acronym',
      'getHandler my_handler JWTToken',
      ['handler', 'token'],
      'get[Handler] my_[handler] JWT[Token]',
    ],
    [
      'a substring found only inside words (what matched)',
      'export function handler()',
      ['andle'],
      'export function h[andle]r()',
    ],
    ['a two-letter word inside a word when that is all there is', 'valid', ['id'], 'val[id]'],
    ['a Korean word followed by its particle', 'JWT 인증을 추가', ['인증'], 'JWT [인증]을 추가'],
    ['the longer of two terms at one place', 'npm run build', ['run', 'run build'], 'npm [run build]'],
  ])('marks %s', (_name, text, terms, expected) => {
    expect(marks(text, terms)).toBe(expected);
  });

  it('splits marked text into segments on one line', () => {
    expect(markedSegments(`a\n${MARK_START}b${MARK_END} c`)).toEqual([
      { text: 'a ', hit: false },
      { text: 'b', hit: true },
      { text: ' c', hit: false },
    ]);
  });

  it('removes terminal escape sequences and controls from stored text', () => {
    expect(cleanText('Error: \u001b[31mred\u001b[0m \u001b]0;title\u0007done\u0000\u200b')).toBe('Error: red done');
  });
});
