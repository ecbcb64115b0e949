// lib/text/identifiers.ts splits ASCII text with ASCII patterns and anything else with Unicode property
// classes (which cost V8 up to ~1 ms each to build). On ASCII text the two must split identically.
import { describe, expect, it } from 'vitest';
import { identifierParts, indexedText, tokens } from '../../lib/text/identifiers.js';

const UNICODE_TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
const UNICODE_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** Deterministic pseudo-random ASCII text weighted towards identifiers, digits and punctuation. */
function asciiSamples(count: number): string[] {
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const alphabet =
    'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./: \t\n"\'()*^$#@!~`{}[]<>=+\\|;,?%&→…·—–“”‘’';
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(60) }, () => alphabet[next(alphabet.length)] as string).join(''),
  );
}

/** indexedText as the Unicode patterns alone make it. */
function unicodeIndexedText(text: string): string {
  const extra: string[] = [];
  for (const token of new Set(text.match(UNICODE_TOKEN) ?? [])) {
    const parts = token.split(UNICODE_BOUNDARY).filter(Boolean);
    if (parts.length >= 2) extra.push(parts.join(' '));
  }
  return extra.length === 0 ? text : `${text}\n${extra.slice(0, 400).join(' ; ')}`;
}

describe('identifiers on ASCII text (and our own arrows and ellipses)', () => {
  const samples = [
    'useTodos HTTPServer getCSRFToken v4phase1 snake_case kebab-case a.b/c::D',
    'AssertionError: expected 401 to be 200 at LoginTest.ts:42',
    'XMLHttpRequest2Fast ABCdef 123abc abc123DEF',
    ...asciiSamples(5000),
  ];

  it('tokenises as the Unicode pattern does', () => {
    for (const text of samples) expect(tokens(text), text).toEqual(text.match(UNICODE_TOKEN) ?? []);
  });

  it('splits identifiers as the Unicode pattern does', () => {
    for (const text of samples)
      for (const token of text.match(UNICODE_TOKEN) ?? [])
        expect(identifierParts(token), token).toEqual(token.split(UNICODE_BOUNDARY).filter(Boolean));
  });

  it('indexes as the Unicode patterns do', () => {
    for (const text of [
      ...samples,
      'Edited server.ts: "// TODO 1" → "// JWT 인증을 토큰 갱신으로 바꿈 (#1)"',
      'café useTodos → 설정을',
    ])
      expect(indexedText(text), text).toBe(unicodeIndexedText(text));
  });

  it('still splits text beyond ASCII with the Unicode classes', () => {
    expect(tokens('설정을 바꾼 useTodos, café Überblick')).toEqual(['설정을', '바꾼', 'useTodos', 'café', 'Überblick']);
    expect(identifierParts('ÜberBlick2')).toEqual(['Über', 'Blick', '2']);
    expect(indexedText('parseÉtat 인증Service')).toBe('parseÉtat 인증Service\nparse État');
  });
});
