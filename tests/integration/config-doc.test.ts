// docs/configuration.md's warning sample is what the built CLI prints: one line, once, for every bad
// setting together, and the command still does its work.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { memory, memoryCli, seed } from '../cli-helpers.js';
import { expectDocSample, terminal } from '../doc-samples.js';
import { sandbox } from '../helpers.js';

it('warns about bad settings in one stderr line, as docs/configuration.md shows, and still searches', async () => {
  const box = sandbox();
  seed(box, [memory({ box, content: 'npm test passed' })]);
  mkdirSync(join(box.home, '.claude'), { recursive: true });
  writeFileSync(join(box.home, '.claude', 'memory.json'), '{"recall": "sometimes"}\n');
  const result = await memoryCli(box, ['search', '--recent'], { CLAUDE_MEMORY_CONTEXT_DAYS: 'soon' });
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('npm test passed');
  expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expectDocSample(
    'settings-warning',
    terminal([
      [
        'CLAUDE_MEMORY_CONTEXT_DAYS=soon memory search --recent',
        { ...result, stdout: '', stderr: result.stderr.replaceAll(box.home, '/home/dev') },
      ],
    ]),
  );
});
