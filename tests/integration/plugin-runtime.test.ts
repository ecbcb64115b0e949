// The built plugin's hooks as Claude Code runs them: `node <plugin>/dist/hooks/<hook>.js` with the
// event on stdin, from a copy of plugin/ on which `npm ci --ignore-scripts` ran (what a git
// marketplace install does), under official Node 20, 22 and 24 binaries. Node 20 cannot load
// better-sqlite3 13 (a segmentation fault if tried) and has no node:sqlite: every hook exits 0
// without a word, and SessionStart tells the user once a day. 22 and 24 capture. Without
// node_modules (a directory marketplace runs no npm ci) they fall back to node:sqlite. The
// ./install.sh runtime, whose addon was built for the Node that built it, does the same under another Node.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allMemories,
  bashResponse,
  postToolUse,
  ROOT,
  RUNTIME,
  sandbox,
  type RunResult,
  type Sandbox,
} from '../helpers.js';
import { NODE_FLAGS } from '../../lib/runtime/executables.js';
import { nodeBinary, type NodeBinary, type NodeMajor } from '../../bench/node-binaries.js';

const SETUP_MS = 900_000;
let work = '';
/** plugin/ copied and `npm ci --ignore-scripts`-ed; null (with why) when npm could not install. */
let installed: { ok: true; dir: string } | { ok: false; reason: string } = { ok: false, reason: 'not set up' };
/** plugin/ copied without node_modules: no addon at all. */
let bare = '';
const nodes = new Map<NodeMajor, NodeBinary>();

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'cmh-plugin-run-'));
  const copy = (to: string): string => {
    cpSync(join(ROOT, 'plugin'), to, { recursive: true, filter: (path) => !path.includes('/node_modules') });
    return to;
  };
  bare = copy(join(work, 'bare'));
  const dir = copy(join(work, 'installed'));
  const npm = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: SETUP_MS,
  });
  installed =
    npm.status === 0
      ? { ok: true, dir }
      : {
          ok: false,
          reason: `npm ci --ignore-scripts failed in the plugin copy: ${(npm.stderr || npm.error?.message || '').trim().split('\n').slice(-2).join(' ')}`,
        };
  for (const major of [20, 22, 24, '22.15'] as const) nodes.set(major, nodeBinary(major));
}, SETUP_MS);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `script` run by `node` as the registered hook commands run it: with NODE_FLAGS. */
function runWith(node: string, script: string, stdin: unknown, env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(node, [...NODE_FLAGS, script], { env, cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(stdin));
  });
}

const sessionStart = (box: Sandbox, sessionId: string): Record<string, unknown> => ({
  session_id: sessionId,
  transcript_path: join(box.home, 't.jsonl'),
  cwd: box.project,
  hook_event_name: 'SessionStart',
  source: 'startup',
});
const stop = (box: Sandbox, sessionId: string): Record<string, unknown> => ({
  session_id: sessionId,
  transcript_path: join(box.home, 'none.jsonl'),
  cwd: box.project,
  hook_event_name: 'Stop',
  stop_hook_active: false,
});
const prompt = (box: Sandbox, sessionId: string): Record<string, unknown> => ({
  session_id: sessionId,
  transcript_path: join(box.home, 't.jsonl'),
  cwd: box.project,
  hook_event_name: 'UserPromptSubmit',
  prompt: 'fix the failing test',
});

/** A sandbox whose PATH starts with this Node (so `bin/memory`'s `node` is it too). */
function boxFor(node: string): Sandbox {
  const box = sandbox();
  return { ...box, env: { ...box.env, PATH: `${join(node, '..')}:${box.env['PATH'] ?? ''}` } };
}

/** One session through the hooks of `root`: prompt, a failing `npm test`, Stop. Every run exits 0 with stdout and stderr empty. */
async function scriptedSession(node: string, root: string, box: Sandbox, sessionId: string): Promise<void> {
  const hook = (name: string): string => join(root, 'dist', 'hooks', `${name}.js`);
  for (const [name, event] of [
    ['user-prompt-submit', prompt(box, sessionId)],
    [
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse('1 passing'), { session_id: sessionId }),
    ],
    ['stop', stop(box, sessionId)],
  ] as const) {
    const result = await runWith(node, hook(name), event, box.env);
    expect({ name, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      name,
      code: 0,
      stdout: '',
      stderr: '',
    });
  }
}

function need(major: NodeMajor): NodeBinary {
  return nodes.get(major) ?? { ok: false, reason: 'not set up' };
}

describe('the plugin under Node 20', () => {
  it('every hook exits 0 with nothing on stderr, nothing is written, and SessionStart tells the user once a day', async ({
    skip,
  }) => {
    const node = need(20);
    if (!node.ok) return skip(node.reason);
    for (const root of installed.ok ? [installed.dir, bare] : [bare]) {
      const box = boxFor(node.path);
      await scriptedSession(node.path, root, box, 'sess-node20');
      // Not even a malformed event gets a [memory-hook] line out of a copy that cannot run.
      const garbage = await runWith(node.path, join(root, 'dist', 'hooks', 'post-tool-use.js'), 'not json', box.env);
      expect({ code: garbage.code, stdout: garbage.stdout, stderr: garbage.stderr }).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
      // Switched off on purpose (CLAUDE_MEMORY_DISABLE): nothing to tell either.
      const disabled = await runWith(
        node.path,
        join(root, 'dist', 'hooks', 'session-start.js'),
        sessionStart(box, 'sess-node20a'),
        { ...box.env, CLAUDE_MEMORY_DISABLE: '1' },
      );
      expect({ code: disabled.code, stdout: disabled.stdout, stderr: disabled.stderr }).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
      const first = await runWith(
        node.path,
        join(root, 'dist', 'hooks', 'session-start.js'),
        sessionStart(box, 'sess-node20b'),
        box.env,
      );
      expect(first.code).toBe(0);
      expect(first.stderr).toBe('');
      const message = (JSON.parse(first.stdout) as { systemMessage?: string }).systemMessage ?? '';
      expect(message).toContain(`Node ${node.version}`);
      expect(message).toContain('Node 22.16 or newer');
      expect(message.split('\n')).toHaveLength(1);
      // Told today: the next session starts without a word.
      const second = await runWith(
        node.path,
        join(root, 'dist', 'hooks', 'session-start.js'),
        sessionStart(box, 'sess-node20c'),
        box.env,
      );
      expect({ code: second.code, stdout: second.stdout, stderr: second.stderr }).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
      expect(existsSync(box.dbPath)).toBe(false);
    }
  });
});

describe.each([22, 24] as const)('the plugin under Node %i', (major) => {
  it('captures with better-sqlite3 13 from npm ci; the next session receives the block; bin/memory finds it', async ({
    skip,
  }) => {
    const node = need(major);
    if (!node.ok) return skip(node.reason);
    if (!installed.ok) return skip(installed.reason);
    const box = boxFor(node.path);
    await scriptedSession(node.path, installed.dir, box, `sess-${major}`);
    expect(allMemories(box.dbPath).map((row) => [row.session_id, row.tool_name, row.content])).toEqual([
      [`sess-${major}`, 'Bash', 'npm test'],
    ]);
    const next = await runWith(
      node.path,
      join(installed.dir, 'dist', 'hooks', 'session-start.js'),
      sessionStart(box, `sess-${major}-next`),
      box.env,
    );
    expect(next.code).toBe(0);
    expect(next.stderr).toBe('');
    const context =
      (JSON.parse(next.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput
        ?.additionalContext ?? '';
    expect(context).toContain('<memory-context');
    expect(context).toContain('npm test');
    const search = spawnSync(join(installed.dir, 'bin', 'memory'), ['search', 'npm'], {
      env: box.env,
      encoding: 'utf8',
    });
    expect(search.status, search.stderr).toBe(0);
    expect(search.stdout).toContain('1 memory matches "npm"');
    expect(search.stdout).toContain('Bash/command');
    const doctor = spawnSync(join(installed.dir, 'bin', 'memory'), ['doctor'], { env: box.env, encoding: 'utf8' });
    expect(doctor.stdout).toMatch(/SQLite driver: better-sqlite3/);
  });

  it('falls back to node:sqlite without node_modules (no addon at all) and captures the same', async ({ skip }) => {
    const node = need(major);
    if (!node.ok) return skip(node.reason);
    const box = boxFor(node.path);
    await scriptedSession(node.path, bare, box, `sess-bare-${major}`);
    expect(allMemories(box.dbPath).map((row) => [row.session_id, row.content])).toEqual([
      [`sess-bare-${major}`, 'npm test'],
    ]);
    const next = await runWith(
      node.path,
      join(bare, 'dist', 'hooks', 'session-start.js'),
      sessionStart(box, `sess-bare-${major}-next`),
      box.env,
    );
    expect(next.stderr).toBe('');
    expect(next.stdout).toContain('npm test');
    const doctor = spawnSync(node.path, [join(bare, 'dist', 'commands', 'cli.js'), 'doctor'], {
      env: box.env,
      encoding: 'utf8',
    });
    expect(doctor.stdout).toMatch(/SQLite driver: node:sqlite/);
  });
});

describe('the ./install.sh runtime under another Node than the one its addon was built for', () => {
  it('captures through node:sqlite instead of stopping without a word', async ({ skip }) => {
    const own = process.versions.node.split('.')[0];
    const node = need(own === '24' ? 22 : 24);
    if (!node.ok) return skip(node.reason);
    // dist/runtime's addon was compiled for this process's Node (its ABI): another major cannot load it.
    expect(readdirSync(join(RUNTIME, 'node_modules', 'better-sqlite3', 'build', 'Release'))).toContain(
      'better_sqlite3.node',
    );
    const box = boxFor(node.path);
    await scriptedSession(node.path, RUNTIME, box, 'sess-abi');
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm test']);
  });

  it('stays off without a word where node:sqlite has no FTS5 (22.15), and tells the user to re-run ./install.sh once a day', async ({
    skip,
  }) => {
    const node = need('22.15');
    if (!node.ok) return skip(node.reason);
    if (node.path === process.execPath) return skip('dist/runtime was built for this very Node: its addon loads here');
    const box = boxFor(node.path);
    await scriptedSession(node.path, RUNTIME, box, 'sess-2215');
    const start = (id: string): Promise<RunResult> =>
      runWith(node.path, join(RUNTIME, 'dist', 'hooks', 'session-start.js'), sessionStart(box, id), box.env);
    const first = await start('sess-2215-b');
    expect(first.stderr).toBe('');
    expect((JSON.parse(first.stdout) as { systemMessage?: string }).systemMessage).toMatch(
      /^claude-memory-hooks records nothing: under Node v22\.15\.1, its SQLite addon \(better-sqlite3\) was built for another Node version, and Node's own node:sqlite lacks FTS5 .*run \.\/install\.sh again with this Node/,
    );
    expect((await start('sess-2215-c')).stdout).toBe('');
    expect(existsSync(box.dbPath)).toBe(false);
  });
});
