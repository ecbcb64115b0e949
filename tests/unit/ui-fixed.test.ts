// The page marks an error a later run fixed as the CLI does (`fixed … by #5`), in the timeline and in
// search results alike, from the record's resolved_by and resolved_at.
import { describe, expect, it } from 'vitest';
import { fixedText } from '../../web/format.js';

describe('the page on a fixed error', () => {
  it.each([
    [
      'a fixed error',
      { type: 'error', resolved_by: 5, resolved_at: '2026-03-10T10:04:00.000Z' },
      /^fixed \d{4}-\d\d-\d\d \d\d:\d\d by #5$/,
    ],
    ['a fixed error whose time is unknown', { type: 'error', resolved_by: 5, resolved_at: null }, /^fixed by #5$/],
    ['an open error', { type: 'error', resolved_by: null, resolved_at: null }, null],
    ['a command', { type: 'command', resolved_by: null, resolved_at: null }, null],
  ] as const)('says so for %s', (_name, record, expected) => {
    const text = fixedText(record);
    if (expected === null) expect(text).toBeNull();
    else expect(text).toMatch(expected);
  });
});
