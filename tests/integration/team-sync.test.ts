// `memory team` against a real PostgreSQL (a throw-away cluster from Debian's packages): init, share,
// push and re-push, the approval gate, tombstones, a server that is down, slow or refuses the
// password, and three hosts pushing at once.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { expectDocSample, terminal } from '../doc-samples.js';
import { NOW, hoursAgo, memory, memoryCli, seed, summary } from '../cli-helpers.js';
import { openDb } from '../../lib/db/open.js';
import { ensureTeamTables, setShared } from '../../lib/team/local-queries.js';
import { moduleProbe, runHook, sandbox, type Sandbox } from '../helpers.js';
import {
  EVERY_MEMORY,
  PASSWORDS,
  expectOk,
  serverMemories,
  team,
  teamEnv,
  teamServer,
  useCluster,
} from '../team-helpers.js';

const cluster = useCluster();

/** A host: its own sandbox and local database with `rows` memories of my-app (and one of secret-app). */
function host(rows: number, words = 'deploy'): Sandbox {
  const box = sandbox();
  seed(box, [
    ...Array.from({ length: rows }, (_, i) =>
      memory({ box, content: `npm run ${words}-${i}`, createdAt: hoursAgo(rows - i) }),
    ),
    memory({ box, project: 'secret-app', content: 'TOP-SECRET-PLAN never leaves', createdAt: hoursAgo(1) }),
  ]);
  return box;
}

/**
 * A host that shares my-app, through the calls behind `memory team share` in this process (the
 * command itself runs in the tests that share by hand): eleven tests start from one.
 */
function sharedHost(rows: number, words?: string): Sandbox {
  const box = host(rows, words);
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

describe('memory team init', () => {
  it('creates the schema once and says so when run again', async () => {
    const server = await teamServer(cluster(), { init: false });
    const admin = sandbox();
    const first = await expectOk(team(admin, server, 'admin', ['init']));
    expect(first.stdout).toContain('schema v6 created');
    expect(first.stdout).toContain('ctype C.UTF-8');
    const second = await expectOk(team(admin, server, 'admin', ['init']));
    expect(second.stdout).toContain('already at schema v6');
    expect(await server.admin('SELECT version FROM memory_team.schema_migrations')).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
      { version: 4 },
      { version: 5 },
      { version: 6 },
    ]);
  });

  it('refuses a database whose ctype is C, where pg_trgm ignores Korean', async () => {
    const server = await teamServer(cluster(), { init: false, ctype: 'C' });
    const result = await team(sandbox(), server, 'admin', ['init']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/ctype "C".*Korean.*LC_CTYPE 'C.UTF-8'/);
    expect(await server.admin("SELECT to_regclass('memory_team.memories') AS t")).toEqual([{ t: null }]);
  });
});

describe('memory team share and push', () => {
  it('sends only shared projects, and a re-push inserts nothing', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(3);
    const first = await expectOk(team(bob, server, 'bob', ['push']));
    expect(first.stdout).toContain('my-app: 3 new memories');
    const rows = await serverMemories(server);
    expect(rows.map((row) => row.content)).toEqual(['npm run deploy-0', 'npm run deploy-1', 'npm run deploy-2']);
    expect(
      rows.every((row) => row.author === 'bob' && row.host_name === 'bob-laptop' && row.status === 'pending'),
    ).toBe(true);
    for (const table of ['memories', 'pending_memories'])
      expect(JSON.stringify(await server.admin(`SELECT * FROM memory_team.${table}`))).not.toContain('TOP-SECRET');

    const again = await expectOk(team(bob, server, 'bob', ['push']));
    expect(again.stdout).toContain('my-app: 0 new memories');
    const everything = await expectOk(team(bob, server, 'bob', ['push', '--all']));
    expect(everything.stdout).toContain('my-app: 0 new memories (3 already on the server)');
    expect(await serverMemories(server)).toHaveLength(3);
  });

  it('sends nothing of a project after unshare', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(1);
    await expectOk(team(bob, server, 'bob', ['push']));
    await expectOk(team(bob, server, 'bob', ['unshare', 'my-app']));
    seed(bob, [memory({ box: bob, content: 'after unshare', createdAt: hoursAgo(0.5) })]);
    const result = await expectOk(team(bob, server, 'bob', ['push']));
    expect(result.stdout).toContain('Nothing to push');
    expect((await serverMemories(server)).map((row) => row.content)).toEqual(['npm run deploy-0']);
  });

  it('filters secrets and personal data, and makes paths project-relative', async () => {
    const server = await teamServer(cluster());
    const bob = sandbox();
    seed(bob, [
      memory({
        box: bob,
        type: 'file_edit',
        toolName: 'Edit',
        filePath: `${bob.project}/src/auth.ts`,
        content: `Edited ${bob.project}/src/auth.ts: mail jane.doe@example.com or call 010-1234-5678; key AKIAIOSFODNN7EXAMPLE`,
      }),
    ]);
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    await expectOk(team(bob, server, 'bob', ['push']));
    const [row] = await serverMemories(server);
    expect(row?.file_path).toBe('src/auth.ts');
    expect(row?.content).toBe('Edited src/auth.ts: mail [email] or call [phone]; key [REDACTED]');
  });

  it('pushes session summaries and refreshes a changed one', async () => {
    const server = await teamServer(cluster());
    const bob = sandbox();
    seed(bob, [memory({ box: bob })], [summary(bob)]);
    const shared = await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    const pushed = await expectOk(team(bob, server, 'bob', ['push']));
    expect(pushed.stdout).toContain('1 new session summary');
    expectDocSample(
      'team-share',
      terminal([
        ['memory team share my-app', shared],
        ['memory team push', pushed],
      ]),
    );
    seed(bob, [], [summary(bob, { summary: 'Edited 2 files', updatedAt: hoursAgo(0.1) })]);
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain('0 new session summaries, 1 updated');
    expect(await server.admin('SELECT summary, status FROM memory_team.session_summaries')).toEqual([
      { summary: 'Edited 2 files', status: 'pending' },
    ]);
  });

  it('refuses to push a project the role does not belong to, naming it', async () => {
    const server = await teamServer(cluster());
    const eve = host(1);
    await expectOk(team(eve, server, 'eve', ['share', 'my-app']));
    const result = await team(eve, server, 'eve', ['push']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('you are not a member of project "my-app"');
    expect(await serverMemories(server)).toHaveLength(0);
  });
});

describe('the approval gate', () => {
  it('shows teammates only what a maintainer approved; reject keeps its reason', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(3, 'migrate');
    await expectOk(team(bob, server, 'bob', ['push']));
    const carol = sandbox();
    const search = async () =>
      JSON.parse(
        (await expectOk(memoryCli(carol, ['search', '--team', 'migrate', '--json'], teamEnv(server, 'carol')))).stdout,
      ) as Array<{ content: string }>;
    expect(await search()).toEqual([]);

    expect((await expectOk(team(bob, server, 'bob', ['review']))).stdout).toBe('Nothing waits for your review.\n');
    const review = await expectOk(team(sandbox(), server, 'alice', ['review']));
    expect(review.stdout).toContain('3 items waiting for review');
    expect(review.stdout).toContain('bob@bob-laptop');
    expectDocSample('team-review', terminal([['memory team review', review]]));
    const limited = await expectOk(team(sandbox(), server, 'alice', ['review', '--limit', '2']));
    expect(limited.stdout).toMatch(/^3 items waiting for review \(showing 2 of 3: --limit shows more\):\n/);

    const [first, second, third] = await serverMemories(server);
    expect((await expectOk(team(sandbox(), server, 'alice', ['approve', first?.id as string]))).stdout).toBe(
      'Approved 1 item.\n',
    );
    expect((await search()).map((hit) => hit.content)).toEqual(['npm run migrate-0']);

    const noReason = await team(sandbox(), server, 'alice', ['reject', second?.id as string]);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('--reason');
    await expectOk(team(sandbox(), server, 'alice', ['reject', second?.id as string, '--reason', 'wrong migration']));
    expect((await serverMemories(server))[1]).toMatchObject({ status: 'rejected', review_reason: 'wrong migration' });

    // A member cannot approve, not even their own push.
    expect((await expectOk(team(bob, server, 'bob', ['approve', third?.id as string]))).stdout).toContain(
      'Approved 0 items (1 not found, already approved, or not yours to review)',
    );
    expect(
      (
        await expectOk(
          team(sandbox(), server, 'alice', ['approve', '--all', '--project', 'my-app', '--reason', 'checked']),
        )
      ).stdout,
    ).toBe('Approved 1 item.\n');
    expect((await search()).map((hit) => hit.content).sort()).toEqual(['npm run migrate-0', 'npm run migrate-2']);
  });

  it('approves new pushes at once when the maintainer turns auto-approve on', async () => {
    const server = await teamServer(cluster());
    const denied = await team(sandbox(), server, 'bob', ['auto-approve', 'my-app', 'on']);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('you do not maintain a project "my-app"');
    await expectOk(team(sandbox(), server, 'alice', ['auto-approve', 'my-app', 'on']));
    const bob = sharedHost(2);
    await expectOk(team(bob, server, 'bob', ['push']));
    expect((await serverMemories(server)).map((row) => row.status)).toEqual(['approved', 'approved']);
  });

  it('search --team says when a full page may hide more matches', async () => {
    const server = await teamServer(cluster());
    await expectOk(team(sandbox(), server, 'alice', ['auto-approve', 'my-app', 'on']));
    const bob = sharedHost(3);
    await expectOk(team(bob, server, 'bob', ['push']));
    const carol = sandbox();
    const capped = await expectOk(
      memoryCli(carol, ['search', '--team', 'deploy', '--limit', '2'], teamEnv(server, 'carol')),
    );
    expect(capped.stdout.split('\n')[0]).toBe(
      'at least 2 memories match "deploy" · 0 here (plain text scan (LIKE)), 2 from the team (words (unicode61))',
    );
    expect(capped.stdout.trimEnd().split('\n').at(-1)).toBe('Showing the first 2; use --limit for more.');
    const whole = await expectOk(
      memoryCli(carol, ['search', '--team', 'deploy', '--limit', '5'], teamEnv(server, 'carol')),
    );
    expect(whole.stdout.split('\n')[0]).toBe(
      '3 memories match "deploy" · 0 here (plain text scan (LIKE)), 3 from the team (words (unicode61))',
    );
    expect(whole.stdout).not.toContain('Showing the first');
    expectDocSample('team-search', terminal([['memory search --team deploy --limit 5', whole]]));
  });
});

describe('retention', () => {
  it('expires memories past the project TTL and keeps errors longer', async () => {
    const server = await teamServer(cluster());
    const bob = sandbox();
    const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000).toISOString();
    seed(bob, [
      memory({ box: bob, content: 'old command', createdAt: daysAgo(200) }),
      memory({ box: bob, content: 'old error', type: 'error', importance: 3, createdAt: daysAgo(200) }),
      memory({ box: bob, content: 'fresh command', createdAt: daysAgo(10) }),
    ]);
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    await expectOk(team(bob, server, 'bob', ['push']));
    const tooLong = await team(sandbox(), server, 'alice', ['ttl', 'my-app', '--days', '400']);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toBe(
      'memory: errors are kept at least as long as other memories: --error-days would be 365, --days 400\n',
    );
    expect((await team(sandbox(), server, 'bob', ['ttl', 'my-app', '--days', '30'])).stderr).toContain(
      'you do not maintain a project "my-app"',
    );
    expect((await expectOk(team(sandbox(), server, 'alice', ['expire']))).stdout).toContain('Expired 1 memory');
    expect((await serverMemories(server)).map((row) => row.content)).toEqual(['old error', 'fresh command']);
    expect(
      (await expectOk(team(sandbox(), server, 'alice', ['ttl', 'my-app', '--days', '5', '--error-days', '30']))).stdout,
    ).toBe('my-app keeps memories 5 days and errors 30 days.\n');
    await expectOk(team(sandbox(), server, 'alice', ['expire']));
    expect(await serverMemories(server)).toEqual([]);
  });
});

describe('tombstones', () => {
  it('memory forget removes a pushed memory from the server, and no push brings it back', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(2);
    await expectOk(team(bob, server, 'bob', ['push']));
    const forget = await expectOk(memoryCli(bob, ['forget', '1', '--yes'], teamEnv(server, 'bob')));
    expect(forget.stdout).toContain('Removed 1 forgotten item from the team server too.');
    expect((await serverMemories(server)).map((row) => row.content)).toEqual(['npm run deploy-1']);
    expect(await server.admin('SELECT kind, local_key FROM memory_team.tombstones')).toEqual([
      { kind: 'memory', local_key: '1' },
    ]);
    await expectOk(team(bob, server, 'bob', ['push', '--all']));
    expect(await serverMemories(server)).toHaveLength(1);
  });

  it('removes the server copy of a session summary that forget rebuilt without the forgotten text', async () => {
    const server = await teamServer(cluster());
    const bob = sandbox();
    seed(
      bob,
      [memory({ box: bob, content: 'npm run keep' }), memory({ box: bob, content: 'npm run oops-secret' })],
      [summary(bob, { summary: 'Commands: npm run keep, npm run oops-secret' })],
    );
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    await expectOk(team(bob, server, 'bob', ['push']));
    await expectOk(memoryCli(bob, ['forget', '2', '--yes'], teamEnv(server, 'bob')));
    expect(await server.admin('SELECT summary FROM memory_team.session_summaries')).toEqual([]);
    await expectOk(team(bob, server, 'bob', ['push']));
    expect(JSON.stringify(await server.admin('SELECT * FROM memory_team.session_summaries'))).not.toContain(
      'oops-secret',
    );
  });

  it('queues the tombstone while the server is down and sends it with the next push', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(2);
    await expectOk(team(bob, server, 'bob', ['push']));
    const down = { CLAUDE_MEMORY_TEAM_URL: `postgres://bob:${PASSWORDS.bob}@127.0.0.1:${await closedPort()}/x` };
    const forget = await expectOk(memoryCli(bob, ['forget', '2', '--yes'], down));
    expect(forget.stdout).toContain('the next `memory team push` removes the forgotten items there');
    expect(forget.stdout).not.toContain(PASSWORDS.bob);
    expect(await serverMemories(server)).toHaveLength(2);
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain(
      'Sent 1 tombstone (1 row removed from the server).',
    );
    expect((await serverMemories(server)).map((row) => row.content)).toEqual(['npm run deploy-0']);
  });
});

describe('a server that is down, slow or refuses us', () => {
  it('fails team commands with one line and never prints the password; --team still shows local results', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(1);
    const slow = createServer((socket: Socket) => socket.on('error', () => undefined)); // accepts, never answers
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void slow.close());
    const slowPort = (slow.address() as { port: number }).port;
    const cases = [
      {
        url: `postgres://bob:${PASSWORDS.bob}@127.0.0.1:${await closedPort()}/${server.database}`,
        says: 'connection refused',
      },
      {
        url: `postgres://bob:${PASSWORDS.bob}@127.0.0.1:${slowPort}/${server.database}`,
        says: 'did not answer within the connect timeout',
      },
      {
        url: `postgres://bob:wrong-${PASSWORDS.bob}@127.0.0.1:${server.cluster.port}/${server.database}`,
        says: 'the server refused the password',
      },
    ];
    for (const { url, says } of cases) {
      const env = { CLAUDE_MEMORY_TEAM_URL: url, CLAUDE_MEMORY_TEAM_TIMEOUT_MS: '500' };
      const push = await memoryCli(bob, ['team', 'push'], env);
      expect(push.code, says).toBe(1);
      expect(push.stderr.trim().split('\n'), says).toHaveLength(1);
      expect(push.stderr, says).toContain(says);
      expect(push.stderr + push.stdout, says).not.toContain(PASSWORDS.bob);
      const search = await memoryCli(bob, ['search', '--team', 'deploy'], env);
      expect(search.code, says).toBe(1);
      expect(search.stdout, says).toContain('npm run deploy-0');
      expect(search.stderr.trim().split('\n'), says).toHaveLength(1);
      expect(search.stderr + search.stdout, says).not.toContain(PASSWORDS.bob);
    }
    const probe = moduleProbe(bob.home);
    const status = await memoryCli(bob, ['team', 'status'], {
      CLAUDE_MEMORY_TEAM_URL: server.url('bob'),
      ...probe.env,
    });
    expect(status.stdout).toContain(`postgres://bob:***@127.0.0.1:${server.cluster.port}/${server.database}`);
    expect(status.stdout + status.stderr).not.toContain(PASSWORDS.bob);
    // pg's load-time question (Cloudflare Workers?) is answered without Node's fetch (lib/team/connect.ts).
    expect(probe.loaded().filter((module) => module.includes('undici'))).toEqual([]);
  });

  it('three hosts pushing at once lose nothing and duplicate nothing', async () => {
    const server = await teamServer(cluster());
    const hosts = (['alice', 'bob', 'carol'] as const).map((person) => ({ person, box: sharedHost(400, person) }));
    const pushAll = () => Promise.all(hosts.map(({ person, box }) => team(box, server, person, ['push'])));
    for (const result of await pushAll()) expect(result.code, result.stderr).toBe(0);
    // The same local ids (1…400) on every host: the host id keeps them apart.
    const counts = await server.admin<{ rows: number; keys: number; hosts: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT (host_id, local_id))::int AS keys, count(DISTINCT host_id)::int AS hosts FROM ${EVERY_MEMORY}`,
    );
    expect(counts).toEqual([{ rows: 1200, keys: 1200, hosts: 3 }]);
    await Promise.all(hosts.map(({ person, box }) => team(box, server, person, ['push', '--all'])));
    expect(await server.admin(`SELECT count(*)::int AS rows FROM ${EVERY_MEMORY}`)).toEqual([{ rows: 1200 }]);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('memory team member', () => {
  it('adds members through the CLI, and refuses a role that does not exist', async () => {
    const server = await teamServer(cluster(), { init: false });
    const admin = sandbox();
    await expectOk(team(admin, server, 'admin', ['init']));
    expect((await expectOk(team(admin, server, 'admin', ['member', 'add', 'bob', 'web', '--maintainer']))).stdout).toBe(
      'bob is a maintainer of web.\n',
    );
    const missing = await team(admin, server, 'admin', ['member', 'add', 'mallory', 'web']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no role "mallory"');
    expect(await server.admin('SELECT project, member::text, role FROM memory_team.project_members')).toEqual([
      { project: 'web', member: 'bob', role: 'maintainer' },
    ]);
    expect((await expectOk(team(admin, server, 'admin', ['member', 'remove', 'bob', 'web']))).stdout).toBe(
      'bob no longer belongs to web.\n',
    );
  });
});

describe('memory doctor', () => {
  it('checks the team server: a C ctype fails, a UTF-8 one passes, a server that is down is a note', async () => {
    const checksOf = async (url: string) => {
      const result = await memoryCli(sandbox(), ['doctor', '--json'], {
        CLAUDE_MEMORY_TEAM_URL: url,
        CLAUDE_MEMORY_TEAM_TIMEOUT_MS: '2000',
      });
      const report = JSON.parse(result.stdout) as {
        checks: Array<{ section: string; status: string; message: string }>;
      };
      return report.checks
        .filter((check) => check.section === 'team')
        .map((check) => `${check.status}: ${check.message}`);
    };
    const latin = await teamServer(cluster(), { init: false, ctype: 'C' });
    expect((await checksOf(latin.url())).join('\n')).toMatch(
      /^fail: database .* ctype "C": substring search \(pg_trgm\) ignores Korean/m,
    );
    const good = await teamServer(cluster());
    expect((await checksOf(good.url('bob'))).slice(1)).toEqual([
      `ok: database ${good.database}: UTF8, ctype C.UTF-8`,
      'ok: team schema v6',
    ]);
    const down = await checksOf(`postgres://bob:${PASSWORDS.bob}@127.0.0.1:${await closedPort()}/x`);
    expect(down).toHaveLength(1);
    expect(down[0]).toMatch(
      /^warn: cannot use team server postgres:\/\/bob:\*\*\*@127\.0\.0\.1:\d+\/x: connection refused/,
    );
  });
});

describe('push after Stop', () => {
  it('starts a detached push when auto-push is configured, at most once per interval', async () => {
    const server = await teamServer(cluster());
    const bob = sharedHost(2);
    const env = { ...bob.env, ...teamEnv(server, 'bob'), CLAUDE_MEMORY_TEAM_AUTO_PUSH: '15', CLAUDE_MEMORY_NOW: NOW };
    const stop = {
      session_id: 'sess-1111',
      transcript_path: '/t.jsonl',
      cwd: bob.project,
      hook_event_name: 'Stop',
      stop_hook_active: false,
    };
    const first = await runHook('stop', stop, { env });
    expect([first.code, first.stdout, first.stderr]).toEqual([0, '', '']);
    // The push runs in its own process after the hook returned: wait for its rows (bounded, no timing claim).
    for (let tries = 0; tries < 600 && (await serverMemories(server)).length < 2; tries++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await serverMemories(server)).map((row) => row.content)).toEqual(['npm run deploy-0', 'npm run deploy-1']);
    const marker = readFileSync(`${bob.dbPath}.last-team-push`, 'utf8');
    expect(marker).toBe(`${NOW}\n`);
    // Within the interval the marker is not claimed again, so no second push starts.
    const later = { ...env, CLAUDE_MEMORY_NOW: new Date(Date.parse(NOW) + 5 * 60_000).toISOString() };
    expect((await runHook('stop', stop, { env: later })).code).toBe(0);
    expect(readFileSync(`${bob.dbPath}.last-team-push`, 'utf8')).toBe(marker);
  });

  it('never starts one without the setting, and never fails the hook when the server is down', async () => {
    const bob = host(1);
    const stop = {
      session_id: 'sess-1111',
      transcript_path: '/t.jsonl',
      cwd: bob.project,
      hook_event_name: 'Stop',
      stop_hook_active: false,
    };
    const off = await runHook('stop', stop, {
      env: { ...bob.env, CLAUDE_MEMORY_TEAM_URL: `postgres://bob:x@127.0.0.1:${await closedPort()}/x` },
    });
    expect([off.code, off.stderr]).toEqual([0, '']);
    expect(existsSync(`${bob.dbPath}.last-team-push`)).toBe(false);
    const down = await runHook('stop', stop, {
      env: {
        ...bob.env,
        CLAUDE_MEMORY_TEAM_URL: `postgres://bob:x@127.0.0.1:${await closedPort()}/x`,
        CLAUDE_MEMORY_TEAM_AUTO_PUSH: '5',
      },
    });
    expect([down.code, down.stdout, down.stderr]).toEqual([0, '', '']);
  });
});
