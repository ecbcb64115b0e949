// `memory show <id>` through the real CLI: one memory in full, with its session neighbours, a --json
// form, and one clear line for an id that is not there.
import { describe, expect, it } from 'vitest';
import { hoursAgo, memory, memoryCli, seed } from '../cli-helpers.js';
import { sandbox, type Sandbox } from '../helpers.js';
import { expectRecords } from '../record-schema.js';

function sessionBox(): Sandbox {
  const box = sandbox();
  const longOutput = Array.from({ length: 40 }, (_, i) => `line ${i + 1} of the failure`).join('\n');
  seed(box, [
    memory({ box, content: 'git status', createdAt: hoursAgo(5) }),
    memory({ box, content: 'npm install', createdAt: hoursAgo(4) }),
    memory({ box, content: 'npm run lint', createdAt: hoursAgo(3.5) }),
    memory({
      box,
      type: 'error',
      content: `Bash error (exit 1): npm test\n${longOutput}\n\u001b[31mFAILED\u001b[0m tests/auth.test.ts`,
      exitCode: 1,
      createdAt: hoursAgo(3),
    }),
    memory({ box, content: 'npm test', createdAt: hoursAgo(2) }),
    memory({ box, sessionId: 'sess-other', content: 'npm test in another session', createdAt: hoursAgo(2.5) }),
  ]);
  return box;
}

describe('memory show', () => {
  it('prints one whole memory, every line of it, between its session neighbours', async () => {
    const box = sessionBox();
    const result = await memoryCli(box, ['show', '4', '--context', '2']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = Array.from({ length: 40 }, (_, i) => `    line ${i + 1} of the failure`);
    expect(result.stdout).toBe(
      [
        'Before it in session sess-1111:',
        '',
        '#2  4h ago  my-app  Bash/command',
        '    npm install',
        '',
        '#3  4h ago  my-app  Bash/command',
        '    npm run lint',
        '',
        'This memory:',
        '',
        '#4  3h ago  my-app  Bash/error',
        '    Bash error (exit 1): npm test',
        ...lines,
        '    FAILED tests/auth.test.ts',
        '',
        'After it in session sess-1111:',
        '',
        '#5  2h ago  my-app  Bash/command',
        '    npm test',
        '',
      ].join('\n'),
    );
  });

  it('shows the memory alone with --context 0, and takes #4 as well as 4', async () => {
    const box = sessionBox();
    const result = await memoryCli(box, ['show', '#4', '--context', '0']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('#4  3h ago  my-app  Bash/error\n    Bash error (exit 1): npm test\n')).toBe(true);
    expect(result.stdout).not.toContain('npm install');
  });

  it('prints public records (docs/record.md) with --json', async () => {
    const box = sessionBox();
    const result = await memoryCli(box, ['show', '4', '--json']);
    const json = JSON.parse(result.stdout) as {
      memory: { id: number; content: string };
      before: { id: number }[];
      after: { id: number }[];
    };
    expect(json.memory.id).toBe(4);
    expect(json.memory.content.split('\n')).toHaveLength(42);
    expect(json.before.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(json.after.map((row) => row.id)).toEqual([5]);
    expectRecords([json.memory, ...json.before, ...json.after]);
  });

  it.each([
    [
      ['show', '99'],
      'memory: no memory has id 99 (ids come from `memory search`; forgotten or expired memories are gone)\n',
    ],
    [['show', 'abc'], 'memory: memory ids are whole numbers as shown by `memory search` (got "abc")\n'],
    [['show', '4', '--context', '51'], 'memory: --context expects a whole number from 0 to 50 (got "51")\n'],
  ])('memory %j exits 1 with one line', async (args, stderr) => {
    const result = await memoryCli(sessionBox(), args);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr });
  });
});
