// Team search by word keys on a real PostgreSQL: each step's statement is answered from an index
// (EXPLAIN), a teammate's search orders the same rows as local search on the laptop that captured
// them, and servers upgraded from schema v1 and v2 with rows on them answer the same way.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MIGRATIONS, SERVER_MIGRATIONS_TABLE } from '../../lib/team/server-schema.js';
import { addMember } from '../../lib/team/server-queries.js';
import { hoursAgo, memory, memoryCli, seed } from '../cli-helpers.js';
import type { Sandbox } from '../helpers.js';
import { expectOk, fileSandbox, team, teamEnv, teamServer, useCluster, type TeamServer } from '../team-helpers.js';

const cluster = useCluster();

async function contents(box: Sandbox, args: readonly string[], env: Record<string, string> = {}): Promise<string[]> {
  const result = await expectOk(memoryCli(box, ['search', ...args, '--json'], env));
  return (JSON.parse(result.stdout) as Array<Record<string, unknown>>).map((hit) => hit['content'] as string);
}

describe('team search by word keys', () => {
  let server: TeamServer;
  let bob: Sandbox;
  let carol: Sandbox;

  beforeAll(async () => {
    server = await teamServer(cluster());
    await server.admin("UPDATE memory_team.projects SET auto_approve = true WHERE name = 'my-app'");
    bob = fileSandbox();
    const rows = [
      memory({ box: bob, content: 'webpack build failed: 에러 in [webpack]_chunk-loader.js', createdAt: hoursAgo(30) }),
      memory({
        box: bob,
        content: 'rm -rf node_modules/.cache',
        request: 'webpack 청크 에러 고쳐줘',
        createdAt: hoursAgo(29),
      }),
      memory({ box: bob, content: 'SequelizeUniqueConstraintError on users.email', createdAt: hoursAgo(28) }),
      memory({
        box: bob,
        content: 'npm test',
        intent: 'check the SequelizeUniqueConstraintError fix',
        createdAt: hoursAgo(27),
      }),
      memory({ box: bob, content: 'useTodos hook returns stale state', filePath: `${bob.project}/src/useTodos.ts` }),
      memory({ box: bob, content: '캐시를 지웠다', createdAt: hoursAgo(26) }),
      memory({ box: bob, content: 'cleared the cache directory', createdAt: hoursAgo(25) }),
      memory({ box: bob, content: '사용자인증 모듈 정리', createdAt: hoursAgo(24) }),
      memory({ box: bob, content: 'JWT 인증을 토큰 갱신으로 바꿈', createdAt: hoursAgo(23) }),
    ];
    for (let i = 0; i < 12; i++)
      rows.push(memory({ box: bob, content: `에러 로그 ${i}번째 줄`, createdAt: hoursAgo(40 + i) }));
    seed(bob, rows);
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    await expectOk(team(bob, server, 'bob', ['push']));
    carol = fileSandbox();
  }, 120_000);

  it.each([
    ['a rare word in the request beside a common one', 'webpack 청크 에러'],
    ['an exception class in the content and in an intent', 'SequelizeUniqueConstraintError'],
    ['a Korean word with its particle, and its English bridge', '캐시'],
    ['an English word, and its Korean bridge', 'cache'],
    ['a Korean word common to many rows', '에러'],
    ['an identifier by its parts, one of them sparse (substrings added)', 'use todos'],
    ['a word found only inside longer words', 'hunk'],
    ['a two-syllable Korean word, never inside a longer one', '인증'],
    ['a Korean word at the start of a longer one', '사용자'],
  ])("orders %s as bob's own laptop does", async (_what, query) => {
    const local = await contents(bob, [query]);
    const remote = await contents(carol, ['--team', query], teamEnv(server, 'carol'));
    expect(local.length).toBeGreaterThan(0);
    expect(remote).toEqual(local);
  });

  it('answers each step from an index: the word keys, the substrings, a common word by a window of dates', async () => {
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      // Enough rows that reading them all costs more than the index, as on any real server (the
      // planner rightly reads a handful of rows whole); then the planner's own choice is asserted.
      await client.query(`
        INSERT INTO memory_team.memories (host_id, local_id, author, host_name, project, session_id, tool_name, type,
                                          content, importance, created_at, keys)
        SELECT h.host_id, 1000000 + i, 'bob', 'filler', 'my-app', 'filler', 'Bash', 'command', 'npm run filler-' || i, 1,
               now() - make_interval(mins => i), ARRAY['npm', 'run', 'filler', 'filler-' || i]
        FROM generate_series(1, 30000) AS i, (SELECT host_id FROM memory_team.hosts LIMIT 1) AS h`);
      // As autovacuum does on a server: the key index's pending list (where fresh rows wait) merged.
      await client.query('VACUUM ANALYZE memory_team.memories');
      // The plans of the statements search_words itself runs, as bob: auto_explain sends each one
      // (nested statements included) to this client as a notice.
      const notices: string[] = [];
      client.on('notice', (notice) => notices.push(notice.message ?? ''));
      await client.query("LOAD 'auto_explain'");
      await client.query('SET auto_explain.log_min_duration = 0');
      await client.query('SET auto_explain.log_nested_statements = on');
      await client.query("SET auto_explain.log_level = 'notice'");
      await client.query('SET SESSION AUTHORIZATION bob');
      const plans = async (word: string, like: string | null = null) => {
        notices.length = 0;
        const words = [{ own: [[word]], request: [[`r:${word}`]], bridge: [], bridgeRequest: [], like }];
        await client.query('SELECT * FROM memory_team.search_words($1::jsonb, NULL, NULL, NULL, 2000, 10, 300, 300)', [
          JSON.stringify(words),
        ]);
        const steps = notices.filter((text) => text.includes('LIMIT $2'));
        expect(steps.length).toBeGreaterThan(0);
        return steps.join('\n');
      };
      // A rare word: read whole from its key index.
      expect(await plans('webpack')).toContain('memories_keys');
      // A word in every row: a window of the newest approved rows of bob's projects, read by date,
      // its bound read off (project, status, created_at) alone.
      const common = await plans('filler');
      expect(common).toMatch(/memories_project_status|memories_created/);
      expect(notices.some((text) => text.includes('OFFSET width') && text.includes('Index Only Scan'))).toBe(true);
      // A word no key holds, found inside longer words: the substring index.
      const inside = await plans('hunk', '%hunk%');
      expect(inside).toContain('memories_trigram');
      // A Korean two-syllable word: its word-start key, from the key index.
      const korean = await plans('인증');
      expect(korean).toContain('memories_keys');
      // A word nothing holds: the key index, then its substrings from the trigram index.
      const nothing = await plans('qzxwvy', '%qzxwvy%');
      expect(nothing).toContain('memories_keys');
      expect(nothing).toContain('memories_trigram');
      for (const plan of [common, inside, korean, nothing]) expect(plan).not.toMatch(/Seq Scan on memories/);
      // The candidates' match codes and the page's rows: read by id.
      notices.length = 0;
      const words = [{ own: [['webpack']], request: [['r:webpack']], bridge: [], bridgeRequest: [], like: null }];
      await client.query(
        'SELECT * FROM memory_team.search_hits($1::jsonb, ARRAY[1, 2, 3]::bigint[], NULL, NULL, NULL)',
        [JSON.stringify(words)],
      );
      await client.query('SELECT * FROM memory_team.search_rows(ARRAY[1, 2, 3]::bigint[])');
      const byId = notices.filter((text) => text.includes('m.id = ANY($1)'));
      expect(byId).toHaveLength(2);
      for (const plan of byId) expect(plan).toContain('memories_pkey');
    } finally {
      await client.end();
    }
  });
});

describe('a server upgraded from schema v1 with rows on it', () => {
  it('keeps its rows, and finds them by word once `memory team init` has keyed them', async () => {
    const server = await teamServer(cluster(), { init: false });
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      await client.query(SERVER_MIGRATIONS_TABLE);
      await client.query(SERVER_MIGRATIONS[0] as string);
      await client.query('INSERT INTO memory_team.schema_migrations (version) VALUES (1)');
      await addMember(client, 'bob', 'my-app', 'member');
      await client.query("UPDATE memory_team.projects SET auto_approve = true WHERE name = 'my-app'");
      await client.query(`
        INSERT INTO memory_team.hosts (host_id, owner, host_name) VALUES ('00000000-0000-4000-8000-000000000001', 'bob', 'old-box');
        INSERT INTO memory_team.memories (host_id, local_id, author, host_name, project, session_id, tool_name, type, content, importance, created_at)
        VALUES ('00000000-0000-4000-8000-000000000001', 1, 'bob', 'old-box', 'my-app', 's', 'Bash', 'command', 'npm run migrateUsers before deploy', 1, now())`);
    } finally {
      await client.end();
    }
    const admin = fileSandbox();
    const init = await expectOk(team(admin, server, 'admin', ['init']));
    expect(init.stdout).toContain('schema upgraded v1 → v6');
    expect(init.stdout).toContain('Indexed 1 memory pushed before for search.');
    expect(await contents(fileSandbox(), ['--team', 'migrate users'], teamEnv(server, 'bob'))).toEqual([
      'npm run migrateUsers before deploy',
    ]);
    expect((await expectOk(team(admin, server, 'admin', ['init']))).stdout).not.toContain('Indexed');
    // Each init asks for rows still without keys: the partial index can answer it (on this one-row table
    // the planner would rather read the row, so sequential scans are ruled out for the question).
    const check = new pg.Client({ connectionString: server.url() });
    await check.connect();
    try {
      await check.query('SET enable_seqscan = off');
      const plan = await check.query<Record<string, string>>(
        'EXPLAIN SELECT m.id::text AS id FROM memory_team.memories m WHERE m.keys IS NULL ORDER BY m.id LIMIT 2000',
      );
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('memories_unkeyed');
    } finally {
      await check.end();
    }
  });
});

describe('a server of schema v2 with rows on it, upgraded', () => {
  it('answers as local search once `memory team init` has upgraded it, its rows and their old keys kept', async () => {
    const server = await teamServer(cluster(), { init: false });
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      await client.query(SERVER_MIGRATIONS_TABLE);
      for (const version of [1, 2]) {
        await client.query(SERVER_MIGRATIONS[version - 1] as string);
        await client.query('INSERT INTO memory_team.schema_migrations (version) VALUES ($1)', [version]);
      }
      for (const person of ['bob', 'carol']) await addMember(client, person, 'my-app', 'member');
      await client.query("UPDATE memory_team.projects SET auto_approve = true WHERE name = 'my-app'");
    } finally {
      await client.end();
    }
    const bob = fileSandbox();
    seed(bob, [
      memory({ box: bob, content: '사용자인증 모듈 정리', createdAt: hoursAgo(5) }),
      memory({ box: bob, content: 'JWT 인증을 토큰 갱신으로 바꿈', createdAt: hoursAgo(4) }),
      memory({ box: bob, content: 'useTodos hook returns stale state', createdAt: hoursAgo(3) }),
      memory({ box: bob, content: 'SequelizeUniqueConstraintError on users.email', createdAt: hoursAgo(2) }),
      memory({ box: bob, content: '캐시를 지웠다', createdAt: hoursAgo(1) }),
    ]);
    // Pushed while the server is at v2 (a push only inserts), then given the keys a v2 client made:
    // every inner pair of syllables of a Korean word, which v2 searched and v3 never asks for.
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    await expectOk(team(bob, server, 'bob', ['push']));
    await server.admin(`
      UPDATE memory_team.memories SET keys = keys || ARRAY(
        SELECT DISTINCT 'g:' || substr(w, i, 2) FROM regexp_split_to_table(content, '\\s+') AS w,
                                                     generate_series(2, char_length(w) - 1) AS i
        WHERE w ~ '^[가-힣]+$')`);
    expect(await server.admin("SELECT content FROM memory_team.memories WHERE keys @> ARRAY['g:인증']")).toEqual([
      { content: '사용자인증 모듈 정리' },
    ]);
    const carol = fileSandbox();
    const search = (query: string) => memoryCli(carol, ['search', '--team', query, '--json'], teamEnv(server, 'carol'));
    const before = await search('인증');
    expect(before.stderr).toContain('has schema v2; searching it needs v6: its administrator runs `memory team init`');
    const init = await expectOk(team(fileSandbox(), server, 'admin', ['init']));
    expect(init.stdout).toContain('schema upgraded v2 → v6');
    expect(await server.admin('SELECT count(*)::int AS n FROM memory_team.memories')).toEqual([{ n: 5 }]);
    for (const query of ['인증', 'use todos', 'cache', '사용자']) {
      const local = await contents(bob, [query]);
      expect(local.length).toBeGreaterThan(0);
      expect(await contents(carol, ['--team', query], teamEnv(server, 'carol'))).toEqual(local);
    }
  });
});

describe('review and access at any backlog', () => {
  let server: TeamServer;

  beforeAll(async () => {
    server = await teamServer(cluster());
    // A backlog past one batch of `approve --all` (5,000 a transaction), pushed as bob would.
    await server.admin(`
      INSERT INTO memory_team.hosts (host_id, owner, host_name) VALUES ('00000000-0000-4000-8000-000000000002', 'bob', 'bob-laptop');
      INSERT INTO memory_team.pending_memories (host_id, local_id, author, host_name, project, session_id, tool_name, type, content, importance, created_at, keys)
      SELECT '00000000-0000-4000-8000-000000000002', i, 'bob', 'bob-laptop', 'my-app', 's', 'Bash', 'command',
             'npm run backlog-' || i, 1, now() - make_interval(secs => i), ARRAY['npm', 'run', 'backlog']
      FROM generate_series(1, 12000) AS i`);
    await server.admin('ANALYZE memory_team.pending_memories');
  }, 120_000);

  it('says how many wait when it shows only some, and approves them all in batches', async () => {
    const review = await expectOk(team(fileSandbox(), server, 'alice', ['review', '--limit', '2']));
    expect(review.stdout.split('\n')[0]).toBe(
      '12000 items waiting for review (showing 2 of 12000: --limit shows more):',
    );
    expect(await contents(fileSandbox(), ['--team', 'backlog'], teamEnv(server, 'carol'))).toEqual([]);
    const approve = await expectOk(team(fileSandbox(), server, 'alice', ['approve', '--all']));
    expect(approve.stdout).toBe('Approved 12000 items.\n');
    // Moved, each written once into memories: none left waiting.
    expect(await server.admin("SELECT count(*)::int AS n FROM memory_team.memories WHERE status = 'approved'")).toEqual(
      [{ n: 12000 }],
    );
    expect(await server.admin('SELECT count(*)::int AS n FROM memory_team.pending_memories')).toEqual([{ n: 0 }]);
    expect((await contents(fileSandbox(), ['--team', 'backlog'], teamEnv(server, 'carol'))).length).toBeGreaterThan(0);
    // Resumable: another run finds nothing left, and says so.
    expect((await expectOk(team(fileSandbox(), server, 'alice', ['approve', '--all']))).stdout).toBe(
      'Approved 0 items.\n',
    );
  });

  it("reads the role's projects once per statement, not a function call per row, as a member and as a maintainer", async () => {
    for (const person of ['bob', 'alice'] as const) {
      const client = await server.connect(person);
      try {
        const plan = (
          await client.query<Record<string, string>>(
            "EXPLAIN SELECT count(*) FROM memory_team.memories WHERE project = 'my-app' AND status = 'approved'",
          )
        ).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
        expect(plan).toContain('InitPlan');
        expect(plan).not.toMatch(/is_member|is_maintainer|owns_host/);
        // What waits for review, under its own policies: the same, off one of its indexes (emptied by the
        // approval above, so sequential scans are ruled out for the question, as for memories_unkeyed).
        await client.query('SET enable_seqscan = off');
        const waiting = (
          await client.query<Record<string, string>>(
            "EXPLAIN SELECT count(*) FROM memory_team.pending_memories WHERE project = 'my-app' AND status = 'pending'",
          )
        ).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
        expect(waiting).toContain('InitPlan');
        expect(waiting).toMatch(/Index (Only )?Scan on pending_memories_(review|author)/);
        expect(waiting).not.toMatch(/is_member|is_maintainer|owns_host/);
      } finally {
        await client.end();
      }
    }
  });
});
