// Another process holds the database (a long import, a VACUUM, a database browser): the hooks give
// up at their deadline instead of stalling the turn, keep every event, and store each exactly once
// after the lock is released. No timing assertions: what is asserted is what the user gets.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allMemories, bashResponse, openForRead, postToolUse, runCli, runHook, sandbox } from '../helpers.js';
import { holdLock, pendingCount } from '../fault-helpers.js';

const HAS_FUSER_OR_LSOF = ['fuser', 'lsof'].some((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);
// The hooks' outcome under a held lock does not depend on how long they waited (every budget ends
// in the spool while the lock is held): a short capture budget spares each capture the real 8 s.
// tests/unit/db/deadline.test.ts holds the production default.
const SHORT_CAPTURE_BUDGET = { CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '500' };
/** The file's digest, or 'none' when it does not exist (a WAL the last connection removed). */
const sha = (path: string): string =>
  existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'none';
const LOCKED =
  '[memory-hook] post-tool-use: the database is locked by another process (SQLITE_BUSY: database is locked); the event is kept and will be stored later\n';

describe('a database locked by another process', () => {
  it('keeps all 20 events while readers and writers are locked out, and stores each once after the lock goes', async () => {
    const box = sandbox();
    const env = { ...box.env, ...SHORT_CAPTURE_BUDGET };
    const first = postToolUse(box, 'Bash', { command: 'npm ci' }, bashResponse());
    expect((await runHook('post-tool-use', first, { env })).stderr).toBe('');
    const lock = await holdLock(box.dbPath, 'exclusive');

    const events = Array.from({ length: 20 }, (_, i) =>
      postToolUse(box, 'Bash', { command: `npm run step-${i}` }, bashResponse()),
    );
    const captures = await Promise.all(
      events.map((event) => runHook('post-tool-use', event, { env, killAfterMs: 60_000 })),
    );
    expect(captures).toEqual(Array.from({ length: 20 }, () => ({ code: 0, signal: null, stdout: '', stderr: LOCKED })));
    expect(pendingCount(box, env)).toBe(20);

    // The synchronous hooks return at their deadline: exit 0, nothing printed, one line saying why.
    // Stop and SessionStart each wait out their own deadline on the held lock, side by side.
    const [stop, start] = await Promise.all([
      runHook(
        'stop',
        { session_id: 'sess-1111', cwd: box.project, hook_event_name: 'Stop', stop_hook_active: false },
        { env },
      ),
      runHook(
        'session-start',
        { session_id: 'sess-2222', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' },
        { env },
      ),
    ]);
    expect(stop).toEqual({
      code: 0,
      signal: null,
      stdout: '',
      stderr:
        '[memory-hook] stop: the database is locked by another process (SQLITE_BUSY: database is locked); the summary is brought up to date by a later turn\n',
    });
    expect(start).toEqual({
      code: 0,
      signal: null,
      stdout: '',
      stderr:
        '[memory-hook] session-start: the database is locked by another process (SQLITE_BUSY: database is locked); no memory context this time\n',
    });
    expect(allMemoriesWhileLocked(box.dbPath)).toBe('locked');
    // Alone, so the processes it finds holding the file are the lock's holder only.
    const doctor = await runCli(['doctor'], { env, cwd: box.project });
    expect(doctor.code).toBe(1);
    // With fuser or lsof installed doctor names the holder; without, it says how to find it.
    expect(doctor.stdout).toMatch(
      HAS_FUSER_OR_LSOF
        ? new RegExp(
            `  ✗ ${box.dbPath} is locked by another process \\(.*pid ${lock.pid} node.*\\): hooks keep new events for later and store them once it lets go\\n    fix: wait for it to finish, or end it; then run memory doctor again\\n`,
          )
        : new RegExp(
            `  ✗ ${box.dbPath} is locked by another process: hooks keep new events for later and store them once it lets go\\n    fix: wait for it to finish, or end it \\(find it with: fuser -v "${box.dbPath}"\\); then run memory doctor again\\n`,
          ),
    );
    expect(doctor.stdout).toContain('  ! 20 events kept for later in');
    expect(doctor.stdout).not.toMatch(/move it aside|cannot be read as a database|is damaged/);

    await lock.release();
    // The next tool call stores what was kept, then the next Stop summarises the whole session.
    const next = await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), {
      env,
    });
    expect(next).toEqual({ code: 0, signal: null, stdout: '', stderr: '' });
    const after = await runHook(
      'stop',
      { session_id: 'sess-1111', cwd: box.project, hook_event_name: 'Stop', stop_hook_active: false },
      { env },
    );
    expect(after).toEqual({ code: 0, signal: null, stdout: '', stderr: '' });
    const rows = allMemories(box.dbPath);
    // Stored in the order they were kept, which 20 concurrent processes do not promise.
    expect(rows.map((row) => row.content).sort()).toEqual(
      ['npm ci', 'npm test', ...events.map((_, i) => `npm run step-${i}`)].sort(),
    );
    expect(new Set(rows.map((row) => row.tool_use_id)).size).toBe(22);
    expect(pendingCount(box, env)).toBe(0);
    const summary = openForRead(box.dbPath)
      .prepare('SELECT memory_count AS n FROM session_summaries WHERE session_id = ?')
      .get('sess-1111') as { n: number };
    expect(summary.n).toBe(22);
  }, 180_000);

  it('stores an event kept twice (two runs drained the same spool) only once', async () => {
    const box = sandbox();
    const env = { ...box.env, ...SHORT_CAPTURE_BUDGET };
    expect(
      (await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm ci' }, bashResponse()), { env })).code,
    ).toBe(0);
    const lock = await holdLock(box.dbPath, 'write');
    const event = postToolUse(
      box,
      'Edit',
      { file_path: join(box.project, 'src', 'a.ts'), old_string: 'a', new_string: 'b' },
      { filePath: join(box.project, 'src', 'a.ts') },
    );
    expect((await runHook('post-tool-use', event, { env })).stderr).toBe(LOCKED);
    const spool = `${box.dbPath}.spool`;
    const [name] = readdirSync(spool);
    copyFileSync(join(spool, name as string), join(box.home, 'kept-copy'));
    await lock.release();

    expect((await runCli(['search', 'a.ts'], { env, cwd: box.project })).code).toBe(0);
    // Put the same event back, as a second process that read it before the first removed it would.
    copyFileSync(join(box.home, 'kept-copy'), join(spool, name as string));
    expect(
      (await runHook('stop', { session_id: 'sess-1111', cwd: box.project, hook_event_name: 'Stop' }, { env })).stderr,
    ).toBe('');
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual(['npm ci', 'Edited a.ts: "a" → "b"']);
    expect(pendingCount(box, env)).toBe(0);
  }, 120_000);

  it('lets SessionStart read while only writers are locked out', async () => {
    const box = sandbox();
    const env = { ...box.env, ...SHORT_CAPTURE_BUDGET };
    expect(
      (await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse()), { env }))
        .code,
    ).toBe(0);
    expect(
      (await runHook('stop', { session_id: 'sess-1111', cwd: box.project, hook_event_name: 'Stop' }, { env })).code,
    ).toBe(0);
    const lock = await holdLock(box.dbPath, 'write');
    const start = await runHook(
      'session-start',
      { session_id: 'sess-2222', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' },
      { env },
    );
    await lock.release();
    expect(start.code).toBe(0);
    expect(start.stderr).toBe('');
    expect(start.stdout).toContain('npm run build');
  }, 120_000);

  it('leaves the kept events to the hooks when a search reads, says how many wait, and changes no byte', async () => {
    const box = sandbox();
    const env = { ...box.env, ...SHORT_CAPTURE_BUDGET };
    await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm ci' }, bashResponse()), { env });
    const lock = await holdLock(box.dbPath, 'write');
    const kept = postToolUse(box, 'Bash', { command: 'npm run kept' }, bashResponse());
    expect((await runHook('post-tool-use', kept, { env })).stderr).toBe(LOCKED);
    await lock.release();
    const before = [sha(box.dbPath), sha(`${box.dbPath}-wal`)];

    const search = await runCli(['search', 'npm'], { env });
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('npm ci');
    expect(search.stdout).not.toContain('npm run kept');
    expect(search.stderr).toBe(
      'memory: 1 captured event waits to be stored (the next hook or memory doctor --repair stores them).\n',
    );
    expect((await runCli(['show', '1'], { env })).code).toBe(0);
    expect(pendingCount(box, env)).toBe(1);
    expect([sha(box.dbPath), sha(`${box.dbPath}-wal`)]).toEqual(before);

    // The next hook stores it.
    await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), { env });
    expect(pendingCount(box, env)).toBe(0);
    expect(
      allMemories(box.dbPath)
        .map((row) => row.content)
        .sort(),
    ).toEqual(['npm ci', 'npm run kept', 'npm test']);
  });
});

/**
 * A direct reader sees the lock too: the hooks were not the only ones kept out. It waits 100 ms for
 * the lock, not better-sqlite3's default 5 s: the lock is held until the test lets go, so a longer
 * wait ends the same way.
 */
function allMemoriesWhileLocked(dbPath: string): string {
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true, timeout: 100 });
    try {
      db.prepare('SELECT * FROM memories').all();
    } finally {
      db.close();
    }
    return 'read';
  } catch (error) {
    return (error as { code?: string }).code === 'SQLITE_BUSY' ? 'locked' : String(error);
  }
}
