// Whatever happens, a hook exits 0, prints nothing harmful and logs one [memory-hook] line.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allMemories,
  bashResponse,
  postToolUse,
  runHook,
  RUNTIME,
  sandbox,
  useSharedSandbox,
  type HookName,
  type RunResult,
} from '../helpers.js';

const HOOKS: HookName[] = ['post-tool-use', 'stop', 'session-start', 'user-prompt-submit'];

describe.each(HOOKS)('%s with bad input', (name) => {
  it.each([
    ['empty stdin', '', 'empty stdin'],
    ['garbage', 'not json at all', 'stdin is not valid JSON (15 characters)'],
    ['truncated JSON', '{"session_id":"s","tool_name":"Ba', 'stdin is not valid JSON (33 characters)'],
    ['a JSON array', '[{"session_id":"s"}]', 'stdin JSON is not an object'],
  ])('exits 0 on %s with one stderr line', async (_what, stdin, reason) => {
    const box = sandbox();
    const result = await runHook(name, stdin, { env: box.env });
    expect(result).toEqual({ code: 0, signal: null, stdout: '', stderr: `[memory-hook] ${name}: ${reason}\n` });
  });

  // The real 9 s wait is proven once (post-tool-use, below); the other hooks take the same path with a shorter wait.
  it('ends when stdin is never closed', async () => {
    const box = sandbox();
    const result = await runHook(name, null, {
      env: { ...box.env, CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '300' },
      killAfterMs: 30_000,
    });
    expect(result).toEqual({
      code: 0,
      signal: null,
      stdout: '',
      stderr: `[memory-hook] ${name}: no input on stdin after 300 ms\n`,
    });
  });

  it('exits 0 on a payload with missing fields', async () => {
    const box = sandbox();
    const result = await runHook(name, { hook_event_name: 'PostToolUse' }, { env: box.env });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

// The real, default 9 s wait is idle time: the hook starts before the file's first test and is
// awaited by its own test, so the rest of the file runs meanwhile.
const quiet = useSharedSandbox(() => undefined);
let neverClosed: Promise<RunResult>;
beforeAll(() => {
  neverClosed = runHook('post-tool-use', null, { env: quiet().env, killAfterMs: 30_000 });
});

describe('post-tool-use under stress', () => {
  it('ends within about 10 s when stdin is never closed (the real, default wait)', async () => {
    const result = await neverClosed;
    expect(result).toEqual({
      code: 0,
      signal: null,
      stdout: '',
      stderr: '[memory-hook] post-tool-use: no input on stdin after 9000 ms\n',
    });
  });

  it('stores an event whose pipe was never closed', async () => {
    const box = sandbox();
    const payload = JSON.stringify(postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()));
    // runNode with stdin null leaves the pipe open; write the payload through env-free means:
    const { spawn } = await import('node:child_process');
    const env = { ...box.env, CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '500' };
    const child = spawn(process.execPath, [join(RUNTIME, 'dist', 'hooks', 'post-tool-use.js')], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.write(payload);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm test']);
  });

  it('handles a 5 MB Edit payload', async () => {
    const box = sandbox();
    const file = join(box.project, 'src', 'huge.ts');
    const original = 'export const line = "0123456789";\n'.repeat(150_000);
    const payload = postToolUse(
      box,
      'Edit',
      { file_path: file, old_string: 'line', new_string: 'row' },
      { filePath: file, originalFile: original, structuredPatch: [] },
    );
    expect(JSON.stringify(payload).length).toBeGreaterThan(5_000_000);
    const result = await runHook('post-tool-use', payload, { env: box.env });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['Edited huge.ts: "line" → "row"']);
  });

  it('never deletes or replaces a corrupt database', async () => {
    const box = sandbox();
    mkdirSync(join(box.home, '.claude'), { recursive: true });
    const garbage = "this is not a database, but it is somebody's file\n".repeat(200);
    writeFileSync(box.dbPath, garbage);
    for (const name of HOOKS) {
      const payload =
        name === 'post-tool-use'
          ? postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse())
          : name === 'user-prompt-submit'
            ? { session_id: 's', cwd: box.project, hook_event_name: 'UserPromptSubmit', prompt: 'fix the build' }
            : {
                session_id: 's',
                cwd: box.project,
                hook_event_name: name === 'stop' ? 'Stop' : 'SessionStart',
                source: 'startup',
              };
      const result = await runHook(name, payload, { env: box.env });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(new RegExp(`^\\[memory-hook\\] ${name}: the database file is damaged[ ;(].+\\n$`));
      // The user (not the model) is told what to do; nothing else is printed.
      if (name === 'session-start') expect(Object.keys(JSON.parse(result.stdout) as object)).toEqual(['systemMessage']);
      else expect(result.stdout).toBe('');
    }
    expect(readFileSync(box.dbPath, 'utf8')).toBe(garbage);
  });

  it('exits 0 with one line when the database directory cannot be created', async () => {
    const box = sandbox();
    writeFileSync(join(box.home, 'blocker'), 'a file where a directory should be');
    const env = { ...box.env, CLAUDE_MEMORY_DB: join(box.home, 'blocker', 'memory.db') };
    const result = await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^\[memory-hook\] post-tool-use: the database or its folder is not writable \(ENOTDIR: .*\); the event is kept and will be stored later\n$/,
    );
  });
});
