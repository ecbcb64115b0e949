// The recall gate, rule by rule and both ways: what stays silent before anything is opened, and
// the real requests (Korean counted in words) that go on to the search.
import { describe, expect, it } from 'vitest';
import { recallGate } from '../../../lib/recall/gate.js';
import { charClasses, queryWords, type CharClasses } from '../../../lib/recall/words.js';

const SILENT: ReadonlyArray<readonly [string, string, string?]> = [
  ['a prompt from the SDK', 'why does the login test fail', 'sdk'],
  ['a system prompt', 'why does the login test fail', 'system'],
  [
    'a task notification',
    '<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n<summary>login test run finished</summary>\n</task-notification>',
  ],
  ['an unclosed task notification', '<task-notification><summary>login test run finished'],
  ['a slash command', '/mem login test failure'],
  [
    'a slash-command expansion',
    '<command-message>mem is running…</command-message>\n<command-name>/mem</command-name>\n<command-args>login test</command-args>',
  ],
  ['a prompt with a private part', 'the login test fails with <private>my password hunter2</private>'],
  ['ok', 'ok'],
  ['yes', 'Yes!'],
  ['continue', 'continue'],
  ['go on', 'go on'],
  ['ok, thanks', 'ok, thanks 👍'],
  ['네', '네'],
  ['계속', '계속'],
  ['ㅇㅋ', 'ㅇㅋ'],
  ['네 계속 진행해줘', '네 계속 진행해줘'],
  ['one informative word', 'tests?'],
  ['one informative word among stop words', 'can you fix the login please'],
  ['only stop words', 'why is this not working'],
  ['one Korean word', '인증 좀'],
  ['a one-syllable Korean word', '왜 안 돼'],
  ['empty', '   '],
];

const RECALLS: ReadonlyArray<readonly [string, string, readonly string[], string?]> = [
  ['a plain request', 'the login test is failing again', ['login', 'test', 'failing']],
  [
    'a request typed by the user (source user)',
    'the login test is failing again',
    ['login', 'test', 'failing'],
    'user',
  ],
  ['Korean counted in words, not characters', '인증 오류 고쳐줘', ['인증', '오류']],
  ['Korean with particles attached', '서버를 재시작해서 로그인이 안 돼', ['서버', '재시작', '로그인']],
  ['one snake_case identifier', 'get_tools_for_skill', ['get_tools_for_skill']],
  ['one dotted file name', 'mathjax_config.js?', ['mathjax_config.js']],
  ['one path', 'src/auth/session.ts', ['src/auth/session.ts']],
  ['one :: path', 'fix Foo::bar', ['foo::bar']],
  ['one camelCase name', 'useTodos', ['usetodos']],
  ['a word with digits', 'py311 build', ['py311', 'build']],
  ['a slash later in the prompt', 'why does src/app.ts fail', ['src/app.ts', 'fail']],
  ['a number that names something', 'migration 0021 rollback', ['migration', '0021', 'rollback']],
  [
    'task-notification text inside a request',
    'explain this <task-notification> envelope format',
    ['explain', 'task-notification', 'envelope', 'format'],
  ],
  [
    'an acknowledgement followed by a request',
    'ok now fix the flaky payment webhook test',
    ['flaky', 'payment', 'webhook', 'test'],
  ],
];

describe('recall gate', () => {
  it.each(SILENT.map(([name, prompt, source]) => ({ name, prompt, source })))(
    'stays silent for $name',
    ({ prompt, source }) => {
      expect(recallGate(prompt, source).recall).toBe(false);
    },
  );

  it.each(RECALLS.map(([name, prompt, words, source]) => ({ name, prompt, words, source })))(
    'searches $name',
    ({ prompt, words, source }) => {
      const gate = recallGate(prompt, source);
      expect(gate.recall ? gate.words.map((word) => word.text) : gate.reason).toEqual(words);
    },
  );

  it('says why it stays silent', () => {
    expect(recallGate('ok')).toEqual({ recall: false, reason: 'an acknowledgement' });
    expect(recallGate('x', 'system')).toEqual({ recall: false, reason: 'source is system, not user' });
  });

  it('searches a Korean word by its stem, so it meets the word with any particle', () => {
    expect(queryWords('로그인이 설정을')).toEqual([
      { text: '로그인', kind: 'word', prefix: true },
      { text: '설정', kind: 'word', prefix: true },
    ]);
  });

  it('cuts plain ASCII with ASCII classes that say exactly what the Unicode ones say of it', () => {
    const ascii = charClasses('plain');
    const unicode = charClasses('café');
    expect(ascii).not.toBe(unicode);
    let seed = 3;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = 'aZ09_./:-  \t!?()[]{}<>"\'`~@#$%^&*+=|;,mQx';
    const sample = (): string =>
      Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
        '',
      );
    const read = (classes: CharClasses, text: string): unknown => [
      text.match(classes.wordRun),
      text.replace(classes.edge, ''),
      text.replace(classes.other, ' '),
      classes.joined.test(text),
      classes.camel.test(text),
      classes.letter.test(text),
    ];
    for (let run = 0; run < 5000; run++) {
      const text = sample();
      expect(read(ascii, text), JSON.stringify(text)).toEqual(read(unicode, text));
    }
  });
});
