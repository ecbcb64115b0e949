// Code that handles credentials must stay readable; literals that are credentials must not be stored:
// the tables of tests/fixtures/secret-corpus.ts through the whole rule set.
import { describe, expect, it } from 'vitest';
import { redactText } from '../../../lib/redact/redact.js';
import { KEEP, REDACT } from '../../fixtures/secret-corpus.js';

describe('code that handles secrets', () => {
  it('has at least 30 lines of each kind, in every language', () => {
    expect(KEEP.length).toBeGreaterThanOrEqual(30);
    expect(REDACT.length).toBeGreaterThanOrEqual(30);
    for (const lang of ['ts', 'py', 'sh', 'yaml', 'env']) {
      expect(
        KEEP.some(([l]) => l === lang),
        lang,
      ).toBe(true);
      expect(
        REDACT.some(([l]) => l === lang),
        lang,
      ).toBe(true);
    }
  });

  it.each(KEEP)('keeps %s: %s', (_lang, line) => {
    expect(redactText(line)).toBe(line);
  });

  it.each(REDACT)('redacts %s: %s', (_lang, line, secret) => {
    const out = redactText(line);
    expect(out).not.toContain(secret);
    expect(out).toContain('[REDACTED]');
    // What is around the secret stays readable.
    expect(out.replace('[REDACTED]', secret)).toBe(line);
  });
});
