// The intent line, pure: which sentences of the assistant's text it keeps, how its parts are joined,
// redacted and bounded.
import { describe, expect, it } from 'vitest';
import { INTENT_MAX, intentToRecord, lastSentences, memoryIntent, NO_INTENT } from '../../lib/capture/intent.js';

describe('lastSentences', () => {
  it.each([
    [
      'keeps the last sentence when it says enough',
      'I read the logs first. Then I will clear the build cache and rebuild the whole app from scratch.',
      'Then I will clear the build cache and rebuild the whole app from scratch.',
    ],
    [
      'takes the sentence before a short last one',
      'The cache holds stale chunks. Let me clear it:',
      'The cache holds stale chunks. Let me clear it:',
    ],
    ['splits Korean sentences', '로그를 봤습니다. 캐시를 지우겠습니다.', '로그를 봤습니다. 캐시를 지우겠습니다.'],
    [
      'leaves code blocks and markdown marks out',
      '**Plan**\n```sh\nrm -rf dist\n```\n- Rebuild `dist` now',
      'Plan Rebuild dist now',
    ],
    ['never keeps a private span', 'Deploy now. <private>the host is db7.internal</private>', 'Deploy now.'],
    ['is empty for no text', '', ''],
  ])('%s', (_name, text, expected) => {
    expect(lastSentences(text)).toBe(expected);
  });
});

describe('intentToRecord', () => {
  it('joins the parts once each, todo after the narration', () => {
    expect(
      intentToRecord({
        narration: 'Let me fix the flaky login test.',
        todo: 'Fix the flaky login test',
        description: '',
      }),
    ).toBe('Let me fix the flaky login test.');
    expect(
      intentToRecord({ narration: 'Bumping the timeout.', todo: 'Stabilise CI', description: 'Run the e2e suite' }),
    ).toBe('Bumping the timeout. · Stabilise CI · Run the e2e suite');
  });

  it('redacts a secret split across lines of the narration before it is cut to its last sentences', () => {
    const key = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx\nabc\n-----END RSA PRIVATE KEY-----';
    const text = intentToRecord({ ...NO_INTENT, narration: `Here is the key:\n${key}` }) ?? '';
    expect(text).not.toContain('MIIEow');
    expect(text).not.toContain('abc');
  });

  it('bounds every part and the whole', () => {
    const long = (word: string) => `${word} `.repeat(400);
    const text = intentToRecord({ narration: long('said'), todo: long('todo'), description: long('described') }) ?? '';
    expect(text.length).toBeLessThanOrEqual(INTENT_MAX);
    expect(text.split(' · ').map((part) => part.length)).toEqual([160, 100, 54]);
  });

  it('is null when nothing is left', () => {
    expect(intentToRecord(NO_INTENT)).toBeNull();
    expect(intentToRecord({ ...NO_INTENT, narration: '<private>all of it</private>' })).toBeNull();
  });
});

describe('memoryIntent', () => {
  it("adds a Bash call's description only when its content does not show it", () => {
    const input = { command: 'npm test', description: 'Run the unit tests' };
    expect(memoryIntent(NO_INTENT, { toolName: 'Bash', type: 'command' }, input)).toBeNull();
    expect(memoryIntent(NO_INTENT, { toolName: 'Bash', type: 'error' }, input)).toBe('Run the unit tests');
  });
});
