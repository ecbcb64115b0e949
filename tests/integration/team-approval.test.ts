// Approval and the word indexes, on a real PostgreSQL: a server of schema v4 that holds approved and
// pending rows is upgraded in place to v5, whose key and trigram indexes hold approved rows only;
// every row is kept, teammates find what was approved before, a pending row is found once approved
// (the approval is what enters it in the indexes). That searches read those indexes at v5 is
// team-search.test.ts's plan test.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SERVER_MIGRATIONS, SERVER_MIGRATIONS_TABLE } from '../../lib/team/server-schema.js';
import { addMember } from '../../lib/team/server-queries.js';
import { hoursAgo, memory, memoryCli, seed } from '../cli-helpers.js';
import { expectOk, fileSandbox, serverMemories, team, teamEnv, teamServer, useCluster } from '../team-helpers.js';

const cluster = useCluster();

describe('approval at schema v5', () => {
  it('upgrades a v4 server with approved and pending rows; the word indexes then hold approved rows only', async () => {
    const server = await teamServer(cluster(), { init: false });
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      await client.query(SERVER_MIGRATIONS_TABLE);
      for (const version of [1, 2, 3, 4]) {
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
      Array.from({ length: 3 }, (_, i) =>
        memory({ box: bob, content: `npm run migrate-${i} (refundHandler)`, createdAt: hoursAgo(5 - i) }),
      ),
    );
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain('3 new memories');
    const [first] = await serverMemories(server);
    await expectOk(team(fileSandbox(), server, 'alice', ['approve', first?.id as string]));

    const init = await expectOk(team(fileSandbox(), server, 'admin', ['init']));
    expect(init.stdout).toContain('schema upgraded v4 → v5');
    expect((await serverMemories(server)).map((row) => [row.content, row.status])).toEqual([
      ['npm run migrate-0 (refundHandler)', 'approved'],
      ['npm run migrate-1 (refundHandler)', 'pending'],
      ['npm run migrate-2 (refundHandler)', 'pending'],
    ]);
    const indexes = await server.admin<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'memory_team' AND indexname IN ('memories_keys', 'memories_trigram') ORDER BY indexname",
    );
    expect(indexes.map((index) => index.indexname)).toEqual(['memories_keys', 'memories_trigram']);
    for (const index of indexes) expect(index.indexdef).toMatch(/USING gin .* WHERE \(status = 'approved'::text\)$/);

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

    // A push after the upgrade waits too; approving the backlog makes every row found, by each index.
    seed(bob, [memory({ box: bob, content: 'npm run migrate-3 (refundHandler)', createdAt: hoursAgo(1) })]);
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain('1 new memory');
    expect(await found('migrate')).toHaveLength(1);
    expect((await expectOk(team(fileSandbox(), server, 'alice', ['approve', '--all']))).stdout).toBe(
      'Approved 3 items.\n',
    );
    const all = [0, 1, 2, 3].map((i) => `npm run migrate-${i} (refundHandler)`);
    expect(await found('migrate')).toEqual(all);
    expect(await found('handler')).toEqual(all);
    expect(await found('fundhand')).toEqual(all);
  });
});
