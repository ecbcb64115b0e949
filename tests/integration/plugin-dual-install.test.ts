// The plugin and ./install.sh in one HOME: the same database, and exactly one of them captures and
// injects (./install.sh's, whose hooks sit in settings.json; the plugin's exit 0 at once without a
// word). `memory doctor` from either copy says so and how to remove the other; after
// ./install.sh --uninstall the plugin captures into the same database.
import { NODE_COMMAND, NODE_FLAGS } from '../../lib/runtime/executables.js';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allMemories, bashResponse, postToolUse, ROOT, type RunResult } from '../helpers.js';
import { installBox, runInstall, type InstallBox } from '../install-helpers.js';
import { nodeBinary, type NodeBinary } from '../../bench/node-binaries.js';

const PLUGIN = join(ROOT, 'plugin');
let node: NodeBinary = { ok: false, reason: 'not set up' };
beforeAll(() => {
  node = nodeBinary(22);
}, 900_000);

/** `sh -c COMMAND` with the event on stdin, as Claude Code runs a hook command. */
function runCommand(command: string, stdin: unknown, env: Record<string, string>, cwd: string): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('sh', ['-c', command], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(stdin));
  });
}

/** The command Claude Code runs for the plugin's hook, ${CLAUDE_PLUGIN_ROOT} filled in, with `nodePath` as `node`. */
const pluginHook = (nodePath: string, script: string): string =>
  `"${nodePath}" ${NODE_FLAGS.join(' ')} "${PLUGIN}/dist/hooks/${script}.js"`;
const runtimeHook = (box: InstallBox, script: string): string =>
  `${NODE_COMMAND} "${box.runtime}/dist/hooks/${script}.js"`;
const sessionStart = (box: InstallBox, sessionId: string): Record<string, unknown> => ({
  session_id: sessionId,
  transcript_path: join(box.home, 't.jsonl'),
  cwd: box.project,
  hook_event_name: 'SessionStart',
  source: 'startup',
});

/** Claude Code's record of an installed, enabled plugin (as 2.1.332 writes it). */
function markPluginInstalled(box: InstallBox): void {
  mkdirSync(join(box.claude, 'plugins'), { recursive: true });
  writeFileSync(
    join(box.claude, 'plugins', 'installed_plugins.json'),
    JSON.stringify({
      version: 2,
      plugins: { 'mem@claude-memory-hooks': [{ scope: 'user', installPath: PLUGIN, version: '0.1.0' }] },
    }),
  );
}

describe('plugin and ./install.sh together', () => {
  it('store every event once, inject once, and doctor names the copy that runs and how to remove the other', async ({
    skip,
  }) => {
    if (!node.ok) return skip(node.reason);
    const box = installBox();
    const installed = await runInstall(['--no-build'], box.env);
    expect(installed.code, installed.stderr).toBe(0);

    // Both copies get every event, in parallel, as Claude Code runs a plugin's hooks and settings.json's.
    for (const id of ['toolu_dual_1', 'toolu_dual_2']) {
      const event = postToolUse(box, 'Bash', { command: `npm test -- ${id}` }, bashResponse('ok'), { tool_use_id: id });
      const [plugin, runtime] = await Promise.all([
        runCommand(pluginHook(node.path, 'post-tool-use'), event, box.env, box.project),
        runCommand(runtimeHook(box, 'post-tool-use'), event, box.env, box.project),
      ]);
      for (const result of [plugin, runtime])
        expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
          code: 0,
          stdout: '',
          stderr: '',
        });
    }
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual([
      'npm test -- toolu_dual_1',
      'npm test -- toolu_dual_2',
    ]);
    // Only the plugin alone: it stays silent and stores nothing, since ./install.sh's hooks capture.
    const alone = await runCommand(
      pluginHook(node.path, 'post-tool-use'),
      postToolUse(box, 'Bash', { command: 'npm run lint' }, bashResponse('ok')),
      box.env,
      box.project,
    );
    expect({ code: alone.code, stdout: alone.stdout, stderr: alone.stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(allMemories(box.dbPath)).toHaveLength(2);

    const stop = {
      session_id: 'sess-1111',
      transcript_path: join(box.home, 'none.jsonl'),
      cwd: box.project,
      hook_event_name: 'Stop',
      stop_hook_active: false,
    };
    const stops = await Promise.all([
      runCommand(pluginHook(node.path, 'stop'), stop, box.env, box.project),
      runCommand(runtimeHook(box, 'stop'), stop, box.env, box.project),
    ]);
    for (const result of stops)
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
    const [pluginStart, runtimeStart] = await Promise.all([
      runCommand(pluginHook(node.path, 'session-start'), sessionStart(box, 's2'), box.env, box.project),
      runCommand(runtimeHook(box, 'session-start'), sessionStart(box, 's2'), box.env, box.project),
    ]);
    expect(pluginStart.stdout).toBe('');
    expect(runtimeStart.stdout).toContain('<memory-context');

    markPluginInstalled(box);
    const fromRuntime = spawnSync(box.launcher, ['doctor'], { env: box.env, encoding: 'utf8' });
    expect(fromRuntime.stdout).toContain(
      "both the plugin mem@claude-memory-hooks and ./install.sh's hooks are installed: ./install.sh's hooks capture and inject, the plugin's stay silent",
    );
    expect(fromRuntime.stdout).toContain('claude plugin uninstall mem@claude-memory-hooks');
    expect(fromRuntime.stdout).toContain('_install.js --uninstall');
    const pluginEnv = { ...box.env, PATH: `${join(node.path, '..')}:${box.env['PATH'] ?? ''}` };
    const fromPlugin = spawnSync(join(PLUGIN, 'bin', 'memory'), ['doctor'], { env: pluginEnv, encoding: 'utf8' });
    expect(fromPlugin.stdout).toContain("./install.sh's hooks capture and inject, the plugin's stay silent");
    expect(fromPlugin.stdout).not.toContain('hook runs');

    // ./install.sh removed: the plugin takes over, into the same database.
    const removed = await runInstall(['--uninstall'], box.env);
    expect(removed.code, removed.stderr).toBe(0);
    const after = await runCommand(
      pluginHook(node.path, 'post-tool-use'),
      postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse('ok')),
      box.env,
      box.project,
    );
    expect({ code: after.code, stdout: after.stdout, stderr: after.stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual([
      'npm test -- toolu_dual_1',
      'npm test -- toolu_dual_2',
      'npm run build',
    ]);
  });
});
