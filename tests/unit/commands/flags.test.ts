import { describe, expect, it } from 'vitest';
import { flagTypo, parseIds, parseLimit, parseType, parseWhen } from '../../../commands/shared/flags.js';

describe('flag values', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it.each([
    ['7d', '2026-03-03T12:00:00.000Z'],
    ['12h', '2026-03-10T00:00:00.000Z'],
    ['30m', '2026-03-10T11:30:00.000Z'],
    ['2w', '2026-02-24T12:00:00.000Z'],
    ['2026-03-01T08:00:00Z', '2026-03-01T08:00:00.000Z'],
  ])('--since %s means after %s', (value, iso) => {
    expect(parseWhen('--since', value, now)).toEqual({ ok: true, value: iso });
  });

  it('reads a bare date as local midnight', () => {
    expect(parseWhen('--since', '2026-11-01', now)).toEqual({ ok: true, value: new Date(2026, 10, 1).toISOString() });
  });

  it.each(['yesterday', '7', 'd7', '2026-02-30', '2026-13-01', '-7d', ''])(
    'rejects --since %j with a hint',
    (value) => {
      const parsed = parseWhen('--since', value, now);
      expect(parsed.ok).toBe(false);
      expect(parsed.ok ? '' : parsed.error).toMatch(
        /^--since expects a duration like 7d or 12h, or a date like 2026-11-01/,
      );
    },
  );

  it.each(['0', '-1', 'x', '1.5', '10001'])('rejects --limit %j', (value) => {
    expect(parseLimit(value).ok).toBe(false);
  });

  it('accepts --limit within range', () => {
    expect(parseLimit('5')).toEqual({ ok: true, value: 5 });
  });

  it('accepts only the four memory types', () => {
    expect(parseType('error')).toEqual({ ok: true, value: 'error' });
    expect(parseType('errors').ok).toBe(false);
  });

  it('reads memory ids and refuses anything else', () => {
    expect(parseIds(['12', '13', '12'])).toEqual({ ok: true, value: [12, 13] });
    expect(parseIds(['12', 'x']).ok).toBe(false);
    expect(parseIds(['0']).ok).toBe(false);
  });
});

describe('flag typos', () => {
  const flags = ['recent', 'stats', 'summaries', 'project', 'here', 'type', 'since', 'limit', 'json'];
  it.each([
    ['--limt', 'limit'],
    ['--recnet', 'recent'],
    ['--jsno', 'json'],
    ['--sinse=7d', 'since'],
  ])('takes %s for --%s', (word, meant) => {
    expect(flagTypo(word, flags)).toBe(meant);
  });
  it.each(['--force', '-x', 'limit', '--limit', '--', '--no-verify', '인증'])('leaves %s to be searched', (word) => {
    expect(flagTypo(word, flags)).toBeNull();
  });
});
