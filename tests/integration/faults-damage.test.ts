// Pages of a real database overwritten at their byte offsets: the daily check notices, capture stops
// writing into the damaged file, the user is told once a day, doctor names the damage, and
// `memory doctor --repair` brings back at least every row a plain reader can still read.
import { MIGRATIONS } from '../../lib/db/schema.js';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectDocSample, normalise, terminal } from '../doc-samples.js';
import { repairNotePath } from '../../lib/paths.js';
import { memory, memoryCli, NOW, seed } from '../cli-helpers.js';
import { corruptMemoryPages, pendingCount, readableIds } from '../fault-helpers.js';
import {
  allMemories,
  bashResponse,
  RUNTIME,
  postToolUse,
  runCli,
  runHook,
  runNode,
  sandbox,
  type Sandbox,
} from '../helpers.js';
import { join } from 'node:path';

const ROWS = 3001;

function seedMany(box: Sandbox): void {
  // Content long enough to spread the table over a couple of hundred pages.
  seed(
    box,
    Array.from({ length: ROWS }, (_, i) =>
      memory({ box, content: `npm run task-${i} ${'output line '.repeat(12)}`, toolUseId: `toolu_seed_${i}` }),
    ),
  );
}

function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

const sessionStart = (box: Sandbox): Record<string, unknown> => ({
  session_id: 'sess-2222',
  cwd: box.project,
  hook_event_name: 'SessionStart',
  source: 'startup',
});

describe('a database with damaged pages', () => {
  it('is noticed by the daily check, kept out of capture, told to the user once, and repaired', async () => {
    const box = sandbox();
    const env = { ...box.env, CLAUDE_MEMORY_NOW: NOW, TZ: 'UTC' };
    seedMany(box);
    corruptMemoryPages(box.dbPath, 3);
    const readable = readableIds(box.dbPath, ROWS);
    expect(readable.length).toBeLessThan(ROWS);
    expect(readable.length).toBeGreaterThan(ROWS - 200);

    const doctor = await memoryCli(box, ['doctor'], env);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(
      new RegExp(
        `  ✗ ${box.dbPath} is damaged: .+\\n    fix: memory doctor --repair \\(copies every readable memory into a new file and keeps this one as memory.db.damaged-<date>\\)\\n`,
      ),
    );
    expect(doctor.stdout).not.toMatch(/move it aside|cannot be read as a database/);

    // The daily maintenance (started detached by SessionStart) runs quick_check and leaves the note.
    const maintenance = await runNode(join(RUNTIME, 'dist', 'hooks', '_cleanup.js'), [], { env });
    expect(maintenance).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(repairNotePath(box.dbPath), 'utf8')).toMatch(/^quick_check: /);

    const damagedBytes = sha(box.dbPath);
    const later = postToolUse(box, 'Bash', { command: 'npm run after-damage' }, bashResponse());
    const capture = await runHook('post-tool-use', later, { env });
    expect(capture).toEqual({
      code: 0,
      signal: null,
      stdout: '',
      stderr:
        '[memory-hook] post-tool-use: the database file is damaged (run memory doctor --repair); the event is kept and will be stored later\n',
    });
    expect(sha(box.dbPath)).toBe(damagedBytes);
    expect(pendingCount(box, env)).toBe(1);

    // The user, not the model, is told: systemMessage, one line, once a day.
    const first = await runHook('session-start', sessionStart(box), { env });
    expect(first.code).toBe(0);
    const told = JSON.parse(first.stdout) as {
      systemMessage?: string;
      hookSpecificOutput?: { additionalContext?: string };
    };
    expect(told.systemMessage).toBe(
      `claude-memory-hooks: ${box.dbPath} is damaged, new memories are kept aside until it is repaired; run \`memory doctor --repair\` to recover what is readable`,
    );
    expect(told.hookSpecificOutput?.additionalContext ?? '').not.toContain('doctor');
    const second = await runHook('session-start', sessionStart(box), { env });
    expect(second.code).toBe(0);
    expect(second.stdout === '' || JSON.parse(second.stdout).systemMessage === undefined).toBe(true);

    const repair = await memoryCli(box, ['doctor', '--repair'], env);
    expect(repair.stderr).toBe('');
    expect(repair.code).toBe(0);
    const recovered = Number(/^(\d+) of about (\d+) memories recovered/.exec(repair.stdout)?.[1]);
    expect(recovered).toBeGreaterThanOrEqual(readable.length);
    expect(repair.stdout).toContain(`of about ${ROWS} memories recovered. Table by table:\n  memories `);
    expect(repair.stdout).toContain(
      `\nThe damaged file is kept as ${box.dbPath}.damaged-2026-03-10.\n1 event kept while it was damaged was stored.\n`,
    );
    expect(sha(`${box.dbPath}.damaged-2026-03-10`)).toBe(damagedBytes);
    expectDocSample(
      'repair',
      terminal([
        ['memory doctor --repair', { ...repair, stdout: normalise(repair.stdout, [[box.home, '/home/you']]) }],
      ]),
    );
    expect(existsSync(repairNotePath(box.dbPath))).toBe(false);

    const rows = allMemories(box.dbPath);
    expect(rows).toHaveLength(recovered + 1);
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(readable));
    expect(rows.at(-1)?.content).toBe('npm run after-damage');
    expect(pendingCount(box, env)).toBe(0);

    const healthy = await memoryCli(box, ['doctor', '--json'], env);
    const checks = (
      JSON.parse(healthy.stdout) as { checks: { section: string; status: string; message: string }[] }
    ).checks.filter((check) => check.section === 'database');
    expect(checks.filter((check) => check.status !== 'ok')).toEqual([]);
    expect(checks.map((check) => check.message)).toContain(`memory_words index ok (${recovered + 1} rows)`);
    const search = await memoryCli(box, ['search', 'after-damage', '--json'], env);
    expect((JSON.parse(search.stdout) as unknown[]).length).toBe(1);
  }, 240_000);

  it('leaves a sound database alone when asked to repair it', async () => {
    const box = sandbox();
    seed(box, [memory({ box, content: 'npm test' })]);
    const before = sha(box.dbPath);
    const result = await memoryCli(box, ['doctor', '--repair']);
    expect(result).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'The database passes its integrity check: nothing to repair.\n',
    });
    expect(sha(box.dbPath)).toBe(before);
  }, 60_000);

  it('is never called damaged when it was written by a newer version', async () => {
    const box = sandbox();
    const env = box.env;
    seed(box, [memory({ box, content: 'npm test' })]);
    const db = new Database(box.dbPath);
    db.pragma('user_version = 99');
    db.close();
    const capture = await runHook(
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse()),
      { env },
    );
    expect(capture.stderr).toBe(
      `[memory-hook] post-tool-use: the database is from a newer version (SCHEMA_TOO_NEW: database schema v99 is newer than this claude-memory-hooks (v${MIGRATIONS.length}), which leaves it as it is: install the newer version again); the event is kept and will be stored later\n`,
    );
    const doctor = await runCli(['doctor'], { env, cwd: box.project });
    expect(doctor.stdout).toMatch(
      new RegExp(
        `  ✗ schema v99 is newer than this install \\(v${MIGRATIONS.length}\\): it was written by a newer claude-memory-hooks\n    fix: update the checkout \\(git pull\\), then `,
      ),
    );
    expect(doctor.stdout).not.toMatch(/move it aside|cannot be read as a database|is damaged/);
  }, 60_000);
});
