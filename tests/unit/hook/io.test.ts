import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseJsonObject, readStdin } from '../../../lib/hook/io.js';

describe('reading stdin', () => {
  it('reads a payload that arrives in pieces', async () => {
    const stream = new PassThrough();
    const result = readStdin({ stream, timeoutMs: 5000 });
    stream.write('{"a":');
    setTimeout(() => stream.end('1}'), 20);
    expect(await result).toEqual({ ok: true, text: '{"a":1}' });
  });

  it('keeps a whole payload whose pipe is never closed', async () => {
    const stream = new PassThrough();
    stream.write('{"session_id":"s"}');
    expect(await readStdin({ stream, timeoutMs: 50 })).toEqual({ ok: true, text: '{"session_id":"s"}' });
  });

  it('gives up on a silent pipe', async () => {
    expect(await readStdin({ stream: new PassThrough(), timeoutMs: 50 })).toEqual({
      ok: false,
      reason: 'no input on stdin after 50 ms',
    });
  });

  it('refuses more than the byte cap', async () => {
    const stream = new PassThrough();
    const result = readStdin({ stream, maxBytes: 10, timeoutMs: 5000 });
    stream.end('x'.repeat(11));
    expect(await result).toEqual({ ok: false, reason: 'stdin larger than 10 bytes' });
  });

  it.each([
    ['', 'empty stdin'],
    ['garbage', 'stdin is not valid JSON (7 characters)'],
    ['{"a":', 'stdin is not valid JSON (5 characters)'],
    ['[1,2]', 'stdin JSON is not an object'],
    ['null', 'stdin JSON is not an object'],
  ])('rejects %j as a reason, not a throw', (text, reason) => {
    expect(parseJsonObject(text)).toEqual({ ok: false, reason });
  });
});
