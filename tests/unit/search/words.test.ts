import { describe, expect, it } from 'vitest';
import { gramText, gramWords, identifierParts, indexedText } from '../../../lib/text/identifiers.js';
import { searchTerms } from '../../../lib/search/plan.js';
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

describe('what the substring index holds (schema v7)', () => {
  it('keeps distinct tokens of three characters or more, query syntax cut from their edges, none inside a longer one', () => {
    expect(gramWords('Edited auth.test.ts: "// TODO 0" → "// JWT 인증을 토큰 handler (#0)" handler', null, '/p')).toBe(
      'auth.test.ts handler Edited TODO JWT 인증을',
    );
    expect(gramWords('npm run build', 'npm,build', '/p')).toBe('npm,build run');
    expect(gramWords('a b 인증', null, '/p')).toBe('');
  });

  it('holds the content and the file path under the project (a path elsewhere whole), not the tags', () => {
    const project = '/home/dev/work/api-server';
    expect(gramWords('Edited Button.tsx: "a" → "b"', `${project}/src/components/Button.tsx`, project)).toBe(
      'src/components/Button.tsx Edited',
    );
    expect(gramWords('Edited x', '/etc/hosts', project)).toBe('/etc/hosts Edited');
    expect(gramWords('npm test', null, project)).toBe('test npm');
  });

  // The promise the trigram tier keeps: a query word LIKE finds in a memory's content or path, the index finds too.
  it('contains every query word of three characters or more that the old text held in the content or path', () => {
    const project = '/w/app';
    const memories: Array<[string, string, string | null]> = [
      ['Edited useTodos.ts: "const a" → "const todos = useState([])" (#12)', 'edit,ts', '/w/app/src/hooks/useTodos.ts'],
      [
        "Bash error (exit 1): pytest -q tests/test_calc.py::test_add\nAssertionError: 인증을 실패했습니다 'x'",
        'bash,pytest,error',
        null,
      ],
      ['Rewrote a.md (3 lines): ((x)) **bold** "quoted" résumé naïve', 'write,md', '/elsewhere/a.md'],
    ];
    for (const [content, tags, filePath] of memories) {
      const old = gramText(content, tags, filePath);
      const now = gramWords(content, filePath, project);
      const chars = [...old];
      for (let start = 0; start < chars.length; start++)
        for (let end = start + 3; end <= chars.length; end++) {
          const piece = chars.slice(start, end).join('');
          // Only what search can ask: one query word (no whitespace, no syntax at its edges).
          const terms = searchTerms(piece);
          if (terms.length !== 1 || terms[0] !== piece) continue;
          // Except a piece of the tags alone, and a word spanning the project's own directory.
          const path = filePath?.startsWith(`${project}/`) ? filePath.slice(project.length + 1) : (filePath ?? '');
          if (!content.includes(piece) && !path.includes(piece)) continue;
          expect(now, piece).toContain(piece);
        }
    }
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
      {
        text: '->',
        words: null,
        grams: null,
        like: '%->%',
        stop: false,
        wordStart: false,
        bridge: null,
        bridged: null,
      },
      {
        text: 'ab',
        words: '"ab"',
        grams: null,
        like: '%ab%',
        stop: false,
        wordStart: false,
        bridge: null,
        bridged: null,
      },
      {
        text: '100%',
        words: '"100"',
        grams: '"100%"',
        like: '%100\\%%',
        stop: false,
        wordStart: false,
        bridge: null,
        bridged: null,
      },
    ]);
  });

  it('gives a Korean word its English bridge, particle or not', () => {
    expect(queryWords('캐시를 base.html').map((word) => [word.text, word.words, word.bridged])).toEqual([
      ['캐시를', '"캐시" *', '"cache" OR "caches" OR "cached"'],
      ['base.html', '"base html"', null],
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
