// Every secret rule against its own samples: what it must redact (alone, embedded in a longer command,
// and through the whole rule set) and the code that merely handles a secret, which must survive.
import { describe, expect, it } from 'vitest';
import { applySpans, findSpans, type SecretRule } from '../../../lib/redact/engine.js';
import { REDACTED, redactText, SECRET_RULES } from '../../../lib/redact/redact.js';
import { familySamples, samplesOf } from '../../../lib/redact/samples.js';
import { TOOL_FAMILIES } from '../../../lib/redact/command-rules.js';

const redactions = SECRET_RULES.flatMap((rule) =>
  samplesOf(rule).redacts.map((sample) => [rule.name, sample.text, sample.secret, rule] as const),
);
const keeps = SECRET_RULES.flatMap((rule) => samplesOf(rule).keeps.map((text) => [rule.name, text, rule] as const));

function byRule(rule: SecretRule, text: string): string {
  return applySpans(text, findSpans(text, [rule]));
}

describe('secret rules', () => {
  it('has at least one sample to redact and one to keep per rule', () => {
    for (const rule of SECRET_RULES) {
      expect(samplesOf(rule).redacts.length, rule.name).toBeGreaterThan(0);
      expect(samplesOf(rule).keeps.length, rule.name).toBeGreaterThan(0);
    }
  });

  it.each(redactions)('%s: the rule alone redacts %j', (_name, text, secret, rule) => {
    expect(text).toContain(secret);
    const out = byRule(rule, text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it.each(redactions)('%s: all rules redact %j, also inside a longer command', (_name, text, secret) => {
    expect(redactText(text)).not.toContain(secret);
    const long = `cd /srv/app && ${text}\necho done`;
    const out = redactText(long);
    expect(out).not.toContain(secret);
    expect(out.startsWith('cd /srv/app && ')).toBe(true);
    expect(out.endsWith('\necho done')).toBe(true);
  });

  it.each(redactions)('%s: redacting twice changes nothing more (%j)', (_name, text) => {
    const once = redactText(text);
    expect(redactText(once)).toBe(once);
  });

  it.each(keeps)('%s: keeps %j', (_name, text, rule) => {
    expect(byRule(rule, text)).toBe(text);
    expect(redactText(text)).toBe(text);
  });

  it.each(redactions)('%s: a hint of the rule occurs in %j', (_name, text, _secret, rule) => {
    expect(rule.hints.some((hint) => text.toLowerCase().includes(hint))).toBe(true);
  });

  it('writes hints in lower case (the text is lowered once, then searched)', () => {
    for (const rule of SECRET_RULES) for (const hint of rule.hints) expect(hint, rule.name).toBe(hint.toLowerCase());
  });
});

describe('the samples', () => {
  it('belong each to a rule, under its name', () => {
    const names = SECRET_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const family of TOOL_FAMILIES) expect(familySamples(family.tools), family.tools.join(' ')).not.toBeNull();
  });
});
