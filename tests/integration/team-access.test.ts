// Access control in the database itself (roles + row-level security), proven cell by cell, and the
// server's three search tiers on Korean and substrings, merged with local results by `search --team`.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memory, memoryCli, seed } from '../cli-helpers.js';
import { sandbox, type Sandbox } from '../helpers.js';
import { expectRecords } from '../record-schema.js';
import {
  expectOk,
  fileSandbox,
  serverMemories,
  team,
  teamEnv,
  teamServer,
  useCluster,
  type Person,
  type TeamServer,
} from '../team-helpers.js';

const cluster = useCluster();

describe('row-level security: member / maintainer / outsider × read / write / approve / forget', () => {
  // my-app: alice maintains, bob and carol are members; eve belongs to other-app only. my-app waits
  // for review: pushes land in pending_memories, approving moves them into memories (schema v6).
  let server: TeamServer;
  const hosts: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const clients: Partial<Record<Person, pg.Client>> = {};

  beforeAll(async () => {
    server = await teamServer(cluster());
    for (const person of ['alice', 'bob', 'carol', 'eve'] as const) {
      const client = await server.connect(person);
      clients[person] = client;
      hosts[person] = `00000000-0000-4000-8000-00000000000${['alice', 'bob', 'carol', 'eve'].indexOf(person) + 1}`;
      await client.query('INSERT INTO memory_team.hosts (host_id, host_name) VALUES ($1, $2)', [
        hosts[person],
        `${person}-laptop`,
      ]);
    }
    await insertAs('bob', 1, 'bob approved');
    await insertAs('bob', 2, 'bob pending');
    await insertAs('carol', 1, 'carol pending');
    for (const row of await serverMemories(server)) ids[row.content] = row.id;
    await as('alice').query('SELECT memory_team.review_memories($1, NULL, $2::bigint[], NULL, NULL)', [
      'approved',
      [ids['bob approved']],
    ]);
  }, 120_000);
  afterAll(async () => {
    for (const client of Object.values(clients)) await client.end();
  });

  function as(person: Person): pg.Client {
    return clients[person] as pg.Client;
  }

  function insertAs(
    person: Person,
    localId: number,
    content: string,
    options: { host?: string; project?: string; table?: string } = {},
  ) {
    return as(person).query(
      `
      INSERT INTO memory_team.${options.table ?? 'pending_memories'} (host_id, local_id, host_name, project, session_id, tool_name, type, content, importance, created_at)
      VALUES ($1, $2, $3, $4, 's', 'Bash', 'command', $5, 1, now())`,
      [options.host ?? hosts[person], localId, `${person}-laptop`, options.project ?? 'my-app', content],
    );
  }

  /** Runs `work` in a transaction that is rolled back: every cell starts from the same rows. */
  async function attempt(person: Person, work: (client: pg.Client) => Promise<unknown>): Promise<string> {
    const client = as(person);
    await client.query('BEGIN');
    try {
      const result = await work(client);
      if (result && typeof result === 'object' && 'rowCount' in result) {
        const count = (result as pg.QueryResult).rowCount ?? 0;
        return count > 0 ? `allowed (${count})` : 'no rows';
      }
      return String(result);
    } catch (error) {
      return `denied (${(error as { code?: string }).code})`;
    } finally {
      await client.query('ROLLBACK');
    }
  }

  const id = (content: string) => ids[content] as string;
  const contentsOf = async (client: pg.Client, table: string) =>
    (await client.query<{ content: string }>(`SELECT content FROM memory_team.${table} ORDER BY content`)).rows.map(
      (row) => row.content,
    );
  const visible = async (client: pg.Client) =>
    [...(await contentsOf(client, 'memories')), ...(await contentsOf(client, 'pending_memories'))].sort().join(', ');
  const waiting = async (client: pg.Client) => (await contentsOf(client, 'pending_memories')).join(', ');

  it.each([
    [
      'member',
      'carol',
      "reads approved rows of the project and its own, not others' pending",
      visible,
      'bob approved, carol pending',
    ],
    ['member', 'carol', 'reads only its own pushes of what waits for review', waiting, 'carol pending'],
    ['member', 'bob', 'reads only its own pushes of what waits for review', waiting, 'bob pending'],
    [
      'maintainer',
      'alice',
      'reads every row of the project, pending ones too',
      visible,
      'bob approved, bob pending, carol pending',
    ],
    ['maintainer', 'alice', "reads every waiting row of the project's", waiting, 'bob pending, carol pending'],
    ['outsider', 'eve', 'reads nothing of a project it does not belong to', visible, ''],
  ] as const)('read: %s (%s) %s', async (_role, person, _what, work, expected) => {
    expect(await attempt(person, work)).toBe(expected);
  });

  it.each([
    ['member', 'carol', 'writes a row of its own host (to wait)', () => insertAs('carol', 9, 'new'), 'allowed (1)'],
    [
      'member',
      'carol',
      'cannot write straight into the approved rows of a project that waits for review',
      () => insertAs('carol', 9, 'new', { table: 'memories' }),
      'denied (42501)',
    ],
    [
      'member',
      'carol',
      'cannot write a row as another host',
      () => insertAs('carol', 9, 'spoof', { host: hosts['bob'] as string }),
      'denied (42501)',
    ],
    [
      'member',
      'carol',
      'cannot write into a project it does not belong to',
      () => insertAs('carol', 9, 'x', { project: 'other-app' }),
      'denied (42501)',
    ],
    [
      'member',
      'carol',
      "cannot choose a row's status",
      (c: pg.Client) =>
        c.query(
          `INSERT INTO memory_team.pending_memories (host_id, local_id, host_name, project, session_id, tool_name, type, content, importance, created_at, status) VALUES ('${hosts['carol']}', 9, 'c', 'my-app', 's', 'Bash', 'command', 'x', 1, now(), 'rejected')`,
        ),
      'denied (42501)',
    ],
    [
      'member',
      'carol',
      "cannot change another member's row",
      (c: pg.Client) => c.query(`UPDATE memory_team.memories SET content = 'changed' WHERE id = ${id('bob approved')}`),
      'denied (42501)',
    ],
    ['maintainer', 'alice', 'writes a row of its own host', () => insertAs('alice', 9, 'new'), 'allowed (1)'],
    ['outsider', 'eve', 'cannot write into the project', () => insertAs('eve', 9, 'new'), 'denied (42501)'],
  ] as const)('write: %s (%s) %s', async (_role, person, _what, work, expected) => {
    expect(await attempt(person, work)).toBe(expected);
  });

  /** A review through the server's function, as the connected role: how many rows it changed. */
  const reviewed = (status: string, content: string) => async (c: pg.Client) =>
    `reviewed ${
      (
        await c.query<{ n: number }>('SELECT memory_team.review_memories($1, $2, $3::bigint[], NULL, NULL) AS n', [
          status,
          'why',
          [id(content)],
        ])
      ).rows[0]?.n
    }`;
  const approve = (content: string) => reviewed('approved', content);
  it.each([
    ['member', 'carol', "cannot approve another member's push", approve('bob pending'), 'reviewed 0'],
    ['member', 'carol', 'cannot approve its own push', approve('carol pending'), 'reviewed 0'],
    ['maintainer', 'alice', 'approves a pending push', approve('bob pending'), 'reviewed 1'],
    [
      'maintainer',
      'alice',
      'rejects an approved row (it leaves memories)',
      reviewed('rejected', 'bob approved'),
      'reviewed 1',
    ],
    ['member', 'carol', 'cannot reject an approved row', reviewed('rejected', 'bob approved'), 'reviewed 0'],
    ['outsider', 'eve', 'cannot approve anything', approve('bob pending'), 'reviewed 0'],
    [
      'maintainer',
      'alice',
      'cannot set a review state but through the review (no UPDATE of either table)',
      (c: pg.Client) =>
        c.query(`UPDATE memory_team.pending_memories SET status = 'rejected' WHERE id = ${id('bob pending')}`),
      'denied (42501)',
    ],
  ] as const)('approve: %s (%s) %s', async (_role, person, _what, work, expected) => {
    expect(await attempt(person, work)).toBe(expected);
  });

  it('a maintainer approving moves the row into memories, where the member then reads it', async () => {
    expect(
      await attempt('alice', async (c) => {
        await approve('bob pending')(c);
        return `${await contentsOf(c, 'memories')} / ${await contentsOf(c, 'pending_memories')}`;
      }),
    ).toBe('bob approved,bob pending / carol pending');
  });

  const forget =
    (content: string, table = 'memories') =>
    (c: pg.Client) =>
      c.query(`DELETE FROM memory_team.${table} WHERE id = ${id(content)}`);
  it.each([
    ['member', 'carol', 'forgets its own waiting row', forget('carol pending', 'pending_memories'), 'allowed (1)'],
    ['member', 'carol', "cannot forget another member's row", forget('bob approved'), 'no rows'],
    [
      'member',
      'carol',
      "cannot forget another member's waiting row",
      forget('bob pending', 'pending_memories'),
      'no rows',
    ],
    ['maintainer', 'alice', 'forgets any row of the project', forget('bob approved'), 'allowed (1)'],
    [
      'maintainer',
      'alice',
      'forgets any waiting row of the project',
      forget('bob pending', 'pending_memories'),
      'allowed (1)',
    ],
    ['outsider', 'eve', 'cannot forget anything', forget('bob approved'), 'no rows'],
    ['outsider', 'eve', 'cannot forget anything waiting', forget('bob pending', 'pending_memories'), 'no rows'],
    [
      'member',
      'carol',
      "cannot tombstone another host's row",
      (c: pg.Client) =>
        c.query(
          `INSERT INTO memory_team.tombstones (kind, host_id, local_key, project) VALUES ('memory', '${hosts['bob']}', '1', 'other-app')`,
        ),
      'denied (42501)',
    ],
  ] as const)('forget: %s (%s) %s', async (_role, person, _what, work, expected) => {
    expect(await attempt(person, work)).toBe(expected);
  });

  it("a member cannot claim another member's host id", async () => {
    expect(
      await attempt('carol', (c) =>
        c.query(
          `INSERT INTO memory_team.hosts (host_id, host_name) VALUES ('${hosts['bob']}', 'mine') ON CONFLICT (host_id) DO UPDATE SET host_name = excluded.host_name`,
        ),
      ),
    ).toBe('denied (42501)');
  });

  it('a role outside the team group reads nothing at all', async () => {
    await server.admin(
      "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stranger') THEN CREATE ROLE stranger LOGIN PASSWORD 'stranger-pw'; END IF; END $$",
    );
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({
      connectionString: server.cluster.url(server.database, 'stranger', 'stranger-pw'),
    });
    await client.connect();
    try {
      for (const table of ['memories', 'pending_memories'])
        await expect(client.query(`SELECT * FROM memory_team.${table}`)).rejects.toMatchObject({ code: '42501' });
      await expect(
        client.query("SELECT memory_team.review_memories('approved', NULL, NULL, NULL, 10)"),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await client.end();
    }
  });
});

describe('search on the server', () => {
  let server: TeamServer;
  let bob: Sandbox;
  let carol: Sandbox;

  beforeAll(async () => {
    server = await teamServer(cluster());
    await server.admin("UPDATE memory_team.projects SET auto_approve = true WHERE name = 'my-app'");
    bob = fileSandbox();
    seed(bob, [
      memory({ box: bob, content: 'JWT 인증을 미들웨어에 추가했다' }),
      memory({ box: bob, content: 'refactor the authentication middleware' }),
      memory({ box: bob, content: 'npm run build' }),
    ]);
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    await expectOk(team(bob, server, 'bob', ['push']));
    carol = fileSandbox();
    seed(carol, [memory({ box: carol, content: 'carol fixed 인증 locally' })]);
  }, 120_000);

  /** `memory search --team --json`: each hit is a public record (docs/record.md) and its tier. */
  async function teamSearch(
    box: Sandbox,
    person: Person,
    words: string,
  ): Promise<Array<{ memory: Record<string, unknown>; tier: string }>> {
    const result = await expectOk(memoryCli(box, ['search', '--team', words, '--json'], teamEnv(server, person)));
    // Each result is a record with its tier (and score, matched words) added.
    return (JSON.parse(result.stdout) as Array<Record<string, unknown>>).map(
      ({ tier, score: _score, matched: _matched, ...memory }) => ({ memory, tier: tier as string }),
    );
  }

  it('finds a whole Korean word by its stem, and through its English bridge below it', async () => {
    const hits = (await teamSearch(sandbox(), 'carol', '미들웨어에')).filter((hit) => hit.memory['origin'] === 'team');
    expect(hits.map((hit) => [hit.memory['content'], hit.tier])).toEqual([
      ['JWT 인증을 미들웨어에 추가했다', 'unicode61'],
      ['refactor the authentication middleware', 'unicode61'],
    ]);
  });

  it('finds a Korean word inside a longer one only at its start, as local search does', async () => {
    const found = async (words: string) =>
      (await teamSearch(sandbox(), 'carol', words))
        .filter((hit) => hit.memory['origin'] === 'team')
        .map((hit) => [hit.memory['content'], hit.tier]);
    expect(await found('미들')).toEqual([['JWT 인증을 미들웨어에 추가했다', 'unicode61']]);
    expect(await found('들웨어')).toEqual([]);
  });

  it.each([
    ['an English substring (pg_trgm)', 'thenticat', 'trigram', 'refactor the authentication middleware'],
  ] as const)('finds %s', async (_what, words, tier, content) => {
    const hits = (await teamSearch(sandbox(), 'carol', words)).filter((hit) => hit.memory['origin'] === 'team');
    expect(hits.map((hit) => [hit.memory['content'], hit.tier, hit.memory['host'], hit.memory['author']])).toEqual([
      [content, tier, 'bob-laptop', 'bob'],
    ]);
  });

  it('finds a two-syllable Korean word at the start of a longer one from the word keys, merged with local results', async () => {
    const hits = await teamSearch(carol, 'carol', '인증');
    expect(hits.map((hit) => [hit.memory['origin'], hit.memory['host'], hit.memory['content'], hit.tier])).toEqual([
      ['local', 'carol-laptop', 'carol fixed 인증 locally', 'unicode61'],
      ['team', 'bob-laptop', 'JWT 인증을 미들웨어에 추가했다', 'unicode61'],
      ['team', 'bob-laptop', 'refactor the authentication middleware', 'unicode61'],
    ]);
    expectRecords(hits.map((hit) => hit.memory));
    const text = await expectOk(memoryCli(carol, ['search', '--team', '인증'], teamEnv(server, 'carol')));
    expect(text.stdout).toContain('local · carol-laptop');
    expect(text.stdout).toContain('by bob@bob-laptop');
  });

  it('does not show this host its own pushed memories twice', async () => {
    const hits = await teamSearch(bob, 'bob', 'build');
    expect(hits.map((hit) => hit.memory['origin'])).toEqual(['local']);
  });

  it("keeps unapproved memories out of teammates' searches", async () => {
    await server.admin("UPDATE memory_team.projects SET auto_approve = false WHERE name = 'my-app'");
    seed(bob, [memory({ box: bob, content: 'draft note about zeppelin' })]);
    await expectOk(team(bob, server, 'bob', ['push']));
    expect((await serverMemories(server)).find((row) => row.content.includes('zeppelin'))?.status).toBe('pending');
    expect(await teamSearch(sandbox(), 'carol', 'zeppelin')).toEqual([]);
    expect(await teamSearch(sandbox(), 'eve', 'middleware')).toEqual([]);
  });
});
