// Read-only works read-only: with ~/.claude (or the database file and its folder) read-only for an
// ordinary user, `memory search/show/--stats/ui/mcp` read, and SessionStart injects the block (its daily
// marker is best effort). A damaged file met by any command is one line naming `memory doctor`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, openSync, readdirSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CLI_SCRIPT, hookScript, IS_ROOT, runAsUser } from '../fault-helpers.js';
import { bashResponse, postToolUse, RUNTIME, runCli, sandbox, type Sandbox } from '../helpers.js';
import { login, rawRequest } from '../ui-helpers.js';

const AS_USER = IS_ROOT ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'] : [];

async function withMemories(box: Sandbox): Promise<void> {
  for (const command of ['npm ci', 'npm run build']) {
    const result = await runAsUser(hookScript('post-tool-use'), [], {
      env: box.env,
      cwd: box.project,
      home: box.home,
      stdin: postToolUse(box, 'Bash', { command }, bashResponse()),
    });
    expect(result.stderr).toBe('');
  }
}

const cli = (box: Sandbox, args: readonly string[]) =>
  runAsUser(CLI_SCRIPT, args, { env: box.env, cwd: box.project, home: box.home });

/** `memory ui` as the user: its address once it could open the database, then one API answer. */
async function uiSearch(box: Sandbox): Promise<string> {
  const [command, ...args] = [...AS_USER, process.execPath, CLI_SCRIPT, 'ui'];
  const child = spawn(command as string, args, { env: box.env, cwd: box.project, stdio: ['ignore', 'pipe', 'pipe'] });
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGINT');
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /^memory ui: (\S+)\n/.exec(stdout);
      if (match) resolve(match[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`memory ui exited (${code}): ${stderr}`)));
  });
  const port = Number(new URL(url).port);
  const cookie = await login({ url, port, origin: '', child, stop: async () => null, printed: stdout });
  const answer = await rawRequest(port, '/api/search?q=build', { cookie });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function mcpSearch(box: Sandbox): Promise<string> {
  const [command, ...args] = [...AS_USER, process.execPath, join(RUNTIME, 'dist', 'commands', 'cli.js'), 'mcp'];
  const client = new Client({ name: 'read-only-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: command as string, args, env: box.env, cwd: box.project, stderr: 'pipe' }),
  );
  onTestFinished(() => client.close());
  const result = await client.callTool({ name: 'search', arguments: { query: 'build' } });
  expect(result.isError).not.toBe(true);
  return (result.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
}

describe.each([
  ['a read-only ~/.claude', (box: Sandbox) => chmodSync(dirname(box.dbPath), 0o500)],
  [
    'a read-only database file in a read-only folder',
    (box: Sandbox) => {
      chmodSync(box.dbPath, 0o400);
      chmodSync(dirname(box.dbPath), 0o500);
    },
  ],
])(`with %s (${IS_ROOT ? 'dropped to nobody with setpriv' : 'as this user'})`, (_, lock) => {
  it('search, show and --stats read', async () => {
    const box = sandbox();
    await withMemories(box);
    lock(box);
    const search = await cli(box, ['search', 'build']);
    expect(search).toMatchObject({ code: 0, stderr: '' });
    expect(search.stdout).toMatch(/#2  just now  my-app  Bash\/command\n    npm run \S*build/);
    const show = await cli(box, ['show', '1']);
    expect(show).toMatchObject({ code: 0, stderr: '' });
    expect(show.stdout).toContain('npm ci');
    const stats = await cli(box, ['search', '--stats']);
    expect(stats).toMatchObject({ code: 0, stderr: '' });
    expect(stats.stdout).toMatch(/^Memories +2  in 1 session/m);
    // Nothing is left behind in the temp folder but Node 20's code cache (the compiled bundles, of this user's
    // own: lib/runtime/code-cache.ts), and the locked folder holds only what it did.
    expect(
      readdirSync(join(box.home, 'tmp')).filter((name) => !name.startsWith('claude-memory-hooks-code-cache-')),
    ).toEqual([]);
    expect(readdirSync(dirname(box.dbPath)).sort()).toEqual(['memory.db']);
  }, 60_000);

  it('SessionStart injects the block, though its daily marker cannot be written', async () => {
    const box = sandbox();
    await withMemories(box);
    lock(box);
    const start = await runAsUser(hookScript('session-start'), [], {
      env: box.env,
      cwd: box.project,
      home: box.home,
      stdin: { session_id: 'sess-ro', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' },
    });
    expect(start).toMatchObject({ code: 0, stderr: '' });
    const context = (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } })
      .hookSpecificOutput.additionalContext;
    expect(context).toContain('<memory-context project="my-app">');
  }, 60_000);

  it('memory ui and memory mcp read', async () => {
    const box = sandbox();
    await withMemories(box);
    lock(box);
    expect(await uiSearch(box)).toContain('npm run build');
    expect(await mcpSearch(box)).toContain('npm run build');
  }, 60_000);
});

describe('a damaged database met by any command', () => {
  it.each([
    ['search', ['search', 'npm']],
    ['show', ['show', '1']],
    ['forget', ['forget', '1']],
    ['stats', ['search', '--stats']],
  ])(
    '%s says so in one line naming memory doctor',
    async (_, args) => {
      const box = sandbox();
      await withMemories(box);
      // The header's magic string overwritten: SQLite says SQLITE_NOTADB.
      const fd = openSync(box.dbPath, 'r+');
      writeSync(fd, Buffer.alloc(16, 0xa5), 0, 16, 0);
      closeSync(fd);
      const result = await runCli(args, { env: box.env, cwd: box.project });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toBe(
        `memory: ${box.dbPath} is damaged (SQLITE_NOTADB: file is not a database); run memory doctor to see what can be recovered\n`,
      );
    },
    60_000,
  );
});
