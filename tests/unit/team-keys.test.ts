// The team server's word keys, pure: what a row is keyed by and what a query word looks up, so the
// server picks the candidates local search picks (Korean words by their starts only, substrings only
// where pg_trgm can read them, bridges both ways).
import { describe, expect, it } from 'vitest';
import { queryKeys, rowKeys } from '../../lib/team/keys.js';
import { identifierParts, tokens } from '../../lib/text/identifiers.js';

describe('team word keys', () => {
  it.each([
    [
      'a Korean word by its starts, never a syllable pair inside it',
      ['사용자인증 모듈'],
      ['사용자인증', '사용', '사용자', '사용자인', '모듈'],
    ],
    ['an identifier whole and by its parts, lowercased', ['useTodos.ts'], ['usetodos', 'use', 'todos', 'ts']],
  ])('keys %s', (_what, own, keys) => {
    expect(rowKeys(own, null, null)).toEqual(keys);
  });

  it('keys every token whole and by each of its identifier parts, as identifierParts splits it', () => {
    // Tokens of every shape the quick test for a whole token must tell from a compound one.
    const shapes = ['word', 'Word', 'WORD', '42', 'useTodos', 'HTTPServer', 'getCSRFToken', 'v4phase1', 'ABCdef', 'aB'];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return shapes[seed % shapes.length] as string;
    };
    const texts = Array.from({ length: 200 }, () => Array.from({ length: 4 }, pick).join(pick().length % 2 ? '' : ' '));
    for (const text of texts) {
      const expected = new Set<string>();
      for (const token of tokens(text)) {
        expected.add(token.toLowerCase());
        const parts = identifierParts(token);
        if (parts.length > 1) for (const part of parts) expected.add(part.toLowerCase());
      }
      expect(rowKeys([text], null, null), text).toEqual([...expected]);
    }
  });

  it('keys the intent as the local word index holds it: its words whole, lowercased, without prose words', () => {
    expect(rowKeys([], 'SequelizeUniqueConstraintError 고쳐줘', 'Let me check the fixTests step')).toEqual([
      'r:sequelizeuniqueconstrainterror',
      'r:sequelize',
      'r:unique',
      'r:constraint',
      'r:error',
      'r:고쳐줘',
      'r:고쳐',
      'r:fixtests',
      'r:step',
    ]);
  });

  it.each([
    ['a Korean word: its stem, no substrings', '인증을', { own: [['인증']], like: null }],
    ['a word of three letters or more: substrings too', 'hunk', { own: [['hunk']], like: '%hunk%' }],
    ['a word without a run of three letters: no substrings pg_trgm cannot read', 'a.b', { like: null }],
    ['an English word: its Korean spellings as starts', 'cache', { bridge: [['캐시'], ['캐쉬']] }],
    ['a Korean word: its English words', '캐시', { bridge: [['cache'], ['caches'], ['cached']] }],
  ])('looks up %s', (_what, query, expected) => {
    expect(queryKeys(query)[0]).toMatchObject(expected);
  });
});
