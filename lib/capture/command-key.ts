// What makes two shell commands "the same run" for resolving errors: the command without the parts
// that do not change what ran (a leading `cd dir &&`, env assignments, output plumbing such as
// `2>&1 | tail -20`). Test commands also know their target, so a later passing run of the whole
// suite, or of a target that contains the failed one, resolves the failure. Pure; resolution.ts
// applies the same rule in SQL.
import type { CommandKey } from '../memory.js';
import { classifyCommand } from './shell.js';

const KEY_MAX = 300;

export function commandKey(command: string): CommandKey | null {
  let text = command.replace(/\s+/g, ' ').trim();
  if (!text || text.length > 4 * KEY_MAX) return null;
  for (let changed = true; changed;) {
    const before = text;
    text = text
      .replace(/^cd (?:"[^"]*"|'[^']*'|[^\s;&|]+) ?(?:&&|;) ?/, '')
      .replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|'[^']*'|\S*) )+/, '')
      .replace(/ ?(?:2>&1|\d?>\s?\/dev\/null)$/, '')
      .replace(/ ?\| ?(?:tail|head|tee|less|more|cat|grep|rg)(?: [^|]*)?$/, '')
      .replace(/ ?(?:;|&&|\|\|) ?(?:echo|true)(?: [^;&|]*)?$/, '')
      .trim();
    changed = text !== before;
  }
  if (!text || /[;&|]/.test(text.replace(/"[^"]*"|'[^']*'/g, ''))) {
    // A compound command is only "the same" as itself.
    return text ? { key: text.slice(0, KEY_MAX), isTest: false } : null;
  }
  const isTest = classifyCommand(text).kind === 'test';
  return { key: text.replace(/^npx (?=\S)/, '').slice(0, KEY_MAX), isTest };
}

/** Whether a successful run keyed `success` resolves a failure keyed `failure`. */
export function resolves(success: CommandKey, failure: string): boolean {
  if (success.key === failure) return true;
  // A test target inside the one that passed: `pytest tests` covers `pytest tests/a.py::test_x`.
  return success.isTest && failure.startsWith(success.key) && /^[ :/]/.test(failure.slice(success.key.length));
}
