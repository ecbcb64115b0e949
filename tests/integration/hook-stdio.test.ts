// How a hook reads stdin (lib/hook/io.ts, through process.stdin): a socket (what Claude Code hands a
// hook), a pipe, a file, a device or a terminal. Every kind of stdin must give the whole payload, or
// one line and exit 0. And how it prints: synchronously to fd 1 (lib/io/stdout.ts).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allMemories,
  bashResponse,
  postToolUse,
  runHook,
  RUNTIME,
  sandbox,
  tempDir,
  type RunResult,
} from '../helpers.js';

const HOOK = join(RUNTIME, 'dist', 'hooks', 'post-tool-use.js');

/** Runs the hook through `sh -c`, so stdin can be a shell pipe (a FIFO) or a redirected file. */
function runShell(command: string, env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('a hook reading stdin', () => {
  it('reads a payload already waiting on its socket', async () => {
    const box = sandbox();
    const payload = JSON.stringify(postToolUse(box, 'Bash', { command: 'npm run lint' }, bashResponse()));
    const child = spawn(process.execPath, [HOOK], {
      env: box.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end(payload);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm run lint']);
  });

  it('waits for a payload that arrives over a socket in pieces', async () => {
    const box = sandbox();
    const payload = JSON.stringify(postToolUse(box, 'Bash', { command: 'npm run types' }, bashResponse()));
    const child = spawn(process.execPath, [HOOK], { env: box.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // The hook starts reading long before the rest arrives: what fd 0 held first is kept, and
    // process.stdin waits for the rest.
    child.stdin.write(payload.slice(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdin.write(payload.slice(40, 90));
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.stdin.end(payload.slice(90));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm run types']);
  });

  it('stores a payload from a shell pipe', async () => {
    const box = sandbox();
    const file = join(box.home, 'payload.json');
    writeFileSync(file, JSON.stringify(postToolUse(box, 'Bash', { command: 'make check' }, bashResponse())));
    const result = await runShell(`cat "${file}" | "${process.execPath}" "${HOOK}"`, box.env);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['make check']);
  });

  it('stores a payload from a file', async () => {
    const box = sandbox();
    const file = join(box.home, 'payload.json');
    writeFileSync(file, JSON.stringify(postToolUse(box, 'Bash', { command: 'make dist' }, bashResponse())));
    const result = await runShell(`"${process.execPath}" "${HOOK}" < "${file}"`, box.env);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['make dist']);
  });

  it('ends on a shell pipe that is never closed', async () => {
    const box = sandbox();
    // `sleep` holds the pipe's write end open and writes nothing; the hook gives up after 300 ms.
    const result = await runShell(`sleep 1 | "${process.execPath}" "${HOOK}"; echo "exit $?" >&2`, {
      ...box.env,
      CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '300',
    });
    expect(result.stderr).toBe('[memory-hook] post-tool-use: no input on stdin after 300 ms\nexit 0\n');
  });

  it('reads /dev/null (neither a pipe nor a file) as empty', async () => {
    const box = sandbox();
    const result = await runShell(`"${process.execPath}" "${HOOK}" < /dev/null`, box.env);
    expect(result).toEqual({
      code: 0,
      signal: null,
      stdout: '',
      stderr: '[memory-hook] post-tool-use: empty stdin\n',
    });
  });

  it('stores a payload typed into a terminal, which it reads through process.stdin', async () => {
    const box = sandbox();
    const file = join(tempDir(), 'payload.json');
    writeFileSync(file, `${JSON.stringify(postToolUse(box, 'Bash', { command: 'make tty-test' }, bashResponse()))}\n`);
    // util-linux's `script` runs the hook on a new pseudo-terminal and types the file into it, then EOF.
    const result = await runShell(
      `script -qec '"${process.execPath}" "${HOOK}"; echo "exit $?"' /dev/null < "${file}"`,
      {
        ...box.env,
        CLAUDE_MEMORY_STDIN_TIMEOUT_MS: '5000',
      },
    );
    expect(result.stdout.trimEnd().split(/\r?\n/).at(-1)).toBe('exit 0');
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['make tty-test']);
  });

  it('prints no deprecation warning under --pending-deprecation', async () => {
    const box = sandbox();
    const dir = tempDir();
    const file = join(dir, 'payload.json');
    writeFileSync(file, JSON.stringify(postToolUse(box, 'Bash', { command: 'make test' }, bashResponse())));
    const result = await runShell(`cat "${file}" | "${process.execPath}" "${HOOK}"`, {
      ...box.env,
      NODE_OPTIONS: '--pending-deprecation',
    });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['make test']);
  });
});

describe('a hook printing', () => {
  it("writes SessionStart's whole block to a socket", async () => {
    const box = sandbox();
    const stored = await runHook(
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        { file_path: join(box.project, 'src', 'config.ts'), old_string: 'a', new_string: 'b' },
        {},
      ),
      {
        env: box.env,
      },
    );
    expect(stored).toMatchObject({ code: 0, stderr: '' });
    // The daily cleanup has run (a detached spawn loads net, once a day, and is not what this checks).
    writeFileSync(`${box.dbPath}.last-cleanup`, new Date().toISOString());
    const start = { session_id: 'next', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' };
    const child = spawn(process.execPath, [join(RUNTIME, 'dist', 'hooks', 'session-start.js')], {
      env: box.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end(JSON.stringify(start));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const context = (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
      .additionalContext;
    expect(context).toMatch(/^<memory-context project="my-app">\n[\s\S]*config.ts[\s\S]*<\/memory-context>$/);
  });
});
