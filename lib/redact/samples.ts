// Every secret rule's samples, paired with its rule: what it must redact and what it must keep. Read by
// the tests, the bench and the corpus run through the hooks; never imported by a hook or a command, so
// the samples stay out of the bundles that run on every tool call.
import { ASSIGNMENT_SAMPLES } from './assignment-rules.js';
import { COMMAND_SAMPLES, TOOL_FAMILIES, TOOL_SAMPLES, tools } from './command-rules.js';
import type { RuleSamples, SecretRule } from './engine.js';
import { FORMAT_SAMPLES } from './format-rules.js';
import { KEY_SAMPLES } from './key-rules.js';
import { PROSE_SAMPLES } from './prose-rules.js';

const BY_NAME: ReadonlyMap<string, RuleSamples> = new Map([
  ...Object.entries(FORMAT_SAMPLES).map(
    ([name, samples]) =>
      [name, { redacts: samples.redacts.map(([text, secret]) => ({ text, secret })), keeps: samples.keeps }] as const,
  ),
  ...Object.entries(KEY_SAMPLES),
  ...Object.entries(ASSIGNMENT_SAMPLES),
  ...Object.entries(COMMAND_SAMPLES),
  ...Object.entries(PROSE_SAMPLES),
  [tools.name, familiesSamples()],
]);

/** The samples of one family of the tools rule (by its first tool), or null when it has none. */
export function familySamples(tools: readonly string[]): RuleSamples | null {
  return TOOL_SAMPLES[tools[0] ?? ''] ?? null;
}

function familiesSamples(): RuleSamples {
  const all = TOOL_FAMILIES.map((family) => familySamples(family.tools)).filter((s) => s !== null);
  return { redacts: all.flatMap((s) => s.redacts), keeps: all.flatMap((s) => s.keeps) };
}

/** `rule`'s samples; a rule without any has none to show (the tests fail on it). */
export function samplesOf(rule: SecretRule): RuleSamples {
  return BY_NAME.get(rule.name) ?? { redacts: [], keeps: [] };
}
