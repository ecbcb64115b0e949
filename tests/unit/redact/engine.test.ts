// Redaction runs in linear time: every rule's regex is linear by construction (checked by parsing its
// source), and every rule is fed its worst inputs — its hints, keywords and separators repeated to 64 KB.
// No timing is asserted (that lives in `npm run bench`); a super-linear rule would not finish these.
import { describe, expect, it } from 'vitest';
import { findSpans } from '../../../lib/redact/engine.js';
import { REDACTED, redactText, SECRET_RULES } from '../../../lib/redact/redact.js';
import { samplesOf } from '../../../lib/redact/samples.js';
import { shapeProblems } from '../../regex-shape.js';

const KB64 = 64 * 1024;

function repeat(unit: string, size = KB64): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

describe('the regex shape check', () => {
  it.each([
    ['a repeated group holding a quantifier', /(?:a+)+b/g],
    [
      'overlapping runs around a keyword (the old assignment pattern)',
      /[A-Za-z0-9_.-]*password[A-Za-z0-9_.-]*\s*[:=]\s*(\S+)/gi,
    ],
    ['two runs over one alphabet joined by one of its characters', /\w+_\w+/g],
    ['an unguarded long run after a prefix it contains', /sk-[A-Za-z0-9_-]{20,}/g],
    ['a run that can start anywhere', /[A-Za-z0-9+/]{40,}/g],
    ['a backreference', /(["'])x\1/g],
  ])('rejects %s', (_what, pattern) => {
    expect(shapeProblems(pattern)).not.toEqual([]);
  });

  it.each([
    ['a guarded token', /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,300}/g],
    ['guarded runs split by a separator they cannot match', /(?<![A-Za-z0-9])eyJ[A-Za-z0-9]{8,}\.[A-Za-z0-9]{8,}/g],
  ])('accepts %s', (_what, pattern) => {
    expect(shapeProblems(pattern)).toEqual([]);
  });
});

describe('every secret rule', () => {
  it.each(SECRET_RULES.map((rule) => [rule.name, rule] as const))(
    '%s: its regex has no nested, overlapping or rescanned quantifiers',
    (_name, rule) => {
      expect(shapeProblems(rule.pattern)).toEqual([]);
      expect(rule.pattern.global).toBe(true);
    },
  );

  it.each(SECRET_RULES.map((rule) => [rule.name, rule] as const))(
    '%s: finishes on its worst inputs (64 KB)',
    (_name, rule) => {
      const units = new Set<string>();
      for (const hint of rule.hints) {
        for (const around of ['', '_', '-', '=', ':', ' ', '"', '.', '/', '@', '\n']) {
          units.add(`${hint}${around}`);
          units.add(`${around}${hint}`);
        }
        units.add(`${hint}=a`);
        units.add(`"${hint}":"`);
        units.add(`--${hint} `);
        units.add(`--${hint} abc `);
        units.add(`${hint}=abc `);
        units.add(`${hint}: abc\n`);
        units.add(`${hint} -p`);
        units.add(`://${hint}:`);
      }
      for (const sample of samplesOf(rule).redacts) {
        units.add(sample.text);
        units.add(sample.text.slice(0, Math.max(1, sample.text.length - 1)));
        units.add(sample.text.slice(0, Math.ceil(sample.text.length / 2)));
      }
      for (const unit of units) {
        const input = repeat(unit);
        // One assertion per input (an expect per span costs more than the scan): every span ends inside it.
        const spans = findSpans(input, [rule]);
        expect(spans.filter((span) => span.end > input.length)).toEqual([]);
      }
    },
  );

  it.each([
    ['_password', '_password'],
    ['-token', '-token'],
    ['password=', 'password='],
    ['token: ', 'token: '],
    ['a', 'a'],
    ['=', '='],
    [':', ':'],
    ['@', '@'],
    ['://', '://'],
    ['-p', ' -p'],
    ['"', '"'],
    ['\\-newline', '\\\n'],
    ['base64', 'QUJDRA'],
    ['hex', '0123456789abcdef'],
    ['BEGIN lines', '-----BEGIN PRIVATE KEY-----\n'],
    ['tool names', 'mysql -p'],
    ['machine', 'machine password '],
    ['URL userinfo', 'https://a:b@'],
    ['a flag with a word', '--token abc '],
    ['a quoted flag', ' --pass x"'],
  ])('all rules together finish on 64 KB of %s', (_name, unit) => {
    const input = repeat(unit);
    const out = redactText(input);
    expect(typeof out).toBe('string');
    expect(out.replaceAll(REDACTED, '').length).toBeLessThanOrEqual(input.length);
  });
});
