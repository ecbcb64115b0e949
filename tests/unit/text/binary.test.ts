// Output that is not text is said as what it is, in memories and in the block.
import { describe, expect, it } from 'vitest';
import { describeBinary } from '../../../lib/text/binary.js';

const RANDOM = '\u0003\ufffd\ufffdx\u0010\ufffd\u0000Q\ufffd\u007f\ufffd\ufffd';

describe('binary output', () => {
  it.each([
    ['a line of random bytes', RANDOM, 'binary output, 12 bytes'],
    [
      'random bytes between two lines of text',
      `gzip: rand.bin: unexpected end of file\n${RANDOM}\n${RANDOM}\nexit 1`,
      'gzip: rand.bin: unexpected end of file\nbinary output, 25 bytes\nexit 1',
    ],
  ])('says %s as binary output, N bytes', (_what, text, out) => {
    expect(describeBinary(text)).toBe(out);
    expect(describeBinary(text)).not.toContain('\ufffd');
  });

  it.each([
    ['text', 'npm ERR! code ELIFECYCLE'],
    ['one odd character in a line of text', 'caf\ufffd au lait is not UTF-8 here'],
    ['Korean', '빌드 실패: 모듈을 찾을 수 없습니다'],
    ['tabs and newlines', 'a\tb\nc\td'],
  ])('keeps %s', (_what, text) => {
    expect(describeBinary(text)).toBe(text);
  });
});
