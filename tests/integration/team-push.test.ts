// A push of several batches, on a real PostgreSQL: the batches go out on two connections at once,
// every row arrives once, a re-push adds nothing, and a push killed with SIGKILL while batches are
// out resumes where its cursor stands (a batch the server committed after the cursor is skipped by
// the server's keys, never stored twice); a re-push while a maintainer approves the same rows (moving
// them from pending_memories to memories) stores none of them twice either.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { hoursAgo, memory, NOW, seed } from '../cli-helpers.js';
import { openDb } from '../../lib/db/open.js';
import { ensureTeamTables, setShared } from '../../lib/team/local-queries.js';
import { RUNTIME } from '../helpers.js';
import { EVERY_MEMORY, expectOk, fileSandbox, team, teamEnv, teamServer, useCluster } from '../team-helpers.js';

const cluster = useCluster();

/** More rows than two batches of a push (2,000 a statement). */
const ROWS = 9000;

function sharedHost(rows: number) {
  const box = fileSandbox();
  seed(
    box,
    Array.from({ length: rows }, (_, i) =>
      memory({ box, content: `npm run deploy-${i} --target stage-${i % 7}`, createdAt: hoursAgo(rows - i) }),
    ),
  );
  const db = openDb(box.dbPath, { create: false });
  if (!db) throw new Error('the host has no database');
  try {
    ensureTeamTables(db);
    setShared(db, 'my-app', true, NOW);
  } finally {
    db.close();
  }
  return box;
}

describe('a push of several batches', () => {
  it('sends every row once on two connections, and a re-push adds nothing', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(ROWS);
    const first = await expectOk(team(bob, server, 'bob', ['push', '--json']));
    expect(JSON.parse(first.stdout).projects[0]).toMatchObject({ memoriesSent: ROWS, memoriesInserted: ROWS });
    expect(
      await server.admin(`SELECT count(*)::int AS n, count(DISTINCT local_id)::int AS keys FROM ${EVERY_MEMORY}`),
    ).toEqual([{ n: ROWS, keys: ROWS }]);
    const again = await expectOk(team(bob, server, 'bob', ['push', '--all', '--json']));
    expect(JSON.parse(again.stdout).projects[0]).toMatchObject({ memoriesSent: ROWS, memoriesInserted: 0 });
  });

  it('resumes a push killed while its batches were out, storing no row twice', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(ROWS);
    const child = spawn(process.execPath, [join(RUNTIME, 'dist', 'commands', 'cli.js'), 'team', 'push'], {
      env: { CLAUDE_MEMORY_NOW: NOW, TZ: 'UTC', ...bob.env, ...teamEnv(server, 'bob') },
      cwd: bob.project,
      stdio: 'ignore',
    });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    // Killed as soon as the server holds a first batch (or when the push has ended on its own).
    let stored = 0;
    for (let polls = 0; polls < 600 && child.exitCode === null; polls++) {
      stored = ((await server.admin<{ n: number }>(`SELECT count(*)::int AS n FROM ${EVERY_MEMORY}`))[0]?.n ??
        0) as number;
      if (stored > 0) break;
      await sleep(20);
    }
    child.kill('SIGKILL');
    await exited;
    expect(stored).toBeGreaterThan(0);
    // A batch the server was inserting when its client died still commits: counted once it has.
    for (let polls = 0; polls < 500; polls++) {
      const busy = await server.admin<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'bob' AND state <> 'idle'",
      );
      if (busy[0]?.n === 0) break;
      await sleep(20);
    }
    const left = ((await server.admin<{ n: number }>(`SELECT count(*)::int AS n FROM ${EVERY_MEMORY}`))[0]?.n ??
      0) as number;
    const resumed = await expectOk(team(bob, server, 'bob', ['push', '--json']));
    const report = JSON.parse(resumed.stdout).projects[0] as { memoriesSent: number; memoriesInserted: number };
    // It inserts exactly what the killed push had not stored, and offers no more than that was unconfirmed.
    expect(report.memoriesInserted).toBe(ROWS - left);
    expect(report.memoriesSent).toBeGreaterThanOrEqual(report.memoriesInserted);
    expect(
      await server.admin(`SELECT count(*)::int AS n, count(DISTINCT local_id)::int AS keys FROM ${EVERY_MEMORY}`),
    ).toEqual([{ n: ROWS, keys: ROWS }]);
    const again = await expectOk(team(bob, server, 'bob', ['push', '--json']));
    expect(JSON.parse(again.stdout).projects[0]).toMatchObject({ memoriesSent: 0, memoriesInserted: 0 });
  });

  it('a re-push while the same rows are approved stores each row once, in one table or the other', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(ROWS);
    await expectOk(team(bob, server, 'bob', ['push']));
    const [approved, pushed] = await Promise.all([
      team(fileSandbox(), server, 'alice', ['approve', '--all']),
      team(bob, server, 'bob', ['push', '--all', '--json']),
    ]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout).projects[0]).toMatchObject({ memoriesSent: ROWS, memoriesInserted: 0 });
    expect(
      await server.admin(
        `SELECT count(*)::int AS n, count(DISTINCT (host_id, local_id))::int AS keys FROM ${EVERY_MEMORY}`,
      ),
    ).toEqual([{ n: ROWS, keys: ROWS }]);
    await expectOk(team(fileSandbox(), server, 'alice', ['approve', '--all']));
    expect(await server.admin('SELECT count(*)::int AS n FROM memory_team.memories')).toEqual([{ n: ROWS }]);
  });
});
