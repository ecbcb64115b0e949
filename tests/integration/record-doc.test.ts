// docs/record.md's example is what the built CLI prints for a failed command captured by the real
// hook (temp paths put back to the page's /home/dev/my-app), and it is a record of its schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryCli, NOW } from '../cli-helpers.js';
import { postToolUseFailure, ROOT, runHook, sandbox } from '../helpers.js';
import { expectRecords, RECORD_SCHEMA } from '../record-schema.js';

const PAGE = readFileSync(join(ROOT, 'docs', 'record.md'), 'utf8');

/** The page's first ```json block. */
function pageExample(): unknown {
  const match = /```json\n([\s\S]*?)\n```/.exec(PAGE);
  if (!match) throw new Error('docs/record.md has no json example');
  return JSON.parse(match[1] as string);
}

describe('docs/record.md', () => {
  it('shows the record memory show --json prints for a captured failed command', async () => {
    const box = sandbox();
    const event = postToolUseFailure(
      box,
      'Bash',
      { command: 'npm test', description: 'Run the tests' },
      'Exit code 1\nFAIL src/auth.test.ts\n  ● login › rejects an expired token',
      { tool_use_id: 'toolu_01DocExample' },
    );
    const hook = await runHook('post-tool-use', event, { env: { ...box.env, CLAUDE_MEMORY_NOW: NOW } });
    expect(hook.code).toBe(0);
    const result = await memoryCli(box, ['show', '1', '--json']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout.replaceAll(box.project, '/home/dev/my-app')) as { memory: unknown };
    expect(printed.memory).toEqual(pageExample());
    expectRecords([pageExample()]);
  });

  it('describes every field of the schema', () => {
    const fields = Object.keys(RECORD_SCHEMA['properties'] as object);
    expect(fields.filter((field) => !PAGE.includes(`| \`${field}\``))).toEqual([]);
  });
});
