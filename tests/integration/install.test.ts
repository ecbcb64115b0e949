// install.sh end to end in a temp HOME, from this built checkout (--no-build; the full npm ci +
// build path runs in .ci/run): what it registers, that the registered commands really run, that
// it is idempotent, that it never damages settings.json, and that --uninstall undoes exactly it.
// Tests that only read an installation share one; the others install their own, through install.sh
// where the script is the subject (its flags, its bootstrap, what it prints, concurrency, a real
// EROFS), else in this process with the same lib/install/ code install.sh hands over to.
import { NODE_COMMAND } from '../../lib/runtime/executables.js';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { MemoryStore } from '../../lib/db/memories.js';
import { openDb } from '../../lib/db/open.js';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { expectDocSample, installShown, terminal } from '../doc-samples.js';
import { allMemories, openForRead, postToolUse, postToolUseFailure, ROOT, tempDir } from '../helpers.js';
import {
  commandFor,
  installBox,
  installInProcess,
  ourEntries,
  runInstall,
  runShell,
  uninstallInProcess,
  useSharedInstall,
  withOwnDb,
  type InstallBox,
} from '../install-helpers.js';

// A hang limit, not a speed target: some tests here copy the 5 MB runtime two or three times.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const shared = useSharedInstall();

async function installed(box: InstallBox, args: readonly string[] = []): Promise<string> {
  const result = await runInstall(['--no-build', ...args], box.env);
  expect(result.stderr.replace(/^! .* is not on your PATH.*\n/m, ''), 'stderr').toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

/** The installer in this process (what install.sh hands over to), expected to refuse: its one message. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the installer did not refuse');
}

/** Every file and folder under `root`, relative to it, sorted. */
function listTree(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).sort();
}

function backups(box: InstallBox): string[] {
  return readdirSync(box.claude).filter((name) => name.startsWith('settings.json.bak-'));
}

const USER_SETTINGS = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'] },
  env: { FOO: 'bar' },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/guard.sh' }] }],
    PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'prettier --write "$FILE"' }] }],
  },
  statusLine: { type: 'command', command: '~/bin/status.sh' },
};

function writeUserSettings(box: InstallBox, value: unknown = USER_SETTINGS): string {
  mkdirSync(box.claude, { recursive: true });
  const text = `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync(box.settings, text);
  return text;
}

describe('install.sh', () => {
  it('installs hooks, the /mem command, the launcher and a self-contained runtime on a fresh HOME', () => {
    const { box, stdout } = shared();
    expect(stdout.split('\n')[0]).toBe(`claude-memory-hooks: installing into ${box.claude} (Node ${process.version})`);

    const entries = ourEntries(box.settings, box.runtime);
    expect(entries.map((entry) => [entry.event, entry.matcher, entry.handler])).toEqual([
      [
        'SessionStart',
        'startup|resume|clear|compact',
        { type: 'command', command: `${NODE_COMMAND} "${box.runtime}/dist/hooks/session-start.js"`, timeout: 10 },
      ],
      [
        'PostToolUse',
        'Edit|Write|Bash|NotebookEdit',
        {
          type: 'command',
          command: `${NODE_COMMAND} "${box.runtime}/dist/hooks/post-tool-use.js"`,
          async: true,
          timeout: 30,
        },
      ],
      [
        'PostToolUseFailure',
        'Edit|Write|Bash|NotebookEdit',
        {
          type: 'command',
          command: `${NODE_COMMAND} "${box.runtime}/dist/hooks/post-tool-use.js"`,
          async: true,
          timeout: 30,
        },
      ],
      [
        'Stop',
        undefined,
        { type: 'command', command: `${NODE_COMMAND} "${box.runtime}/dist/hooks/stop.js"`, timeout: 10 },
      ],
      [
        'UserPromptSubmit',
        undefined,
        { type: 'command', command: `${NODE_COMMAND} "${box.runtime}/dist/hooks/user-prompt-submit.js"`, timeout: 5 },
      ],
    ]);
    expect(existsSync(join(box.claude, 'commands', 'mem.md'))).toBe(true);
    expect(existsSync(join(box.claude, 'commands', 'memory.md'))).toBe(false);
    expect(statSync(box.launcher).mode & 0o111).not.toBe(0);
    // Each executable of lib/runtime/executables.ts: its start file and its bundle; of npm packages only
    // better-sqlite3 with what finds its addon (a native addon is never bundled).
    expect(readdirSync(join(box.runtime, 'node_modules')).sort()).toEqual([
      'better-sqlite3',
      'bindings',
      'file-uri-to-path',
    ]);
    expect(readdirSync(join(box.runtime, 'node_modules', 'better-sqlite3', 'build', 'Release'))).toEqual([
      'better_sqlite3.node',
    ]);
    expect(readdirSync(join(box.runtime, 'dist')).sort()).toEqual(['commands', 'hooks', 'web']);
    const startAndBundle = (names: string[]) => names.flatMap((name) => [`${name}.js`, `${name}.main.js`]).sort();
    expect(readdirSync(join(box.runtime, 'dist', 'hooks')).sort()).toEqual(
      startAndBundle(['_cleanup', 'session-start', 'stop', 'post-tool-use', 'user-prompt-submit']),
    );
    expect(readdirSync(join(box.runtime, 'dist', 'commands')).sort()).toEqual(
      startAndBundle(['_install', '_slash', 'cli', 'mcp-server']),
    );
    // `memory ui` serves its page from the runtime copy: the bundle travels with it.
    expect(readdirSync(join(box.runtime, 'dist', 'web')).sort()).toEqual(['main.css', 'main.js']);
    expect(stdout).toContain(`✓ runtime copied to ${box.runtime}`);
    expect(stdout).toContain('✓ slash command /mem');
    expect(stdout).toContain(`✓ launcher ${box.launcher}`);
    expect(stdout).not.toContain("'memory import' backfills"); // no transcripts on a fresh HOME: nothing to backfill
    expect(backups(box)).toEqual([]); // there was no settings.json to back up
    expectDocSample('install', installShown(box.home, stdout));
  });

  it('registers commands that really run from settings.json: capture, failure, summary, context', async () => {
    const box = withOwnDb(shared().box);
    const entries = ourEntries(box.settings, box.runtime);
    const run = (event: string, payload: unknown) =>
      runShell(commandFor(entries, event), [], box.env, JSON.stringify(payload), box.project);

    const file = join(box.project, 'src', 'auth.ts');
    const edit = await run(
      'PostToolUse',
      postToolUse(
        box,
        'Edit',
        { file_path: file, old_string: 'expiresIn: "1h"', new_string: 'expiresIn: "15m"' },
        {
          filePath: file,
          oldString: 'expiresIn: "1h"',
          newString: 'expiresIn: "15m"',
          originalFile: 'expiresIn: "1h"\n',
          structuredPatch: [],
          userModified: false,
          replaceAll: false,
        },
      ),
    );
    expect(edit).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const failure = await run(
      'PostToolUseFailure',
      postToolUseFailure(box, 'Bash', { command: 'npm test' }, 'Exit code 1\nFAIL src/auth.test.ts'),
    );
    expect(failure).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(allMemories(box.dbPath).map((row) => [row.type, row.tool_name])).toEqual([
      ['file_edit', 'Edit'],
      ['error', 'Bash'],
    ]);

    const stop = await run('Stop', {
      session_id: 'sess-1111',
      transcript_path: '/x.jsonl',
      cwd: box.project,
      hook_event_name: 'Stop',
      stop_hook_active: false,
    });
    expect(stop).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(openForRead(box.dbPath).prepare('SELECT count(*) AS n FROM session_summaries').get()).toEqual({ n: 1 });

    const start = await run('SessionStart', {
      session_id: 'sess-2222',
      transcript_path: '/y.jsonl',
      cwd: box.project,
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    expect(start.code).toBe(0);
    const context = (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } })
      .hookSpecificOutput.additionalContext;
    expect(context).toContain('<memory-context project="my-app">');
    expect(context).toContain('auth.ts');
  });

  it('keeps working after the checkout is gone: the launcher runs the runtime copy', async () => {
    const { box } = shared();
    const launcherText = readFileSync(box.launcher, 'utf8');
    expect(launcherText).toContain(`exec ${NODE_COMMAND} '${box.runtime}/dist/commands/cli.js' "$@"`);
    expect(launcherText).not.toContain(process.cwd());
    const help = await runShell(`"${box.launcher}" --help`, [], box.env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('doctor');
    const version = await runShell(`"${box.launcher}" --version`, [], box.env);
    const { version: expected } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version).toMatchObject({ code: 0, stdout: `${expected}\n`, stderr: '' });
  });

  it('is idempotent: a second run changes nothing in settings.json and duplicates nothing', () => {
    const box = installBox();
    writeUserSettings(box);
    installInProcess(box);
    const first = readFileSync(box.settings, 'utf8');
    const firstBackups = backups(box);
    const again = installInProcess(box);
    expect(readFileSync(box.settings, 'utf8')).toBe(first);
    expect(again).toContain(`✓ ${box.settings}: hooks already up to date`);
    expect(backups(box)).toEqual(firstBackups);
    expect(ourEntries(box.settings, box.runtime)).toHaveLength(5);
    expect(readdirSync(join(box.claude, 'commands'))).toEqual(['mem.md']);
    expect(readdirSync(join(box.claude, 'hooks'))).toEqual(['memory']); // no stage or old copy left behind
  });

  it('keeps every other key and hook, backs up the original, and keeps the file mode', () => {
    const box = installBox();
    const original = writeUserSettings(box);
    chmodSync(box.settings, 0o600);
    const stdout = installInProcess(box).join('\n');

    const after = JSON.parse(readFileSync(box.settings, 'utf8')) as typeof USER_SETTINGS & {
      hooks: Record<string, unknown[]>;
    };
    expect(Object.keys(after)).toEqual(['model', 'permissions', 'env', 'hooks', 'statusLine']);
    expect({ ...after, hooks: undefined }).toEqual({ ...USER_SETTINGS, hooks: undefined });
    expect(after.hooks['PreToolUse']).toEqual(USER_SETTINGS.hooks.PreToolUse);
    expect(after.hooks['PostToolUse']?.[0]).toEqual(USER_SETTINGS.hooks.PostToolUse[0]);
    expect(after.hooks['PostToolUse']).toHaveLength(2);
    expect(statSync(box.settings).mode & 0o777).toBe(0o600);
    const [backup] = backups(box);
    expect(backup).toBeDefined();
    expect(readFileSync(join(box.claude, backup as string), 'utf8')).toBe(original);
    expect(stdout).toContain(`(backup: ${join(box.claude, backup as string)})`);
  });

  it('edits the target of a symlinked settings.json and keeps the link', () => {
    const box = installBox();
    const dotfiles = join(box.home, 'dotfiles');
    mkdirSync(dotfiles);
    mkdirSync(box.claude);
    writeFileSync(join(dotfiles, 'settings.json'), '{}\n');
    symlinkSync(join(dotfiles, 'settings.json'), box.settings);
    installInProcess(box);
    expect(lstatSync(box.settings).isSymbolicLink()).toBe(true);
    expect(ourEntries(join(dotfiles, 'settings.json'), box.runtime)).toHaveLength(5);
  });

  it.each([
    ['broken JSON', '{ "model": "opus", "hooks": { ', 'is not valid JSON'],
    ['a JSON array', '[]\n', 'is not a JSON object'],
    ['hooks that is not an object', '{ "hooks": [] }\n', 'has a "hooks" value that is not an object'],
    ['an event that is not an array', '{ "hooks": { "Stop": {} } }\n', 'has a "hooks.Stop" value that is not an array'],
  ])('refuses a settings.json with %s and changes nothing at all', (_name, text, reason) => {
    // In this process: how install.sh prints a refusal (`install.sh: …`, exit 1) is tested below (0444).
    const box = installBox();
    mkdirSync(box.claude);
    writeFileSync(box.settings, text);
    const message = refusal(() => installInProcess(box));
    expect(message).toContain(`${box.settings} ${reason}`);
    expect(message).toContain('nothing was changed');
    expect(readFileSync(box.settings, 'utf8')).toBe(text);
    expect(readdirSync(box.claude)).toEqual(['settings.json']);
    expect(existsSync(join(box.home, '.local'))).toBe(false);
  });

  it('refuses to overwrite a slash command or launcher it did not write', () => {
    const box = installBox();
    mkdirSync(join(box.claude, 'commands'), { recursive: true });
    writeFileSync(join(box.claude, 'commands', 'mem.md'), 'my own command\n');
    expect(refusal(() => installInProcess(box))).toContain(
      'mem.md already exists and was not installed by claude-memory-hooks; pick another name with --command-name NAME',
    );
    expect(existsSync(box.runtime)).toBe(false);

    const bin = join(box.home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'memory'), '#!/bin/sh\necho mine\n');
    expect(refusal(() => installInProcess(box, { commandName: 'recall', binDir: bin }))).toContain(
      `${bin}/memory already exists and is not our launcher`,
    );
    expect(readFileSync(join(bin, 'memory'), 'utf8')).toBe('#!/bin/sh\necho mine\n');
    expect(existsSync(box.settings)).toBe(false);
  });

  it('installs the command under --command-name and the launcher under --bin-dir, warning when it is off PATH', async () => {
    const box = installBox();
    installInProcess(box);
    const bin = join(box.home, 'tools');
    const result = await runInstall(['--no-build', '--command-name', 'memory', '--bin-dir', bin], box.env);
    expect(result.code).toBe(0);
    expect(readdirSync(join(box.claude, 'commands'))).toEqual(['memory.md']); // the old /mem is gone
    expect(result.stdout).toContain(`✓ removed slash command /mem`);
    expect(existsSync(join(bin, 'memory'))).toBe(true);
    expect(existsSync(box.launcher)).toBe(false); // the launcher moved: the old one is gone
    expect(result.stdout).toContain(`✓ removed launcher ${box.launcher}`);
    expect(result.stderr).toContain(`! ${bin} is not on your PATH`);

    const onPath = await runInstall(['--no-build', '--bin-dir', bin], {
      ...box.env,
      PATH: `${bin}:${box.env['PATH'] ?? ''}`,
    });
    expect(onPath.code).toBe(0);
    expect(onPath.stderr).toBe('');
  });

  it('stops with a clear message when Node is older than 20', async () => {
    const box = installBox();
    const fakeBin = tempDir();
    writeFileSync(join(fakeBin, 'node'), '#!/bin/sh\necho 18.19.0\n', { mode: 0o755 });
    const result = await runInstall(['--no-build'], { ...box.env, PATH: `${fakeBin}:/usr/bin:/bin` });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'install.sh: Node.js 20.16 or newer is required (found v18.19.0). Install a newer Node, then run ./install.sh again.\n',
    );
    expect(existsSync(box.claude)).toBe(false);
  });

  it.each([
    [['--bogus'], 'install.sh: unknown option: --bogus'],
    [['--purge'], 'install.sh: --purge only goes with --uninstall'],
    [['--command-name', '../x'], "install.sh: --command-name takes letters, digits, '-' and '_' (got '../x')"],
  ])('rejects bad flags %j with one line and exit 1', async (args, message) => {
    const box = installBox();
    const result = await runInstall(['--no-build', ...args], box.env);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe(message);
    expect(result.stderr.split('\n')[1]).toBe("Run './install.sh --help' for the options.");
    expect(existsSync(box.claude)).toBe(false);
  });

  it('--import runs memory import at the end', async () => {
    const box = installBox();
    const result = await runInstall(['--no-build', '--import'], box.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Running memory import (backfills past sessions from transcripts)…');
    expect(result.stdout).not.toContain("'memory import' backfills");
  });

  it('--import that fails does not fail the install', async () => {
    const box = installBox();
    mkdirSync(join(box.claude, 'projects'), { recursive: true });
    cpSync(
      join(ROOT, 'tests', 'fixtures', 'transcripts', 'projects', '-home-dev-api'),
      join(box.claude, 'projects', '-home-dev-api'),
      { recursive: true },
    );
    writeFileSync(join(box.home, 'not-a-dir'), '');
    const result = await runInstall(['--no-build', '--import'], {
      ...box.env,
      CLAUDE_MEMORY_DB: join(box.home, 'not-a-dir', 'memory.db'),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "! memory import failed (exit 1); the installation itself is complete — run 'memory import' again later",
    );
    expect(ourEntries(box.settings, box.runtime)).toHaveLength(5);
  });

  it('prints --help and exits 0', async () => {
    const box = installBox();
    const result = await runInstall(['--help'], box.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--command-name NAME');
    expect(result.stdout).toContain('--uninstall');
  });
});

describe('install.sh --uninstall', () => {
  // Installed and uninstalled through ./install.sh end to end; the tests below that only judge what
  // the uninstall leaves call it in-process (the same lib/install/ code _install.js runs).
  it('removes exactly what it added and keeps the database', async () => {
    const box = installBox();
    const original = writeUserSettings(box);
    await installed(box, ['--command-name', 'recall']);
    const entries = ourEntries(box.settings, box.runtime);
    await runShell(
      commandFor(entries, 'PostToolUse'),
      [],
      box.env,
      JSON.stringify(
        postToolUse(box, 'Bash', { command: 'npm run build' }, { stdout: 'built', stderr: '', interrupted: false }),
      ),
      box.project,
    );
    expect(allMemories(box.dbPath)).toHaveLength(1);

    const result = await runInstall(['--uninstall'], box.env);
    expect(result.code).toBe(0);
    expect(readFileSync(box.settings, 'utf8')).toBe(original);
    expect(existsSync(join(box.claude, 'commands', 'recall.md'))).toBe(false);
    expect(existsSync(box.launcher)).toBe(false);
    expect(existsSync(join(box.claude, 'hooks'))).toBe(false);
    expect(allMemories(box.dbPath)).toHaveLength(1);
    expect(result.stdout).toContain(`✓ kept the database ${box.dbPath} (delete it with --uninstall --purge)`);
    expectDocSample('uninstall', installShown(box.home, terminal([['./install.sh --uninstall', result]])));
  });

  it('leaves settings.json without a hooks key when only ours were there', async () => {
    const box = installBox();
    writeUserSettings(box, { model: 'opus' });
    installInProcess(box);
    uninstallInProcess(box);
    expect(JSON.parse(readFileSync(box.settings, 'utf8'))).toEqual({ model: 'opus' });
  });

  it('leaves a fresh HOME as it found it: no settings.json and no empty folders of its own', async () => {
    const box = installBox();
    // What the fake `claude` keeps (Claude Code's own config and a call log) is not ours to judge.
    const tree = () => listTree(box.home).filter((path) => !/^(\.claude\.json|claude-calls\.jsonl)$/.test(path));
    const before = tree();
    installInProcess(box);
    installInProcess(box, { commandName: 'recall' });
    expect(tree()).toEqual(
      expect.arrayContaining(['.claude/settings.json', '.claude/commands/recall.md', '.local/bin/memory']),
    );
    const lines = uninstallInProcess(box);
    expect(lines).toContain(`✓ removed ${box.settings} (the install had created it, and nothing else is in it)`);
    expect(tree()).toEqual(before);
  });

  it('keeps a settings.json it created once someone else put a setting in it, and a folder with a file of yours', async () => {
    const box = installBox();
    installInProcess(box);
    const withModel = readFileSync(box.settings, 'utf8').replace('{', '{\n  "model": "opus",');
    writeFileSync(box.settings, withModel);
    writeFileSync(join(box.claude, 'commands', 'mine.md'), 'my own command');
    uninstallInProcess(box);
    expect(JSON.parse(readFileSync(box.settings, 'utf8'))).toEqual({ model: 'opus' });
    expect(readdirSync(join(box.claude, 'commands'))).toEqual(['mine.md']);
    expect(existsSync(join(box.home, '.local', 'bin'))).toBe(false);
  });

  it('keeps only the newest settings.json backup, and files that merely look like one', async () => {
    const box = installBox();
    writeUserSettings(box);
    for (const name of [
      'settings.json.bak-20200101T000000Z',
      'settings.json.bak-20200101T000000Z-2',
      'settings.json.bak-mine',
    ]) {
      writeFileSync(join(box.claude, name), '{}');
    }
    installInProcess(box);
    const [installBackup, ...others] = backups(box).filter((name) => name !== 'settings.json.bak-mine');
    expect(others).toEqual([]);
    expect(installBackup).toMatch(/^settings\.json\.bak-2\d{7}T\d{6}Z(-\d+)?$/);
    expect(installBackup).not.toMatch(/^settings\.json\.bak-2020/);
    uninstallInProcess(box);
    const left = backups(box);
    expect(left).toHaveLength(2);
    expect(left).toContain('settings.json.bak-mine');
    // The one left is the uninstall's own, of the file with our hooks in it.
    const [last] = left.filter((name) => name !== 'settings.json.bak-mine');
    expect(readFileSync(join(box.claude, last as string), 'utf8')).toContain(`${box.runtime}/dist/hooks/`);
  });

  it('--purge also deletes the database, its -wal and -shm files and the cleanup marker (and the ~/.claude it made)', async () => {
    const box = installBox();
    installInProcess(box);
    const entries = ourEntries(box.settings, box.runtime);
    await runShell(
      commandFor(entries, 'PostToolUse'),
      [],
      box.env,
      JSON.stringify(
        postToolUse(box, 'Bash', { command: 'npm run build' }, { stdout: 'built', stderr: '', interrupted: false }),
      ),
      box.project,
    );
    for (const suffix of ['-wal', '-shm', '.last-cleanup']) writeFileSync(`${box.dbPath}${suffix}`, '');
    const lines = uninstallInProcess(box, { purge: true });
    expect(lines).toContain(`✓ deleted ${box.dbPath}`);
    // The install made ~/.claude on this fresh HOME: with the database gone, nothing is left in it.
    expect(existsSync(box.claude)).toBe(false);
  });

  it('refuses invalid settings on uninstall too, leaving the runtime in place', () => {
    const box = installBox();
    installInProcess(box);
    writeFileSync(box.settings, '{ oops');
    expect(refusal(() => uninstallInProcess(box))).toContain('is not valid JSON');
    expect(existsSync(box.runtime)).toBe(true);
    expect(existsSync(box.launcher)).toBe(true);
  });
});

describe('the installed slash command', () => {
  /** What Claude Code does: splice $ARGUMENTS in textually, then run each ```! block with bash. */
  async function invoke(box: InstallBox, argumentText: string): Promise<{ code: number | null; output: string }[]> {
    const text = readFileSync(join(box.claude, 'commands', 'mem.md'), 'utf8').replaceAll(
      '$ARGUMENTS',
      () => argumentText,
    );
    const runs = [];
    for (const match of text.matchAll(/```!\s*\n?([\s\S]*?)\n?```/g)) {
      const result = await runShell(match[1] as string, [], box.env, undefined, box.project);
      runs.push({ code: result.code, output: result.stdout });
    }
    return runs;
  }

  it('declares a permission rule for exactly the command it runs', () => {
    const { box } = shared();
    const text = readFileSync(join(box.claude, 'commands', 'mem.md'), 'utf8');
    const helper = `${box.runtime}/dist/commands/_slash.js`;
    expect(text).toContain(`allowed-tools: Bash(${helper}:*)\n`);
    expect(text).toMatch(
      new RegExp(
        `\\n\`\`\`!\\n${helper.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} <<'CLAUDE_MEMORY_ARGS_[0-9a-f]{12}'\\n\\$ARGUMENTS\\nCLAUDE_MEMORY_ARGS_[0-9a-f]{12}\\n\`\`\`\\n`,
      ),
    );
  });

  it.each([
    ['JWT 인증', '$ memory search JWT 인증'],
    ['--recent', '$ memory search --recent'],
    ['', '$ memory search --recent'],
    ['"refresh token" --since 7d', "$ memory search 'refresh token' --since 7d"],
  ])('runs `memory search` with %j as words', async (argumentText, header) => {
    const box = withOwnDb(shared().box);
    const [run] = await invoke(box, argumentText);
    expect(run?.code).toBe(0);
    expect(run?.output.split('\n')[0]).toBe(header);
  });

  it.each([
    ["it's'; touch PWNED; echo '"],
    ['$(touch PWNED)'],
    ['`touch PWNED`'],
    ['x\nCLAUDE_MEMORY_ARGS_000000000000\ntouch PWNED'],
  ])('never executes argument text %j', async (argumentText) => {
    const box = withOwnDb(shared().box);
    const runs = await invoke(box, argumentText);
    for (const run of runs) expect(run.code).toBe(0);
    expect(existsSync(join(box.project, 'PWNED'))).toBe(false);
  });

  it('exits 0 and shows the error when there is nothing to search yet', async () => {
    const box = withOwnDb(shared().box);
    const [run] = await invoke(box, 'anything');
    expect(run?.code).toBe(0);
    expect(run?.output).toContain('no memory database');
  });
});

describe('the backfill hint', () => {
  const HINT = "Sessions before today are not in the database yet: 'memory import' backfills them";
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);

  /** A transcript Claude Code wrote three days ago. */
  function olderTranscript(box: InstallBox): void {
    const dir = join(box.claude, 'projects', '-work-my-app');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, '11111111-2222-4333-8444-555555555555.jsonl');
    writeFileSync(path, '{}\n');
    utimesSync(path, threeDaysAgo, threeDaysAgo);
  }

  it('is printed when Claude Code holds older sessions and the database nothing older than today', async () => {
    const box = installBox();
    olderTranscript(box);
    expect(await installed(box)).toContain(HINT);
  });

  it('is not printed on a fresh HOME, where there is nothing to backfill', async () => {
    expect(await installed(installBox())).not.toContain(HINT);
  });

  it('is not printed once the database holds sessions from before today (imported or captured)', async () => {
    const box = installBox();
    olderTranscript(box);
    await installed(box);
    const db = openDb(box.dbPath, { create: true });
    if (!db) throw new Error('no database');
    new MemoryStore(db).insert(
      {
        sessionId: '11111111-2222-4333-8444-555555555555',
        toolName: 'Bash',
        type: 'command',
        project: 'my-app',
        projectPath: '/work/my-app',
        filePath: null,
        content: 'npm test',
        tags: 'bash',
        importance: 1,
        createdAt: threeDaysAgo.toISOString(),
        toolUseId: null,
        agentId: null,
        exitCode: null,
        source: 'import',
      },
      60,
    );
    db.close();
    expect(await installed(box)).not.toContain(HINT);
  });
});

describe('install.sh run again', () => {
  it('builds again only when the sources or package-lock.json changed', async () => {
    const box = installBox();
    // A checkout of its own: the sources copied, this checkout's node_modules and built dist/ linked in.
    const checkout = join(box.home, 'checkout');
    for (const entry of [
      'hooks',
      'commands',
      'lib',
      'web',
      'scripts',
      'bench',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'install.sh',
    ])
      cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
    mkdirSync(join(checkout, 'dist'));
    // Not the record of what was built: an ./install.sh run in this checkout leaves one, and this checkout's
    // first install must build.
    for (const entry of readdirSync(join(ROOT, 'dist')).filter((name) => name !== '.build-inputs'))
      symlinkSync(join(ROOT, 'dist', entry), join(checkout, 'dist', entry));
    // npm, faked: it records what it was asked and succeeds (`npm ls` agrees; ci and the build do nothing).
    const bin = join(box.home, 'npm-bin');
    const log = join(box.home, 'npm.log');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$*" >> '${log}'\n`, { mode: 0o755 });
    const env = { ...box.env, PATH: `${bin}:${box.env['PATH'] ?? ''}` };
    const builds = async (): Promise<number> => {
      const result = await runInstall([], env, join(checkout, 'install.sh'));
      expect(result.code, result.stderr).toBe(0);
      return readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line === 'run build').length;
    };

    expect(await builds()).toBe(1);
    const again = await runInstall([], env, join(checkout, 'install.sh'));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      '✓ build up to date with the sources and package-lock.json (npm run build skipped)\n',
    );
    expect(await builds()).toBe(1);
    appendFileSync(join(checkout, 'lib', 'text', 'bounded.ts'), '\n');
    expect(await builds()).toBe(2);
    expect(await builds()).toBe(2);
    appendFileSync(join(checkout, 'package-lock.json'), '\n');
    expect(await builds()).toBe(3);
  });
});

describe('install.sh and what it must not touch', () => {
  it('keeps every byte of settings.json it does not own: big integers, 1.0, 1e2, CRLF', () => {
    const box = installBox();
    mkdirSync(box.claude, { recursive: true });
    const original =
      '{\r\n  "seed": 12345678901234567890,\r\n  "temperature": 1.0,\r\n  "limit": 1e2,\r\n  "model": "opus"\r\n}\r\n';
    writeFileSync(box.settings, original);
    installInProcess(box);
    const after = readFileSync(box.settings, 'utf8');
    expect(
      after.startsWith(
        '{\r\n  "seed": 12345678901234567890,\r\n  "temperature": 1.0,\r\n  "limit": 1e2,\r\n  "model": "opus",\r\n  "hooks": {\r\n',
      ),
    ).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(ourEntries(box.settings, box.runtime)).toHaveLength(5);
    uninstallInProcess(box);
    expect(readFileSync(box.settings, 'utf8')).toBe(original);
  });

  it('refuses a read-only (0444) settings.json instead of replacing it, and changes nothing', async () => {
    const box = installBox();
    mkdirSync(box.claude, { recursive: true });
    writeFileSync(box.settings, '{ "model": "opus" }\n');
    chmodSync(box.settings, 0o444);
    const result = await runInstall(['--no-build'], box.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `install.sh: ${box.settings} is read-only (mode 0444), so its hooks cannot be changed. Make it yours and writable (or move it), then run ./install.sh again; nothing was changed.\n`,
    );
    expect(readFileSync(box.settings, 'utf8')).toBe('{ "model": "opus" }\n');
    expect(statSync(box.settings).mode & 0o777).toBe(0o444);
    expect(readdirSync(box.claude)).toEqual(['settings.json']);
    expect(existsSync(join(box.home, '.local'))).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a settings.json that belongs to another user (run as root)',
    async () => {
      const box = installBox();
      mkdirSync(box.claude, { recursive: true });
      writeFileSync(box.settings, '{}\n');
      chownSync(box.settings, 65534, 65534);
      const result = await runInstall(['--no-build'], box.env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${box.settings} belongs to another user (uid 65534)`);
      expect(statSync(box.settings).uid).toBe(65534);
      expect(readdirSync(box.claude)).toEqual(['settings.json']);
    },
  );

  it('ends three installs started at once on a fresh HOME in one consistent installation, with nothing stray', async () => {
    const box = installBox();
    const results = await Promise.all([0, 1, 2].map(() => runInstall(['--no-build'], box.env)));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    expect(ourEntries(box.settings, box.runtime)).toHaveLength(5);
    expect(readdirSync(join(box.claude, 'hooks'))).toEqual(['memory']);
    expect(readdirSync(box.runtime).sort()).toEqual(['.install-manifest', 'dist', 'node_modules', 'package.json']);
    expect(readdirSync(box.claude).filter((name) => name.startsWith('.memory'))).toEqual([]);
    expect(readdirSync(join(box.claude, 'commands'))).toEqual(['mem.md']);
    const help = await runShell(`"${box.launcher}" --help`, [], box.env);
    expect(help.code).toBe(0);
  });

  it('uninstalls with the installed runtime alone: no built checkout needed', async () => {
    const box = installBox();
    installInProcess(box);
    const bare = tempDir('cmh-clone-');
    cpSync(join(ROOT, 'install.sh'), join(bare, 'install.sh'));
    const result = await runInstall(['--uninstall'], box.env, join(bare, 'install.sh'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`✓ removed runtime ${box.runtime}`);
    expect(existsSync(join(box.claude, 'hooks'))).toBe(false);
    expect(existsSync(box.launcher)).toBe(false);
    expect(readdirSync(bare)).toEqual(['install.sh']); // nothing was built there
  });

  it("uninstalls a runtime whose installer predates lib/install/ with this checkout's installer", async () => {
    const box = installBox();
    writeUserSettings(box, { model: 'opus' });
    installInProcess(box);
    rmSync(join(box.runtime, 'dist', 'commands', '_install.js')); // as a runtime without the TypeScript installer
    const result = await runInstall(['--uninstall'], box.env);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(box.settings, 'utf8'))).toEqual({ model: 'opus' });
    expect(existsSync(join(box.claude, 'hooks'))).toBe(false);
  });
});

/** ./install.sh in a private mount namespace where `dir` is mounted read-only: a real EROFS. */
function installWithReadOnly(dir: string, args: readonly string[], env: Record<string, string>) {
  const script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@" <&-';
  return runShell(`exec unshare -rm sh -c '${script}' sh "$0" "$@"`, [dir, join(ROOT, 'install.sh'), ...args], env);
}

const canMount =
  spawnSync('unshare', [
    '-rm',
    'sh',
    '-c',
    'd=$(mktemp -d) && mount --bind "$d" "$d" && mount -o remount,bind,ro "$d"; s=$?; rmdir "$d"; exit $s',
  ]).status === 0;

describe.skipIf(!canMount)('install.sh on a read-only file system', () => {
  it('refuses up front when settings.json lives on a read-only file system, creating nothing', async () => {
    const box = installBox();
    const dotfiles = join(box.home, 'dotfiles');
    mkdirSync(dotfiles);
    mkdirSync(box.claude);
    writeFileSync(join(dotfiles, 'settings.json'), '{}\n');
    symlinkSync(join(dotfiles, 'settings.json'), box.settings);
    const result = await installWithReadOnly(dotfiles, ['--no-build'], box.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/settings\.json cannot be replaced: .*dotfiles is not writable \(EROFS/);
    expect(readdirSync(box.claude)).toEqual(['settings.json']);
    expect(existsSync(join(box.home, '.local'))).toBe(false);
  });

  it('puts the old runtime, settings.json and launcher back when a later step fails', async () => {
    const box = installBox();
    writeUserSettings(box);
    installInProcess(box);
    writeFileSync(join(box.runtime, 'old-runtime-marker'), 'the runtime that was there');
    const settingsBefore = readFileSync(box.settings, 'utf8');
    const launcherBefore = readFileSync(box.launcher, 'utf8');
    const commands = join(box.claude, 'commands');
    const result = await installWithReadOnly(commands, ['--no-build', '--command-name', 'recall'], box.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^install\.sh: install failed: .*read-only file system.*; everything it had changed was put back\n$/,
    );
    expect(readFileSync(join(box.runtime, 'old-runtime-marker'), 'utf8')).toBe('the runtime that was there');
    expect(readFileSync(box.settings, 'utf8')).toBe(settingsBefore);
    expect(readFileSync(box.launcher, 'utf8')).toBe(launcherBefore);
    expect(readdirSync(join(box.claude, 'hooks'))).toEqual(['memory']);
    expect(readdirSync(box.claude).filter((name) => name.startsWith('settings.json.bak-'))).toHaveLength(1); // the first install's
    expect(readdirSync(commands)).toEqual(['mem.md']);
  });

  it('leaves nothing behind when a fresh install fails part way', async () => {
    const box = installBox();
    mkdirSync(join(box.claude, 'commands'), { recursive: true });
    const result = await installWithReadOnly(join(box.claude, 'commands'), ['--no-build'], box.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('everything it had changed was put back');
    expect(readdirSync(box.claude)).toEqual(['commands']);
    expect(existsSync(join(box.home, '.local'))).toBe(false);
  });
});
