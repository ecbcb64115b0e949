import { describe, expect, it } from 'vitest';
import { cleanText } from '../../../lib/sanitize.js';
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

  it('splits marked text into segments on one line', () => {
    expect(markedSegments(`a\n${MARK_START}b${MARK_END} c`)).toEqual([
      { text: 'a ', hit: false }, { text: 'b', hit: true }, { text: ' c', hit: false },
    ]);
  });

  it('removes terminal escape sequences and controls from stored text', () => {
    expect(cleanText('Error: \u001b[31mred\u001b[0m \u001b]0;title\u0007done\u0000\u200b')).toBe('Error: red done');
  });
});
