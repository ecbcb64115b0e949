// Approval on a real PostgreSQL: a server of schema v5 that holds approved, pending and rejected rows
// is upgraded in place to v6, where memories holds approved rows only and what waits for review (or
// was rejected) lives in pending_memories; every row is kept with its review state, teammates find
// what was approved before, a re-push adds nothing wherever its rows are, and approving moves a row
// into memories (the one time it is written there) while a rejected one stays out and keeps stopping
// a re-push. That searches read the word indexes is team-search.test.ts's plan test.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SERVER_MIGRATIONS, SERVER_MIGRATIONS_TABLE } from '../../lib/team/server-schema.js';
import { addMember } from '../../lib/team/server-queries.js';
import { hoursAgo, memory, memoryCli, seed } from '../cli-helpers.js';
import {
  expectOk,
  fileSandbox,
  serverApproved,
  serverPending,
  team,
  teamEnv,
  teamServer,
  useCluster,
} from '../team-helpers.js';

const cluster = useCluster();

describe('approval at schema v6', () => {
  it('upgrades a v5 server with approved, pending and rejected rows; review then moves rows between the tables', async () => {
    const server = await teamServer(cluster(), { init: false });
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      await client.query(SERVER_MIGRATIONS_TABLE);
      for (const version of [1, 2, 3, 4, 5]) {
        await client.query(SERVER_MIGRATIONS[version - 1] as string);
        await client.query('INSERT INTO memory_team.schema_migrations (version) VALUES ($1)', [version]);
      }
      await addMember(client, 'alice', 'my-app', 'maintainer');
      for (const person of ['bob', 'carol']) await addMember(client, person, 'my-app', 'member');
    } finally {
      await client.end();
    }
    const bob = fileSandbox();
    seed(
      bob,
      Array.from({ length: 4 }, (_, i) =>
        memory({ box: bob, content: `npm run migrate-${i} (refundHandler)`, createdAt: hoursAgo(5 - i) }),
      ),
    );
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    // A push to a v5 server inserts into memories, pending (the v5 way).
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain('4 new memories');
    // Reviewed the v5 way: an UPDATE of the row's status, as v5's `team approve` and `reject` made it.
    await server.admin(
      `UPDATE memory_team.memories SET status = 'approved', reviewed_by = 'alice', reviewed_at = now()
       WHERE content LIKE 'npm run migrate-0%'`,
    );
    await server.admin(
      `UPDATE memory_team.memories SET status = 'rejected', review_reason = 'not for the team', reviewed_by = 'alice',
       reviewed_at = now() WHERE content LIKE 'npm run migrate-3%'`,
    );
    const before = await serverApproved(server);

    const init = await expectOk(team(fileSandbox(), server, 'admin', ['init']));
    expect(init.stdout).toContain('schema upgraded v5 → v6');
    expect(init.stdout).toContain('Moved 3 memories waiting for review or rejected out of the searched table.');
    expect((await serverApproved(server)).map((row) => [row.id, row.content, row.status])).toEqual([
      [before[0]?.id, 'npm run migrate-0 (refundHandler)', 'approved'],
    ]);
    // Each row kept its id and its review state.
    expect((await serverPending(server)).map((row) => [row.id, row.content, row.status, row.review_reason])).toEqual([
      [before[1]?.id, 'npm run migrate-1 (refundHandler)', 'pending', null],
      [before[2]?.id, 'npm run migrate-2 (refundHandler)', 'pending', null],
      [before[3]?.id, 'npm run migrate-3 (refundHandler)', 'rejected', 'not for the team'],
    ]);
    expect((await expectOk(team(fileSandbox(), server, 'admin', ['init']))).stdout).toContain('already at schema v6');

    const carol = fileSandbox();
    const found = async (words: string) =>
      (
        JSON.parse(
          (await expectOk(memoryCli(carol, ['search', '--team', words, '--json'], teamEnv(server, 'carol')))).stdout,
        ) as Array<{ content: string }>
      )
        .map((hit) => hit.content)
        .sort();
    // By key (a word, an identifier's part) and by substring (inside a longer word): the approved row only.
    expect(await found('migrate')).toEqual(['npm run migrate-0 (refundHandler)']);
    expect(await found('handler')).toEqual(['npm run migrate-0 (refundHandler)']);
    expect(await found('fundhand')).toEqual(['npm run migrate-0 (refundHandler)']);

    // A re-push of everything adds nothing: approved, pending and rejected keys alike.
    expect((await expectOk(team(bob, server, 'bob', ['push', '--all']))).stdout).toContain('0 new memories');
    // A new row waits in pending_memories; the review page shows the waiting rows, not the rejected one.
    seed(bob, [memory({ box: bob, content: 'npm run migrate-4 (refundHandler)', createdAt: hoursAgo(1) })]);
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain('1 new memory');
    expect((await serverPending(server)).map((row) => row.status)).toEqual([
      'pending',
      'pending',
      'rejected',
      'pending',
    ]);
    const alice = fileSandbox();
    const page = await expectOk(team(alice, server, 'alice', ['review']));
    expect(page.stdout).toMatch(/^3 items waiting for review:/);
    expect(page.stdout).not.toContain('migrate-3');
    // Member status: bob's own 3 waiting rows; approved: 1.
    expect(await found('migrate')).toHaveLength(1);

    // Approving the backlog moves it into memories, with its ids and who approved it.
    const approved = await expectOk(team(alice, server, 'alice', ['approve', '--all']));
    expect(approved.stdout).toBe('Approved 3 items.\n');
    const rows = await serverApproved(server);
    expect(rows.map((row) => row.status)).toEqual(['approved', 'approved', 'approved', 'approved']);
    expect(rows.map((row) => row.id).slice(0, 3)).toEqual([before[0]?.id, before[1]?.id, before[2]?.id]);
    const reviewers = await server.admin<{ reviewed_by: string }>(
      'SELECT reviewed_by::text FROM memory_team.memories ORDER BY id',
    );
    expect(reviewers.map((row) => row.reviewed_by)).toEqual(['alice', 'alice', 'alice', 'alice']);
    expect((await serverPending(server)).map((row) => [row.content, row.status])).toEqual([
      ['npm run migrate-3 (refundHandler)', 'rejected'],
    ]);
    const all = [0, 1, 2, 4].map((i) => `npm run migrate-${i} (refundHandler)`);
    expect(await found('migrate')).toEqual(all);
    expect(await found('handler')).toEqual(all);
    expect(await found('fundhand')).toEqual(all);
    expect((await expectOk(team(bob, server, 'bob', ['push', '--all']))).stdout).toContain('0 new memories');

    // Rejecting an approved row takes it out of memories (kept in pending_memories, rejected);
    // approving a rejected one by id brings it in.
    const second = rows[1]?.id as string;
    const rejected = await expectOk(team(alice, server, 'alice', ['reject', second, '--reason', 'outdated']));
    expect(rejected.stdout).toBe('Rejected 1 item.\n');
    expect((await serverApproved(server)).map((row) => row.id)).not.toContain(second);
    expect((await serverPending(server)).find((row) => row.id === second)?.status).toBe('rejected');
    expect(await found('migrate')).toHaveLength(3);
    const third = (await serverPending(server)).find((row) => row.content.includes('migrate-3'))?.id as string;
    expect((await expectOk(team(alice, server, 'alice', ['approve', third]))).stdout).toBe('Approved 1 item.\n');
    expect(await found('migrate')).toHaveLength(4);
    expect((await expectOk(team(bob, server, 'bob', ['push', '--all']))).stdout).toContain('0 new memories');
    // Forgetting reaches either table.
    expect(
      (await expectOk(memoryCli(bob, ['forget', '--project', 'my-app', '--yes'], teamEnv(server, 'bob')))).code,
    ).toBe(0);
    await expectOk(team(bob, server, 'bob', ['push']));
    expect(await serverApproved(server)).toEqual([]);
    expect(await serverPending(server)).toEqual([]);
  });
});
