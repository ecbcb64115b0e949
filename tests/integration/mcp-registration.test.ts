// Registering `memory mcp` with Claude Code: the registration module in-process against a fake
// `claude` that records its arguments and keeps .claude.json as the real CLI does, then install.sh
// and --uninstall end to end, and memory doctor's view of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MCP_SERVER_NAME,
  manualAddCommand,
  ourEntry,
  registerMcpServer,
  unregisterMcpServer,
} from '../../lib/mcp/registration.js';
import { claudeCalls, fakeClaudeBin, userMcpServers } from '../fake-claude.js';
import { NODE_FLAGS } from '../../lib/runtime/executables.js';
import { runCli, tempDir } from '../helpers.js';
import { installBox, installInProcess, runInstall, type InstallBox } from '../install-helpers.js';

const RUNTIME = '/home/dev/.claude/hooks/memory';
const NODE = '/usr/local/bin/node';
const ENTRY = ourEntry(`${RUNTIME}/dist/commands/cli.js`, NODE);
const FLAGS = NODE_FLAGS.join(' ');
const ADD = [
  'mcp',
  'add',
  '--scope',
  'user',
  'memory-hooks',
  '--',
  NODE,
  ...NODE_FLAGS,
  `${RUNTIME}/dist/commands/cli.js`,
  'mcp',
];
const REMOVE = ['mcp', 'remove', '--scope', 'user', 'memory-hooks'];

function home(withClaude = true): { home: string; env: Record<string, string> } {
  const dir = tempDir();
  const path = withClaude ? `${fakeClaudeBin(join(dir, 'bin'))}:/usr/bin:/bin` : '/usr/bin:/bin';
  return { home: dir, env: { HOME: dir, PATH: path } };
}

function writeServers(dir: string, servers: Record<string, unknown>): void {
  writeFileSync(join(dir, '.claude.json'), JSON.stringify({ numStartups: 3, mcpServers: servers }, null, 2));
}

describe('MCP registration with the claude CLI', () => {
  it('adds the server in the user scope with this Node and the runtime CLI', () => {
    const { home: dir, env } = home();
    expect(registerMcpServer(ENTRY, env)).toEqual({
      action: 'added',
      detail: 'memory-hooks registered in the user scope',
    });
    expect(claudeCalls(dir)).toEqual([ADD]);
    expect(userMcpServers(dir)).toEqual({
      'memory-hooks': {
        type: 'stdio',
        command: NODE,
        args: [...NODE_FLAGS, `${RUNTIME}/dist/commands/cli.js`, 'mcp'],
        env: {},
      },
    });
  });

  it('is idempotent: an identical entry is left alone, without calling claude', () => {
    const { home: dir, env } = home();
    registerMcpServer(ENTRY, env);
    expect(registerMcpServer(ENTRY, env).action).toBe('unchanged');
    expect(claudeCalls(dir)).toEqual([ADD]);
  });

  it('replaces an older entry of ours (another Node, another runtime path) by remove + add', () => {
    const { home: dir, env } = home();
    writeServers(dir, {
      'memory-hooks': {
        type: 'stdio',
        command: '/old/node',
        args: ['/old/runtime/dist/commands/cli.js', 'mcp'],
        env: {},
      },
      other: { command: 'x', args: [] },
    });
    expect(registerMcpServer(ENTRY, env).action).toBe('updated');
    expect(claudeCalls(dir)).toEqual([REMOVE, ADD]);
    expect(Object.keys(userMcpServers(dir)).sort()).toEqual(['memory-hooks', 'other']);
  });

  it('never touches a server of the same name that is not ours', () => {
    const { home: dir, env } = home();
    writeServers(dir, {
      'memory-hooks': { type: 'stdio', command: 'npx', args: ['-y', 'some-other-memory'], env: {} },
    });
    expect(registerMcpServer(ENTRY, env)).toMatchObject({ action: 'foreign', command: manualAddCommand(ENTRY) });
    expect(unregisterMcpServer(env).action).toBe('foreign');
    expect(claudeCalls(dir)).toEqual([]);
  });

  it('without claude on PATH, gives the one command to run', () => {
    const { env } = home(false);
    expect(registerMcpServer(ENTRY, env)).toEqual({
      action: 'manual',
      detail: 'the claude CLI is not on PATH nor where Claude Code installs it',
      command: `claude mcp add --scope user memory-hooks -- ${NODE} ${FLAGS} ${RUNTIME}/dist/commands/cli.js mcp`,
    });
  });

  it.each([
    ['its local install, ~/.claude/local', (dir: string) => join(dir, '.claude', 'local')],
    ["the native installer's ~/.local/bin", (dir: string) => join(dir, '.local', 'bin')],
    [
      'the npm global prefix in ~/.npmrc',
      (dir: string) => {
        writeFileSync(join(dir, '.npmrc'), 'fund=false\nprefix=~/tools/npm\n');
        return join(dir, 'tools', 'npm', 'bin');
      },
    ],
    ['~/.npm-global/bin', (dir: string) => join(dir, '.npm-global', 'bin')],
  ])('finds claude in %s when it is not on PATH, and registers through it', (_, where) => {
    const { home: dir, env } = home(false);
    fakeClaudeBin(where(dir));
    expect(registerMcpServer(ENTRY, env).action).toBe('added');
    expect(claudeCalls(dir)).toEqual([ADD]);
    expect(unregisterMcpServer(env).action).toBe('removed');
  });

  it('gives the command with the path of a claude that is not on PATH, when it refuses', () => {
    const { home: dir, env } = home(false);
    const claude = join(fakeClaudeBin(join(dir, '.local', 'bin')), 'claude');
    expect(registerMcpServer(ENTRY, { ...env, FAKE_CLAUDE_FAIL: '1' })).toMatchObject({
      action: 'failed',
      command: manualAddCommand(ENTRY, claude),
    });
    expect(manualAddCommand(ENTRY, claude)).toBe(
      `${claude} mcp add --scope user memory-hooks -- ${NODE} ${FLAGS} ${RUNTIME}/dist/commands/cli.js mcp`,
    );
  });

  it('quotes paths with spaces in the printed command', () => {
    expect(manualAddCommand(ourEntry("/home/Jo O'Neil/.claude/hooks/memory/dist/commands/cli.js", NODE))).toBe(
      `claude mcp add --scope user memory-hooks -- ${NODE} ${FLAGS} '/home/Jo O'\\''Neil/.claude/hooks/memory/dist/commands/cli.js' mcp`,
    );
  });

  it('reports a refusing claude with the command to run by hand', () => {
    const { env } = home();
    expect(registerMcpServer(ENTRY, { ...env, FAKE_CLAUDE_FAIL: '1' })).toMatchObject({
      action: 'failed',
      detail: 'claude mcp add failed: fake claude: refusing on purpose',
      command: manualAddCommand(ENTRY),
    });
  });

  it('uninstall removes exactly our entry and keeps the others', () => {
    const { home: dir, env } = home();
    writeServers(dir, {
      'memory-hooks': { type: 'stdio', command: NODE, args: ENTRY.args, env: {} },
      github: { type: 'stdio', command: 'gh-mcp', args: [], env: {} },
    });
    expect(unregisterMcpServer(env).action).toBe('removed');
    expect(claudeCalls(dir)).toEqual([REMOVE]);
    expect(Object.keys(userMcpServers(dir))).toEqual(['github']);
    expect(unregisterMcpServer(env).action).toBe('not-registered');
    expect(claudeCalls(dir)).toEqual([REMOVE]);
  });
});

async function install(
  box: InstallBox,
  args: readonly string[] = [],
  env: Record<string, string> = box.env,
): Promise<{ stdout: string; stderr: string }> {
  const result = await runInstall(['--no-build', ...args], env);
  expect(result.code).toBe(0);
  return { stdout: result.stdout, stderr: result.stderr.replace(/^! .* is not on your PATH.*\n/m, '') };
}

describe('install.sh and the MCP server', () => {
  it('registers memory mcp once, the registered command serves, doctor checks it, and --uninstall removes exactly it', async () => {
    const box = installBox();
    writeServers(box.home, { github: { type: 'stdio', command: 'gh-mcp', args: [], env: {} } });
    const first = await install(box);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain(
      '✓ MCP server memory-hooks registered with Claude Code (user scope): tools search, get, sessions, stats',
    );
    const registered = userMcpServers(box.home)[MCP_SERVER_NAME];
    expect(registered).toEqual({
      type: 'stdio',
      command: process.execPath,
      args: [...NODE_FLAGS, `${box.runtime}/dist/commands/cli.js`, 'mcp'],
      env: {},
    });
    expect(claudeCalls(box.home)).toEqual([
      [
        'mcp',
        'add',
        '--scope',
        'user',
        'memory-hooks',
        '--',
        process.execPath,
        ...NODE_FLAGS,
        `${box.runtime}/dist/commands/cli.js`,
        'mcp',
      ],
    ]);

    const again = await install(box);
    expect(again.stdout).toContain('✓ MCP server memory-hooks already registered with Claude Code');
    expect(claudeCalls(box.home)).toHaveLength(1);

    const doctor = await runCli(['doctor'], {
      env: { ...box.env, PATH: `${dirname(box.launcher)}:${box.env['PATH'] ?? ''}` },
      cwd: box.project,
    });
    expect(doctor.stdout).toContain(
      `mcp server\n  ✓ MCP server memory-hooks registered in the user scope: ${process.execPath} ${FLAGS} ${box.runtime}/dist/commands/cli.js mcp\n  ✓ MCP server starts, answers initialize (v0.1.0) and lists search, get, sessions, stats\n`,
    );
    expect(doctor.code).toBe(0);

    const uninstall = await runInstall(['--uninstall'], box.env);
    expect(uninstall.code).toBe(0);
    expect(uninstall.stdout).toContain('✓ removed MCP server memory-hooks from Claude Code');
    expect(claudeCalls(box.home).at(-1)).toEqual(['mcp', 'remove', '--scope', 'user', 'memory-hooks']);
    expect(Object.keys(userMcpServers(box.home))).toEqual(['github']);
    expect(JSON.parse(readFileSync(join(box.home, '.claude.json'), 'utf8'))).toMatchObject({ numStartups: 3 });
  }, 300_000);

  it('without claude on PATH, prints the command to run and doctor points at it', async () => {
    const box = installBox();
    const env = {
      ...box.env,
      PATH: (box.env['PATH'] ?? '')
        .split(':')
        .filter((dir) => !dir.endsWith('fake-bin'))
        .join(':'),
    };
    const { stderr } = await install(box, [], env);
    const command = `claude mcp add --scope user memory-hooks -- ${process.execPath} ${FLAGS} ${box.runtime}/dist/commands/cli.js mcp`;
    expect(stderr).toBe(
      `! MCP server memory-hooks: the claude CLI is not on PATH nor where Claude Code installs it. Run:\n    ${command}\n`,
    );
    expect(userMcpServers(box.home)).toEqual({});
    const doctor = await runCli(['doctor'], {
      env: { ...env, PATH: `${dirname(box.launcher)}:${env['PATH'] ?? ''}` },
      cwd: box.project,
    });
    expect(doctor.stdout).toContain(
      `  ! MCP server memory-hooks is not registered with Claude Code (${box.home}/.claude.json): the model cannot search memory mid-session\n    fix: run: ${command}`,
    );
    expect(doctor.stdout).toContain('  ✓ MCP server starts, answers initialize');
    expect(doctor.code).toBe(0);
  }, 180_000);

  it('doctor fails when the registered command no longer starts', async () => {
    const box = installBox();
    installInProcess(box); // what is judged here is doctor, not how install.sh got there
    writeServers(box.home, {
      'memory-hooks': {
        type: 'stdio',
        command: process.execPath,
        args: [`${box.runtime}/dist/commands/cli.js`, 'mcp', '--no-such-flag'],
        env: {},
      },
    });
    // Not ours any more (extra argument): reported, not run.
    let doctor = await runCli(['doctor'], { env: box.env, cwd: box.project });
    expect(doctor.stdout).toContain('  ! an MCP server named memory-hooks is registered but runs something else');
    writeServers(box.home, {
      'memory-hooks': {
        type: 'stdio',
        command: '/nonexistent/node',
        args: [`${box.runtime}/dist/commands/cli.js`, 'mcp'],
        env: {},
      },
    });
    doctor = await runCli(['doctor'], { env: box.env, cwd: box.project });
    expect(doctor.stdout).toContain('  ✗ MCP server does not start: /nonexistent/node does not exist');
    expect(doctor.code).toBe(1);
  }, 180_000);
});
