// The reading of markdown behind the documentation's checked samples (tests/doc-samples.ts).
import { describe, expect, it } from 'vitest';
import { fencedBlocks, normalise, terminal } from '../doc-samples.js';

const page = [
  '# Title',
  '',
  '<!-- sample: search-words -->',
  '```',
  '$ memory search x',
  'No memories match "x".',
  '```',
  '',
  '<!-- sample: too-far -->',
  '',
  '```sh',
  'memory doctor',
  '```',
  '',
  '````',
  '```',
  'a fence inside a longer one',
  '```',
  '````',
  '',
  'Text with ```` ```! ```` inline is no fence.',
  '<!-- code-map -->',
  '```',
  'lib/a.ts   what it does',
  '```',
].join('\n');

describe('fencedBlocks', () => {
  const blocks = fencedBlocks('page.md', page);

  it('reads each block with its line, info string and marker', () => {
    expect(blocks.map(({ line, info, sample, marker }) => [line, info, sample, marker])).toEqual([
      [4, '', 'search-words', null],
      [11, 'sh', null, null],
      [15, '', null, null],
      [23, '', null, 'code-map'],
    ]);
  });

  it('keeps a block whole, a shorter fence inside a longer one included', () => {
    expect(blocks[0]?.body).toBe('$ memory search x\nNo memories match "x".');
    expect(blocks[2]?.body).toBe('```\na fence inside a longer one\n```');
  });

  it('takes a marker only on the line right above the fence', () => {
    expect(blocks[1]?.sample).toBeNull();
  });
});

describe('normalise and terminal', () => {
  it('replaces exactly what it is told, strings everywhere and patterns as given', () => {
    expect(
      normalise('/tmp/x/a /tmp/x/b 123 KB', [
        ['/tmp/x', '/home/you'],
        [/\d+ KB/, '… KB'],
      ]),
    ).toBe('/home/you/a /home/you/b … KB');
  });

  it('shows a command, what it printed, and a failing exit code', () => {
    const ok = { code: 0, signal: null, stdout: 'one\n', stderr: '' };
    const bad = { code: 1, signal: null, stdout: '', stderr: 'memory: no\n' };
    expect(
      terminal([
        ['memory a', ok],
        ['memory b', bad],
      ]),
    ).toBe('$ memory a\none\n\n$ memory b\nmemory: no\n[exit 1]');
  });
});
