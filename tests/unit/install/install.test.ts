// The TypeScript installer in-process, on real files in temp dirs: flags, the lock, the runtime swap and its rollback, refusals, and that a failed install leaves
// nothing behind (a re-install that fails puts the old installation back).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MemoryError, UsageError } from '../../../lib/errors.js';
import { install } from '../../../lib/install/install.js';
import { acquireLock, LockError } from '../../../lib/install/lock.js';
import { parseInstallArgs } from '../../../lib/install/options.js';
import { swapRuntime, sweepLeftovers } from '../../../lib/install/runtime.js';
import { uninstall } from '../../../lib/install/uninstall.js';
import { ROOT, tempDir } from '../../helpers.js';
import { collectingReporter, installBox, installInProcess, type InstallBox } from '../../install-helpers.js';

/** Every path under `dir` with its content (files) or `/` (directories): a snapshot to compare. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (relative(dir, path).split('/').includes('node_modules')) continue;
    out[relative(dir, path)] = entry.isDirectory() ? '/' : readFileSync(path, 'utf8');
  }
  return out;
}

// A hang limit, not a speed target: the in-process installs copy the 5 MB runtime.
vi.setConfig({ testTimeout: 180_000 });

function tryInstall(
  box: InstallBox,
  choices: { commandName?: string; binDir?: string } = {},
  uid?: number,
): MemoryError {
  try {
    install(
      ROOT,
      { commandName: choices.commandName ?? 'mem', ...(choices.binDir ? { binDir: choices.binDir } : {}) },
      { env: box.env, report: collectingReporter(), ...(uid === undefined ? {} : { uid }) },
    );
  } catch (error) {
    if (error instanceof MemoryError) return error;
    throw error;
  }
  throw new Error('the install did not fail');
}

describe('install.sh flags', () => {
  it.each([
    [[], { mode: 'install', commandName: 'mem', runImport: false }],
    [
      ['--command-name', 'recall', '--bin-dir=/opt/bin', '--import'],
      { mode: 'install', commandName: 'recall', binDir: '/opt/bin', runImport: true },
    ],
    [['--uninstall', '--purge'], { mode: 'uninstall', purge: true }],
    [['--uninstall', '--bin-dir', 'bin'], { mode: 'uninstall', purge: false, binDir: 'bin' }],
  ])('reads %j', (argv, options) => {
    expect(parseInstallArgs(argv)).toEqual(options);
  });

  it.each([
    [['--bogus'], 'unknown option: --bogus'],
    [['--purge'], '--purge only goes with --uninstall'],
    [['--import', '--uninstall'], '--import does not go with --uninstall'],
    [['--command-name', '../x'], "--command-name takes letters, digits, '-' and '_' (got '../x')"],
    [['--bin-dir'], '--bin-dir needs a DIR'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseInstallArgs(argv)).toThrow(new UsageError(message));
  });
});

describe('the install lock', () => {
  it('makes a second run wait, and gives up with a clear error when the first never finishes', () => {
    const lockPath = join(tempDir(), 'install.lock');
    const first = acquireLock(lockPath);
    const waited: number[] = [];
    expect(() => acquireLock(lockPath, { waitMs: 200, onWait: (pid) => waited.push(pid) })).toThrow(LockError);
    expect(waited).toEqual([process.pid]);
    first.release();
    expect(existsSync(lockPath)).toBe(false);
    acquireLock(lockPath, { waitMs: 0 }).release();
  });

  it('takes over a lock whose owner died', () => {
    const lockPath = join(tempDir(), 'install.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    writeFileSync(lockPath, `${dead}\n`);
    const lock = acquireLock(lockPath, { waitMs: 0 });
    expect(readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });
});

describe('the runtime swap', () => {
  function runtimeWith(dir: string, marker: string): string {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'marker'), marker);
    return dir;
  }

  it('puts the old runtime back when the new one cannot be moved in', () => {
    const hooks = tempDir();
    const runtime = runtimeWith(join(hooks, 'memory'), 'old');
    expect(() => swapRuntime(join(hooks, 'no-such-stage'), runtime)).toThrow(/ENOENT/);
    expect(readFileSync(join(runtime, 'marker'), 'utf8')).toBe('old');
    expect(readdirSync(hooks)).toEqual(['memory']);
  });

  it('keeps the old runtime aside until finished, and restores it on undo', () => {
    const hooks = tempDir();
    const runtime = runtimeWith(join(hooks, 'memory'), 'old');
    const undone = swapRuntime(runtimeWith(join(hooks, '.memory-install.1.a'), 'new'), runtime);
    expect(readFileSync(join(runtime, 'marker'), 'utf8')).toBe('new');
    undone.undo();
    expect(readFileSync(join(runtime, 'marker'), 'utf8')).toBe('old');
    expect(readdirSync(hooks)).toEqual(['memory']);
    const finished = swapRuntime(runtimeWith(join(hooks, '.memory-install.1.b'), 'new'), runtime);
    finished.finish();
    expect(readFileSync(join(runtime, 'marker'), 'utf8')).toBe('new');
    expect(readdirSync(hooks)).toEqual(['memory']);
  });

  it('clears what a killed install left, bringing back a runtime that was set aside', () => {
    const hooks = tempDir();
    runtimeWith(join(hooks, '.memory-old.123.ab'), 'old');
    runtimeWith(join(hooks, '.memory-install.123.cd'), 'half-copied');
    expect(sweepLeftovers(hooks, join(hooks, 'memory'))).toEqual([join(hooks, '.memory-install.123.cd')]);
    expect(readdirSync(hooks)).toEqual(['memory']);
    expect(readFileSync(join(hooks, 'memory', 'marker'), 'utf8')).toBe('old');
  });
});

describe('install, in-process', () => {
  it('leaves nothing behind when a step fails on a fresh HOME', () => {
    const box = installBox();
    const before = tree(box.home);
    const notADir = join(box.home, 'bin-is-a-file');
    writeFileSync(notADir, '');
    const error = tryInstall(box, { binDir: notADir });
    expect(error.message).toMatch(/^install failed: .*ENOTDIR.*; everything it had changed was put back$/);
    expect(tree(box.home)).toEqual({ ...before, 'bin-is-a-file': '' });
  });

  it('puts the whole previous installation back when a re-install fails', () => {
    const box = installBox();
    mkdirSync(box.claude);
    writeFileSync(box.settings, '{\n  "model": "opus"\n}\n');
    installInProcess(box);
    writeFileSync(join(box.runtime, 'marker'), 'the old runtime');
    const before = tree(box.home);
    const notADir = join(box.home, 'bin-is-a-file');
    writeFileSync(notADir, '');
    tryInstall(box, { commandName: 'recall', binDir: notADir });
    expect(tree(box.home)).toEqual({ ...before, 'bin-is-a-file': '' });
  });

  it('refuses a settings.json of another user before changing anything', () => {
    const box = installBox();
    mkdirSync(box.claude);
    writeFileSync(box.settings, '{}\n');
    const error = tryInstall(box, {}, statSync(box.settings).uid + 1);
    expect(error.message).toBe(
      `${box.settings} belongs to another user (uid ${statSync(box.settings).uid}), so its hooks cannot be changed. Make it yours and writable (or move it), then run ./install.sh again; nothing was changed.`,
    );
    expect(readdirSync(box.claude)).toEqual(['settings.json']);
  });

  it('re-installs over a read-only settings.json that already holds our hooks, without writing it', () => {
    const box = installBox();
    installInProcess(box);
    chmodSync(box.settings, 0o444);
    const text = readFileSync(box.settings, 'utf8');
    expect(installInProcess(box)).toContain(`✓ ${box.settings}: hooks already up to date`);
    expect(readFileSync(box.settings, 'utf8')).toBe(text);
  });

  it('uninstalls everything it installed and keeps the database', () => {
    const box = installBox();
    installInProcess(box, { commandName: 'recall' });
    writeFileSync(box.dbPath, 'a database');
    const report = collectingReporter();
    uninstall({ purge: false }, { env: box.env, report });
    // settings.json and the commands folder were the install's own: they go; the database stays.
    expect(readdirSync(box.claude)).toEqual(['memory.db']);
    expect(existsSync(box.launcher)).toBe(false);
    expect(report.lines).toContain(`✓ kept the database ${box.dbPath} (delete it with --uninstall --purge)`);
    expect(report.lines).toContain(
      `✓ removed the empty directory ${join(box.claude, 'commands')} (the install had created it)`,
    );
    expect(report.lines.at(-1)).toBe('Done.');
  });
});
