// What the next session is told, end to end through the built hooks: prompts, resolution of fixed
// errors, where a session stopped, Stop completing a session from its transcript, and the block.
import Database from 'better-sqlite3';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryCli } from '../cli-helpers.js';
import {
  allMemories,
  bashResponse,
  openForRead,
  postToolUse,
  postToolUseFailure,
  runHook,
  sandbox,
  type HookName,
  type Sandbox,
} from '../helpers.js';

const ROOT_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'error-output');
const output = (name: string): string => readFileSync(join(ROOT_FIXTURES, name), 'utf8');

async function hook(box: Sandbox, name: HookName, payload: unknown, now: string, env: Record<string, string> = {}) {
  const result = await runHook(name, payload, { env: { ...box.env, CLAUDE_MEMORY_NOW: now, ...env } });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  if (name !== 'session-start') expect(result.stdout).toBe('');
  return result;
}

const base = (box: Sandbox, session: string) => ({
  session_id: session,
  transcript_path: join(box.home, 'none.jsonl'),
  cwd: box.project,
  permission_mode: 'default',
});

function prompt(box: Sandbox, session: string, text: string, extra: Record<string, unknown> = {}) {
  return { ...base(box, session), hook_event_name: 'UserPromptSubmit', prompt: text, ...extra };
}

function stop(box: Sandbox, session: string, lastMessage?: string, transcriptPath?: string) {
  return {
    ...base(box, session),
    hook_event_name: 'Stop',
    stop_hook_active: false,
    ...(lastMessage === undefined ? {} : { last_assistant_message: lastMessage }),
    ...(transcriptPath === undefined ? {} : { transcript_path: transcriptPath }),
  };
}

function start(box: Sandbox, session: string, source = 'startup') {
  return { ...base(box, session), hook_event_name: 'SessionStart', source };
}

function context(stdout: string): string {
  return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
    .additionalContext;
}

describe('user-prompt-submit', () => {
  it('records the prompt redacted and bounded, honours <private>, and prints nothing', async () => {
    const box = sandbox();
    const secret = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    await hook(
      box,
      'user-prompt-submit',
      prompt(box, 's1', `Deploy with token ${secret} <private>my password is hunter2</private> please`),
      '2026-11-20T09:00:00Z',
    );
    await hook(box, 'user-prompt-submit', prompt(box, 's1', 'x'.repeat(5000)), '2026-11-20T09:01:00Z');
    const rows = openForRead(box.dbPath)
      .prepare('SELECT session_id, project, text, created_at, source FROM prompts ORDER BY id')
      .all() as Array<Record<string, string>>;
    expect(rows[0]).toEqual({
      session_id: 's1',
      project: 'my-app',
      text: 'Deploy with token [REDACTED] [private] please',
      created_at: '2026-11-20T09:00:00.000Z',
      source: 'hook',
    });
    expect(rows[1]?.['text']).toHaveLength(1000);
  });

  it.each([
    [
      'a task notification',
      '<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>',
      {},
    ],
    ['a slash command', '/mem npm test', {}],
    ['a slash command expansion', '<command-name>/mem</command-name>\n<command-args>x</command-args>', {}],
    ['a system prompt', 'Summarise the conversation', { source: 'system' }],
    ['an empty prompt', '   ', {}],
  ])('skips %s without creating a database', async (_what, text, extra) => {
    const box = sandbox();
    await hook(box, 'user-prompt-submit', prompt(box, 's1', text, extra), '2026-11-20T09:00:00Z');
    expect(() => openForRead(box.dbPath)).toThrow();
  });
});

describe('resolution', () => {
  it('marks a failed command resolved when the same command later passes, and shows it in search', async () => {
    const box = sandbox();
    await hook(
      box,
      'post-tool-use',
      postToolUseFailure(box, 'Bash', { command: 'npm test' }, `Exit code 1\n${output('npm-test.txt')}`, {
        session_id: 's1',
      }),
      '2026-03-10T09:00:00Z',
    );
    await hook(
      box,
      'post-tool-use',
      postToolUseFailure(box, 'Bash', { command: 'npx tsc -p .' }, `Exit code 2\n${output('tsc.txt')}`, {
        session_id: 's1',
      }),
      '2026-03-10T09:01:00Z',
    );
    await hook(
      box,
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'cd app && npm test 2>&1 | tail -20' }, bashResponse('ok')),
      '2026-03-10T10:00:00Z',
    );
    const rows = allMemories(box.dbPath) as unknown as Array<Record<string, unknown>>;
    const [testError, tscError, pass] = rows;
    expect(testError).toMatchObject({
      type: 'error',
      command_key: 'npm test',
      resolved_by: pass?.['id'],
      resolved_at: '2026-03-10T10:00:00.000Z',
    });
    expect(tscError).toMatchObject({ type: 'error', command_key: 'tsc -p .', resolved_by: null, resolved_at: null });

    const json = JSON.parse((await memoryCli(box, ['search', 'ERR_ASSERTION', '--json'])).stdout) as Array<
      Record<string, unknown>
    >;
    expect(json[0]).toMatchObject({ resolved_by: pass?.['id'], resolved_at: '2026-03-10T10:00:00.000Z' });
    const text = (await memoryCli(box, ['search', 'ERR_ASSERTION'])).stdout;
    expect(text).toContain(`fixed 2h ago by #${String(pass?.['id'])}`);
  });

  it('resolves a failed test target when the whole suite passes, but not the other way round', async () => {
    const box = sandbox();
    const fail = (command: string, at: string) =>
      hook(
        box,
        'post-tool-use',
        postToolUseFailure(box, 'Bash', { command }, `Exit code 1\n${output('pytest.txt')}`),
        at,
      );
    await fail('pytest tests/test_calc.py::test_add', '2026-03-10T09:00:00Z');
    await hook(
      box,
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'pytest tests/test_calc.py' }, bashResponse('1 passed')),
      '2026-03-10T09:05:00Z',
    );
    await fail('pytest', '2026-03-10T09:10:00Z');
    await hook(
      box,
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'pytest tests/test_imp.py' }, bashResponse('1 passed')),
      '2026-03-10T09:15:00Z',
    );
    expect(
      allMemories(box.dbPath)
        .filter((row) => row.type === 'error')
        .map((row) => (row as unknown as { resolved_by: number | null }).resolved_by === null),
    ).toEqual([false, true]); // the file's run covers the test; one file's run does not cover the whole suite
  });
});

describe('a realistic project, session after session', () => {
  it('tells the next session what was asked, what is still broken and where it stopped', async () => {
    const box = sandbox();
    const file = (name: string) => join(box.project, name);
    const toolUse = (session: string, at: string, payload: Record<string, unknown>) =>
      hook(box, 'post-tool-use', { ...payload, session_id: session }, at);

    // Five weeks ago: outside the window, never shown.
    await hook(box, 'user-prompt-submit', prompt(box, 'old', 'Set up the project'), '2026-10-20T09:00:00Z');
    await toolUse(
      'old',
      '2026-10-20T09:01:00Z',
      postToolUse(box, 'Write', { file_path: file('package.json'), content: '{}\n' }, { type: 'create' }),
    );
    await hook(box, 'stop', stop(box, 'old', 'The project is set up.'), '2026-10-20T09:02:00Z');

    // A week ago: a failing test, fixed and committed.
    await hook(
      box,
      'user-prompt-submit',
      prompt(box, 'greet', 'Add a greet() helper and make its test pass'),
      '2026-11-17T10:00:00Z',
    );
    await toolUse(
      'greet',
      '2026-11-17T10:01:00Z',
      postToolUse(
        box,
        'Write',
        { file_path: file('src/greet.js'), content: 'exports.greet = (n) => `Hi ${n}`;\n' },
        { type: 'create' },
      ),
    );
    await toolUse(
      'greet',
      '2026-11-17T10:02:00Z',
      postToolUseFailure(box, 'Bash', { command: 'npx jest greet.test.js' }, `Exit code 1\n${output('jest.txt')}`),
    );
    await toolUse(
      'greet',
      '2026-11-17T10:03:00Z',
      postToolUse(box, 'Edit', { file_path: file('src/greet.js'), old_string: 'Hi', new_string: 'Hello' }, {}),
    );
    await toolUse(
      'greet',
      '2026-11-17T10:04:00Z',
      postToolUse(box, 'Bash', { command: 'npx jest greet.test.js' }, bashResponse('PASS ./greet.test.js')),
    );
    await toolUse(
      'greet',
      '2026-11-17T10:05:00Z',
      postToolUse(
        box,
        'Bash',
        { command: 'git commit -am "Add greet()"' },
        bashResponse('[master 1a2b3c4] Add greet()'),
      ),
    );
    await hook(
      box,
      'stop',
      stop(box, 'greet', 'greet() is in place and its test passes; committed as "Add greet()".'),
      '2026-11-17T10:06:00Z',
    );

    // Yesterday: the build broke and the session stopped before fixing it.
    await hook(box, 'user-prompt-submit', prompt(box, 'esm', 'Make the build emit ES modules'), '2026-11-23T15:00:00Z');
    await toolUse(
      'esm',
      '2026-11-23T15:01:00Z',
      postToolUse(
        box,
        'Edit',
        { file_path: file('tsconfig.json'), old_string: '"module": "commonjs"', new_string: '"module": "nodenext"' },
        {},
      ),
    );
    await toolUse(
      'esm',
      '2026-11-23T15:02:00Z',
      postToolUseFailure(
        box,
        'Bash',
        { command: 'npm run build' },
        `Exit code 2\n\n> greeter@1.0.0 build\n> tsc -p .\n\n${output('tsc.txt')}`,
      ),
    );
    await hook(
      box,
      'stop',
      stop(box, 'esm', 'The build still fails on ./nope.js; I will fix the import in src/index.ts next.'),
      '2026-11-23T15:03:00Z',
    );

    const next = await hook(box, 'session-start', start(box, 'next'), '2026-11-24T09:00:00Z');
    const block = context(next.stdout);
    expect(block.length).toBeLessThanOrEqual(2000);
    expect(block).toMatchInlineSnapshot(`
      "<memory-context project="my-app">
      Activity recorded by claude-memory-hooks in this project, newest first.
      ## Sessions
      - 17 hours ago: asked "Make the build emit ES modules" | Edited 1 file: tsconfig.json | Errors (1): src/index.ts(1,25): error TS2307: Cannot find module './nope.js' or its corresponding type declarat…
      - 6 days ago: asked "Add a greet() helper and make its test pass" | Edited 1 file: src/greet.js | Commands: npx jest greet.test.js; git commit -am "Add greet()" | Errors (1, fixed since): ● greet › says hello
      ## Open errors
      - 17 hours ago: npm run build (exit 2): src/index.ts(1,25): error TS2307: Cannot find module './nope.js' or its corresponding type declarations.
      ## Recent changes
      - 17 hours ago: Edited tsconfig.json: ""module": "commonjs"" → ""module": "nodenext""
      - 6 days ago: git commit -am "Add greet()"
      - 6 days ago: Edited src/greet.js: "Hi" → "Hello"
      - 6 days ago: Created src/greet.js (1 line): exports.greet = (n) => \`Hi \${n}\`;
      ## Where the last session stopped
      - 17 hours ago: "The build still fails on ./nope.js; I will fix the import in src/index.ts next."
      More history is available: the search tool of the memory-hooks MCP server (when connected), and the /mem command the user can type (for example /mem npm test).
      </memory-context>"
    `);

    // After /compact the same session's own work is "this session", not an earlier one.
    const compacted = await hook(box, 'session-start', start(box, 'esm', 'compact'), '2026-11-23T16:00:00Z');
    expect(context(compacted.stdout)).toContain('- this session: asked "Make the build emit ES modules"');
  });
});

describe('stop completes the session from its transcript', () => {
  function transcriptLines(box: Sandbox, session: string): string[] {
    const envelope = (
      type: string,
      uuid: string,
      timestamp: string,
      message: unknown,
      extra: Record<string, unknown> = {},
    ) =>
      JSON.stringify({
        type,
        uuid,
        parentUuid: null,
        sessionId: session,
        cwd: box.project,
        timestamp,
        version: '2.1.330',
        isSidechain: false,
        message,
        ...extra,
      });
    return [
      envelope('user', 'u1', '2026-11-20T09:00:00.000Z', { role: 'user', content: 'Run the build and fix it' }),
      envelope('assistant', 'a1', '2026-11-20T09:00:01.000Z', {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_late_1', name: 'Bash', input: { command: 'npm run build' } }],
      }),
      envelope(
        'user',
        'u2',
        '2026-11-20T09:00:05.000Z',
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_late_1',
              is_error: true,
              content: `Exit code 2\n${output('tsc.txt')}`,
            },
          ],
        },
        { toolUseResult: `Error: Exit code 2\n${output('tsc.txt')}` },
      ),
      envelope('assistant', 'a2', '2026-11-20T09:00:06.000Z', {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'toolu_late_2',
            name: 'Edit',
            input: { file_path: join(box.project, 'src/index.ts'), old_string: './nope.js', new_string: './yes.js' },
          },
        ],
      }),
    ];
  }

  it('stores calls whose capture never landed, exactly once, reading only new bytes', async () => {
    const box = sandbox();
    const dir = join(box.home, '.claude', 'projects', '-work-my-app');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 's-late.jsonl');
    const [first, second, third, fourth] = transcriptLines(box, 's-late');
    // The Edit's result is not written yet: the offset must stop before its tool_use.
    writeFileSync(path, `${[first, second, third, fourth].join('\n')}\n`);
    await hook(box, 'stop', stop(box, 's-late', undefined, path), '2026-11-20T09:01:00Z');
    expect(allMemories(box.dbPath).map((row) => [row.type, row.tool_use_id, row.source])).toEqual([
      ['error', 'toolu_late_1', 'hook'],
    ]);

    const result = JSON.stringify({
      type: 'user',
      uuid: 'u3',
      parentUuid: 'a2',
      sessionId: 's-late',
      cwd: box.project,
      timestamp: '2026-11-20T09:00:07.000Z',
      isSidechain: false,
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_late_2', content: 'The file has been updated.' }],
      },
      toolUseResult: {
        filePath: join(box.project, 'src/index.ts'),
        oldString: './nope.js',
        newString: './yes.js',
        structuredPatch: [],
        userModified: false,
        replaceAll: false,
      },
    });
    const answer = JSON.stringify({
      type: 'assistant',
      uuid: 'a3',
      parentUuid: 'u3',
      sessionId: 's-late',
      cwd: box.project,
      timestamp: '2026-11-20T09:00:08.000Z',
      isSidechain: false,
      message: { role: 'assistant', content: [{ type: 'text', text: 'Fixed the import; the build should pass now.' }] },
    });
    appendFileSync(path, `${result}\n${answer}\n{"type":"assistant","partial`);
    await hook(box, 'stop', stop(box, 's-late', undefined, path), '2026-11-20T09:02:00Z');
    // The late async PostToolUse of the same call arrives after Stop: not stored twice.
    await hook(
      box,
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        { file_path: join(box.project, 'src/index.ts'), old_string: './nope.js', new_string: './yes.js' },
        {},
        { session_id: 's-late', tool_use_id: 'toolu_late_2' },
      ),
      '2026-11-20T09:02:30Z',
    );
    await hook(box, 'stop', stop(box, 's-late', undefined, path), '2026-11-20T09:03:00Z');

    expect(allMemories(box.dbPath).map((row) => [row.type, row.tool_use_id])).toEqual([
      ['error', 'toolu_late_1'],
      ['file_edit', 'toolu_late_2'],
    ]);
    const db = openForRead(box.dbPath);
    expect(db.prepare('SELECT text, source FROM prompts').all()).toEqual([
      { text: 'Run the build and fix it', source: 'import' },
    ]);
    expect(db.prepare('SELECT request, outcome FROM session_summaries').get()).toEqual({
      request: 'Run the build and fix it',
      outcome: 'Fixed the import; the build should pass now.',
    });
    const offset = (db.prepare('SELECT offset FROM transcript_reads').get() as { offset: number }).offset;
    expect(offset).toBe(readFileSync(path).length - '{"type":"assistant","partial'.length);
  });
  it("waits briefly for the turn's answer an older client is still writing (no last_assistant_message)", async () => {
    const box = sandbox();
    const dir = join(box.home, '.claude', 'projects', '-work-my-app');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 's-slow.jsonl');
    const [first, second, third] = transcriptLines(box, 's-slow');
    writeFileSync(path, `${[first, second, third].join('\n')}\n`);
    const answer = JSON.stringify({
      type: 'assistant',
      uuid: 'a9',
      parentUuid: 'u2',
      sessionId: 's-slow',
      cwd: box.project,
      timestamp: '2026-11-20T09:00:08.000Z',
      isSidechain: false,
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'The build fails in tsc; next I fix the import.' }],
      },
    });
    const running = hook(box, 'stop', stop(box, 's-slow', undefined, path), '2026-11-20T09:01:00Z');
    // The answer lands only once Stop has read the transcript (its read offset is saved), as Claude Code
    // 2.1.39 writes it: after the Stop hook has started.
    const read = (): boolean => {
      if (!existsSync(box.dbPath)) return false;
      try {
        const db = new Database(box.dbPath, { readonly: true, fileMustExist: true });
        try {
          return (db.prepare('SELECT count(*) FROM transcript_reads').pluck().get() as number) > 0;
        } finally {
          db.close();
        }
      } catch {
        return false;
      }
    };
    const started = Date.now();
    while (!read() && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 5));
    appendFileSync(path, `${answer}\n`);
    await running;
    expect(openForRead(box.dbPath).prepare('SELECT outcome FROM session_summaries').pluck().get()).toBe(
      'The build fails in tsc; next I fix the import.',
    );
  });
});

describe('age and retention', () => {
  it('keeps errors a year, drops the summaries and prompts of sessions whose memories are gone', async () => {
    const box = sandbox();
    await hook(box, 'user-prompt-submit', prompt(box, 'old', 'Try the migration'), '2025-06-01T09:00:00Z');
    await hook(
      box,
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm run migrate' }, bashResponse(), { session_id: 'old' }),
      '2025-06-01T09:01:00Z',
    );
    await hook(
      box,
      'post-tool-use',
      postToolUseFailure(
        box,
        'Bash',
        { command: 'npm run seed' },
        'Exit code 1\nError: relation "users" does not exist',
        { session_id: 'old' },
      ),
      '2025-06-01T09:02:00Z',
    );
    await hook(box, 'stop', stop(box, 'old', 'Migrated.'), '2025-06-01T09:03:00Z');
    await hook(
      box,
      'post-tool-use',
      postToolUseFailure(box, 'Bash', { command: 'npm run lint' }, 'Exit code 1\nerror: unused variable', {
        session_id: 'recent',
      }),
      '2026-09-01T09:00:00Z',
    );
    await hook(box, 'stop', stop(box, 'recent'), '2026-09-01T09:01:00Z');

    const cleanup = await runHook('session-start', start(box, 'x'), {
      env: { ...box.env, CLAUDE_MEMORY_NOW: '2026-11-24T09:00:00Z' },
    });
    expect(cleanup.code).toBe(0);
    // The cleanup runs detached; wait for its effect rather than for a time.
    const deadline = Date.now() + 20_000;
    let rows = allMemories(box.dbPath);
    while (rows.some((row) => row.session_id === 'old') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = allMemories(box.dbPath);
    }
    expect(rows.map((row) => [row.session_id, row.type])).toEqual([['recent', 'error']]);
    const db = openForRead(box.dbPath);
    expect(db.prepare('SELECT session_id FROM session_summaries').all()).toEqual([{ session_id: 'recent' }]);
    expect(db.prepare('SELECT count(*) AS n FROM prompts').get()).toEqual({ n: 0 });
  });

  it('shows nothing older than the window', async () => {
    const box = sandbox();
    await hook(
      box,
      'post-tool-use',
      postToolUseFailure(box, 'Bash', { command: 'npm test' }, 'Exit code 1\nError: boom'),
      '2026-10-01T09:00:00Z',
    );
    expect((await hook(box, 'session-start', start(box, 'x'), '2026-11-24T09:00:00Z')).stdout).toBe('');
    const wider = await hook(box, 'session-start', start(box, 'x'), '2026-11-24T09:00:00Z', {
      CLAUDE_MEMORY_CONTEXT_DAYS: '60',
    });
    expect(context(wider.stdout)).toContain('- 7 weeks ago: npm test (exit 1): Error: boom');
  });
});
