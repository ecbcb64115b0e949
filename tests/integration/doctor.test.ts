// `memory doctor` against real installs in a temp HOME: a healthy one passes, and each kind of
// breakage (hooks, database, permissions, a missing script) is reported with a fix and exit 1.
// One shared install serves every check: a test that breaks the database gets a database of its own
// (a copy of one memory captured once by the installed hook); a test that breaks the installation
// itself has what it breaks put back when it ends (a private install per test would cost a runtime
// copy and three Node processes each, and prove nothing more).
import { NODE_COMMAND } from '../../lib/runtime/executables.js';
import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { expectDocSample, installShown, normalise, terminal } from '../doc-samples.js';
import { allMemories, postToolUse, runCli, type RunResult } from '../helpers.js';
import {
  commandFor,
  installBox,
  ourEntries,
  runShell,
  useSharedInstall,
  withOwnDb,
  type InstallBox,
} from '../install-helpers.js';

// A hang limit, not a speed target.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const shared = useSharedInstall();

// One memory, captured by the installed PostToolUse hook into a database of its own.
let templateDir = '';
let template = '';
beforeAll(async () => {
  templateDir = mkdtempSync(join(tmpdir(), 'cmh-doctor-'));
  template = join(templateDir, 'memory.db');
  const box = shared().box;
  const capture = commandFor(ourEntries(box.settings, box.runtime), 'PostToolUse');
  const result = await runShell(
    capture,
    [],
    { ...box.env, CLAUDE_MEMORY_DB: template },
    JSON.stringify(
      postToolUse(box, 'Bash', { command: 'npm run build' }, { stdout: 'built', stderr: '', interrupted: false }),
    ),
    box.project,
  );
  if (result.code !== 0 || result.stderr !== '') throw new Error(`capture failed: ${result.stderr}`);
  // Everything into the main file, so one copy of it is the whole database.
  const db = new Database(template);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
});
afterAll(() => rmSync(templateDir, { recursive: true, force: true }));

/** The shared installation with a database of the test's own holding one captured memory. */
function installedWithOneMemory(): InstallBox {
  const box = withOwnDb(shared().box);
  copyFileSync(template, box.dbPath);
  expect(statSync(box.dbPath).mode & 0o777).toBe(0o600);
  expect(allMemories(box.dbPath)).toHaveLength(1);
  return box;
}

/** installedWithOneMemory, for a test that breaks the installation: `paths` get their bytes and mode back when it ends. */
function breakableInstall(...paths: ((box: InstallBox) => string)[]): InstallBox {
  const box = installedWithOneMemory();
  for (const path of paths.map((pathOf) => pathOf(box))) {
    const bytes = readFileSync(path);
    const mode = statSync(path).mode & 0o777;
    onTestFinished(() => {
      writeFileSync(path, bytes);
      chmodSync(path, mode);
    });
  }
  return box;
}

const SETTINGS = (box: InstallBox) => box.settings;

/** Runs doctor as a user whose PATH includes the launcher's directory (as install.sh advises). */
function doctor(box: InstallBox, args: readonly string[] = [], env: Record<string, string> = {}): Promise<RunResult> {
  const path = `${dirname(box.launcher)}:${box.env['PATH'] ?? ''}`;
  return runCli(['doctor', ...args], { env: { ...box.env, PATH: path, ...env }, cwd: box.project });
}

function editSettings(box: InstallBox, edit: (hooks: Record<string, unknown[]>) => void): void {
  const settings = JSON.parse(readFileSync(box.settings, 'utf8')) as { hooks: Record<string, unknown[]> };
  edit(settings.hooks);
  writeFileSync(box.settings, JSON.stringify(settings, null, 2));
}

describe('memory doctor', () => {
  it('passes a healthy install, run through the installed launcher, without touching the real database', async () => {
    const box = installedWithOneMemory();
    const before = readFileSync(box.dbPath);
    const result = await runShell('memory doctor', [], {
      ...box.env,
      PATH: `${dirname(box.launcher)}:${box.env['PATH'] ?? ''}`,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('✗');
    for (const line of [
      `  ✓ SessionStart hook registered once: ${NODE_COMMAND} "${box.runtime}/dist/hooks/session-start.js"`,
      '  ✓ PostToolUseFailure hook registered once',
      `  ✓ ${box.dbPath}: integrity_check ok`,
      '  ✓ journal mode WAL',
      '  ✓ schema v',
      '  ✓ memory_words index ok (1 rows)',
      '  ✓ memory_grams index ok (1 rows)',
      '  ✓ database file is private (0600)',
      '  ✓ PostToolUse hook ran on a sample payload and stored a memory',
      '  ✓ PostToolUseFailure hook ran on a sample payload and stored an error',
      '  ✓ Stop hook ran on a sample payload and stored a session summary',
      '  ✓ SessionStart hook ran on a sample payload and printed a <memory-context> block',
      "  ✓ recall is on (the default): prompts that clearly match a past memory get it added to the model's context; memory recall off turns it off",
      '  ✓ /mem installed in',
      `  ✓ memory launcher ${box.launcher}`,
    ]) {
      expect(result.stdout).toContain(line);
    }
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('All good.');
    expect(allMemories(box.dbPath)).toHaveLength(1);
    expect(readFileSync(box.dbPath).equals(before)).toBe(true);
    // The test's own database lives beside the shared install: shown where a user's would be.
    const shown = normalise(result.stdout, [[dirname(box.dbPath), join(box.home, '.claude')]]);
    expectDocSample('doctor', installShown(box.home, terminal([['memory doctor', { ...result, stdout: shown }]])));
  });

  it('prints the same checks as JSON with --json', async () => {
    const box = installedWithOneMemory();
    const result = await doctor(box, ['--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      dbPath: string;
      checks: { section: string; status: string; message: string }[];
    };
    expect(report.ok).toBe(true);
    expect(report.dbPath).toBe(box.dbPath);
    expect(new Set(report.checks.map((check) => check.section))).toEqual(
      new Set([
        'environment',
        'hooks',
        'database',
        'transcripts',
        'hook runs',
        'slash command',
        'launcher',
        'mcp server',
      ]),
    );
    expect(report.checks.every((check) => check.status === 'ok')).toBe(true);
  });

  it('reports a missing hook with how to fix it, and exits 1', async () => {
    const box = breakableInstall(SETTINGS);
    editSettings(box, (hooks) => delete hooks['Stop']);
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '  ✗ Stop hook is not registered\n    fix: run ./install.sh from the claude-memory-hooks checkout (it is safe to re-run)\n',
    );
    expect(result.stdout).toContain('1 problem found.');
    expect(result.stderr).toBe('memory: doctor found 1 problem\n');
  });

  it('fails when settings.json holds none of the hooks', async () => {
    const box = breakableInstall(SETTINGS);
    editSettings(box, (hooks) => {
      for (const event of Object.keys(hooks)) delete hooks[event];
    });
    const result = await doctor(box);
    expect(result.code).toBe(1);
    for (const event of ['SessionStart', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit']) {
      expect(result.stdout).toContain(`  ✗ ${event} hook is not registered\n`);
    }
  });

  it('reports a hook registered twice', async () => {
    const box = breakableInstall(SETTINGS);
    editSettings(box, (hooks) => hooks['PostToolUse']?.push(hooks['PostToolUse'][0]));
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('  ✗ PostToolUse hook is registered 2 times: it runs more than once per event');
  });

  it('fails when settings.json turns every hook off with disableAllHooks', async () => {
    const box = breakableInstall(SETTINGS);
    const settings = JSON.parse(readFileSync(box.settings, 'utf8')) as Record<string, unknown>;
    writeFileSync(box.settings, JSON.stringify({ ...settings, disableAllHooks: true }, null, 2));
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `  ✗ ${box.settings} has "disableAllHooks": true: Claude Code runs no hooks at all`,
    );
  });

  it('reports a hook script that no longer exists, and the failed sample run', async () => {
    const box = breakableInstall((installed) => join(installed.runtime, 'dist', 'hooks', 'stop.js'));
    rmSync(join(box.runtime, 'dist', 'hooks', 'stop.js'));
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`  ✗ Stop hook points to ${box.runtime}/dist/hooks/stop.js, which does not exist`);
    expect(result.stdout).toMatch(/ {2}✗ Stop hook failed on a sample payload: exit code 1: .*Cannot find module/);
  });

  it('reports a corrupt database file', async () => {
    const box = installedWithOneMemory();
    rmSync(`${box.dbPath}-wal`, { force: true });
    rmSync(`${box.dbPath}-shm`, { force: true });
    writeFileSync(box.dbPath, 'this is not a database, just text that replaced it'.repeat(100));
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `  ✗ ${box.dbPath} is damaged: file is not a database\n    fix: memory doctor --repair (copies every readable memory into a new file and keeps this one as memory.db.damaged-<date>)\n`,
    );
    expect(result.stdout).not.toContain('move it aside');
    // The sample runs use their own scratch database, so they still pass.
    expect(result.stdout).toContain('  ✓ PostToolUse hook ran on a sample payload and stored a memory');
  });

  it('reports a search index out of step with the memories', async () => {
    const box = installedWithOneMemory();
    const db = new Database(box.dbPath);
    db.prepare("INSERT INTO memory_grams (memory_grams) VALUES ('delete-all')").run();
    db.close();
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('  ✓ memory_words index ok (1 rows)');
    expect(result.stdout).toContain('  ✗ memory_grams holds 0 rows for 1 memories: search misses or repeats results');
    expect(result.stdout).toContain(
      `fix: rebuild the indexes: sqlite3 "${box.dbPath}" "INSERT INTO memory_words (memory_words) VALUES ('delete-all');`,
    );
  });

  it('reports a database other users can read', async () => {
    const box = installedWithOneMemory();
    chmodSync(box.dbPath, 0o644);
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `  ✗ readable by other users: ${box.dbPath} (0644)\n    fix: chmod 600 "${box.dbPath}"\n`,
    );
  });

  it('notes CLAUDE_MEMORY_DISABLE without failing, and still checks the hooks for real', async () => {
    const box = installedWithOneMemory();
    const result = await doctor(box, [], { CLAUDE_MEMORY_DISABLE: '1' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '  ! CLAUDE_MEMORY_DISABLE is set: the hooks capture nothing and inject nothing\n    fix: unset CLAUDE_MEMORY_DISABLE to turn capture back on\n',
    );
    expect(result.stdout).toContain('  ✓ PostToolUse hook ran on a sample payload and stored a memory');
    expect(result.stdout).toContain('All good (1 note).');
  });

  it('reports a missing launcher, and one that is not on PATH', async () => {
    const box = breakableInstall((installed) => installed.launcher);
    const offPath = await runCli(['doctor'], { env: box.env, cwd: box.project });
    expect(offPath.stdout).toContain(
      `  ! memory launcher ${box.launcher} is not on PATH\n    fix: add ${dirname(box.launcher)} to PATH in your shell profile\n`,
    );
    rmSync(box.launcher);
    const missing = await doctor(box);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain(`  ✗ the memory launcher ${box.launcher} is missing\n`);
  });

  it('says what to do when nothing is installed', async () => {
    const box = installBox();
    const result = await doctor(box);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`  ✗ ${box.settings} does not exist: no hooks are registered`);
    expect(result.stdout).toContain(`  ! no database yet at ${box.dbPath}`);
  });
});
