// Files planted beside the database (a symlinked cleanup marker, -wal, -shm or spool folder) are
// never written through, and a read-only file or folder, for an ordinary user, loses no event:
// doctor names the cause and the chmod that fixes it; after the fix the kept events are stored.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_SCRIPT, hookScript, IS_ROOT, pendingCount, runAsUser } from '../fault-helpers.js';
import { allMemories, bashResponse, postToolUse, runCli, runHook, sandbox, type Sandbox } from '../helpers.js';

const VICTIM_TEXT = "a file of the user's that no hook may touch\n".repeat(46);

function victim(box: Sandbox): string {
  const path = join(box.home, 'notes.txt');
  writeFileSync(path, VICTIM_TEXT);
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  utimesSync(path, twoDaysAgo, twoDaysAgo);
  return path;
}

async function withOneMemory(box: Sandbox, env: Record<string, string>): Promise<void> {
  const result = await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm ci' }, bashResponse()), {
    env,
  });
  expect(result.stderr).toBe('');
}

describe('files planted beside the database', () => {
  it('replaces a symlinked cleanup marker instead of writing into its target', async () => {
    const box = sandbox();
    const env = box.env;
    await withOneMemory(box, env);
    const target = victim(box);
    const marker = `${box.dbPath}.last-cleanup`;
    symlinkSync(target, marker);
    const result = await runHook(
      'session-start',
      { session_id: 's', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' },
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(readFileSync(target, 'utf8')).toBe(VICTIM_TEXT);
    expect(lstatSync(marker).isFile()).toBe(true);
    expect(statSync(marker).mode & 0o777).toBe(0o600);
  });

  it.each(['-wal', '-shm'])(
    'refuses a symlinked %s, keeps the event, and doctor says which link to remove',
    async (suffix) => {
      const box = sandbox();
      const env = box.env;
      await withOneMemory(box, env);
      const target = victim(box);
      const link = `${box.dbPath}${suffix}`;
      symlinkSync(target, link);
      const result = await runHook(
        'post-tool-use',
        postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse()),
        { env },
      );
      expect(result).toEqual({
        code: 0,
        signal: null,
        stdout: '',
        stderr: `[memory-hook] post-tool-use: a file beside the database is unsafe (UNSAFE_PATH: ${link} is a symbolic link); the event is kept and will be stored later\n`,
      });
      expect(readFileSync(target, 'utf8')).toBe(VICTIM_TEXT);
      expect(pendingCount(box, env)).toBe(1);

      const doctor = await runCli(['doctor'], { env, cwd: box.project });
      expect(doctor.code).toBe(1);
      expect(doctor.stdout).toContain(
        `  ✗ ${link} is a symbolic link (to ${target}): the hooks refuse to write through it, so nothing is stored\n    fix: rm "${link}" (removes the link only; it is recreated as a plain file)\n`,
      );
      expect(readFileSync(target, 'utf8')).toBe(VICTIM_TEXT);

      unlinkSync(link);
      expect(
        (await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), { env }))
          .stderr,
      ).toBe('');
      expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm ci', 'npm test', 'npm run build']);
      expect(pendingCount(box, env)).toBe(0);
    },
  );

  it('keeps an event out of a symlinked spool folder', async () => {
    const box = sandbox();
    const env = box.env;
    await withOneMemory(box, env);
    const elsewhere = join(box.home, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, `${box.dbPath}.spool`);
    symlinkSync(join(box.home, 'notes.txt'), `${box.dbPath}-wal`);
    victim(box);
    const result = await runHook(
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse()),
      { env },
    );
    expect(result.code).toBe(0);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(pendingCount(box, env)).toBe(1);
    expect(readdirSync(join(env['TMPDIR'] as string, `claude-memory-${process.geteuid?.() ?? 'user'}`))).toHaveLength(
      1,
    );
  });

  it('makes a database created over an existing empty 0644 file private', async () => {
    const box = sandbox();
    mkdirSync(dirname(box.dbPath), { recursive: true });
    writeFileSync(box.dbPath, '', { mode: 0o644 });
    chmodSync(box.dbPath, 0o644);
    await withOneMemory(box, box.env);
    expect(statSync(box.dbPath).mode & 0o777).toBe(0o600);
    const spoolAndWal = ['-wal', '-shm']
      .map((suffix) => `${box.dbPath}${suffix}`)
      .filter((path) => lstatSync(path, { throwIfNoEntry: false }));
    for (const path of spoolAndWal) expect(statSync(path).mode & 0o777, path).toBe(0o600);
  });
});

// As root, file modes stop nothing: the child runs as nobody (setpriv); otherwise as this user.
describe(`a read-only database file or folder, for an ordinary user (${IS_ROOT ? 'dropped to nobody with setpriv' : 'run as this user'})`, () => {
  const capture = (box: Sandbox, env: Record<string, string>, command: string) =>
    runAsUser(hookScript('post-tool-use'), [], {
      env,
      cwd: box.project,
      home: box.home,
      stdin: postToolUse(box, 'Bash', { command }, bashResponse()),
    });
  const doctor = (box: Sandbox, env: Record<string, string>) =>
    runAsUser(CLI_SCRIPT, ['doctor'], { env, cwd: box.project, home: box.home });

  it('keeps events while memory.db is read-only; doctor says chmod u+w; they are stored after', async () => {
    const box = sandbox();
    const env = box.env;
    expect((await capture(box, env, 'npm ci')).stderr).toBe('');
    chmodSync(box.dbPath, 0o400);
    const result = await capture(box, env, 'npm run build');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `[memory-hook] post-tool-use: the database or its folder is not writable (EACCES: permission denied, access '${box.dbPath}'); the event is kept and will be stored later\n`,
    );
    const report = await doctor(box, env);
    expect(report.code).toBe(1);
    // Reading a read-only database makes SQLite create its -wal and -shm read-only too: the fix names them.
    const fix = new RegExp(
      `  ✗ ${box.dbPath}(?:, ${box.dbPath}-(?:wal|shm))* (?:is|are) read-only: new memories cannot be stored and are kept for later\n    fix: (chmod u\\+w "${box.dbPath}".*)\n`,
    ).exec(report.stdout)?.[1];
    expect(fix).toBeDefined();
    expect(report.stdout).toContain(`  ✓ ${box.dbPath}: integrity_check ok (the memories in it are intact)`);
    expect(report.stdout).toContain('  ! 1 event kept for later in');
    expect(report.stdout).not.toMatch(/move it aside|cannot be read as a database/);

    // The user runs the fix doctor gave, as themselves.
    expect(
      (await runAsUser('/bin/sh', ['-c', fix as string], { env, cwd: box.project, home: box.home, node: false })).code,
    ).toBe(0);
    expect((await capture(box, env, 'npm test')).stderr).toBe('');
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm ci', 'npm test', 'npm run build']);
  });

  it('keeps events while the folder is read-only; doctor names the folder; they are stored after', async () => {
    const box = sandbox();
    const env = box.env;
    expect((await capture(box, env, 'npm ci')).stderr).toBe('');
    const folder = dirname(box.dbPath);
    chmodSync(folder, 0o500);
    const result = await capture(box, env, 'npm run build');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^\[memory-hook\] post-tool-use: the database or its folder is not writable \(SQLITE_\w+: .+\); the event is kept and will be stored later\n$/,
    );
    const report = await doctor(box, env);
    expect(report.code).toBe(1);
    expect(report.stdout).toContain(
      `  ✗ ${folder} is not writable: SQLite cannot create the database's -wal and -shm files there, so nothing is stored\n    fix: chmod u+w "${folder}"\n`,
    );
    expect(report.stdout).not.toMatch(/move it aside|cannot be read as a database/);

    chmodSync(folder, 0o700);
    expect((await capture(box, env, 'npm test')).stderr).toBe('');
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm ci', 'npm test', 'npm run build']);
  });

  it('says a folder that cannot be written will never get a database, instead of "created by the first tool call"', async () => {
    const box = sandbox();
    const env = box.env;
    const folder = dirname(box.dbPath);
    mkdirSync(folder, { mode: 0o500 });
    chmodSync(folder, 0o500);
    const result = await capture(box, env, 'npm ci');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/the event is kept and will be stored later\n$/);
    const report = await doctor(box, env);
    expect(report.stdout).toContain(
      `  ✗ no database yet at ${box.dbPath}, and ${folder} is not writable: it cannot be created, so nothing is stored\n    fix: chmod u+w "${folder}"\n`,
    );
    chmodSync(folder, 0o700);
    expect((await capture(box, env, 'npm test')).stderr).toBe('');
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm test', 'npm ci']);
  });
});
