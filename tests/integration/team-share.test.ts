// What `memory team share` and `team status` say the next push sends, against what `memory team push`
// then sends, on a real PostgreSQL: the same server, a second server (which gets everything again),
// and a server that cannot be asked.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { hoursAgo, memory, memoryCli, seed, summary } from '../cli-helpers.js';
import { sandbox, type Sandbox } from '../helpers.js';
import { expectOk, serverMemories, team, teamServer, useCluster } from '../team-helpers.js';

const cluster = useCluster();

function host(rows: number, from = 0): Sandbox {
  const box = sandbox();
  addMemories(box, rows, from);
  return box;
}

function addMemories(box: Sandbox, rows: number, from: number): void {
  seed(
    box,
    Array.from({ length: rows }, (_, i) =>
      memory({ box, content: `npm run deploy-${from + i}`, createdAt: hoursAgo(100 - from - i) }),
    ),
    from === 0 ? [summary(box)] : [],
  );
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('memory team share tells what the next push sends', () => {
  it('counts for the server it will push to: the one it pushed to, then a second one that gets everything', async () => {
    const first = await teamServer(cluster());
    const bob = host(3);
    const shared = await expectOk(team(bob, first, 'bob', ['share', 'my-app']));
    expect(shared.stdout).toBe(
      'Shared my-app. `memory team push` sends 3 memories and 1 session summary so far, for review.\n',
    );
    expect((await expectOk(team(bob, first, 'bob', ['push']))).stdout).toContain(
      'my-app: 3 new memories, 1 new session summary.',
    );

    addMemories(bob, 2, 3);
    const again = await expectOk(team(bob, first, 'bob', ['share', 'my-app']));
    expect(again.stdout).toContain('sends 2 memories and 0 session summaries so far, for review.');
    expect((await expectOk(team(bob, first, 'bob', ['status']))).stdout).toContain(
      'shared here: my-app (2 memories and 0 summaries not pushed yet)',
    );
    expect((await expectOk(team(bob, first, 'bob', ['push']))).stdout).toContain('my-app: 2 new memories');

    const second = await teamServer(cluster());
    expect((await expectOk(team(bob, first, 'bob', ['status']))).stdout).toContain(
      'shared here: my-app (0 memories and 0 summaries not pushed yet)',
    );
    expect((await expectOk(team(bob, second, 'bob', ['status']))).stdout).toContain(
      'shared here: my-app (5 memories and 1 summary not pushed yet)',
    );
    const elsewhere = await expectOk(team(bob, second, 'bob', ['share', 'my-app']));
    expect(elsewhere.stdout).toBe(
      'Shared my-app. `memory team push` sends 5 memories and 1 session summary so far, for review: ' +
        'this machine has not pushed to this team server before, so everything shared is offered again.\n',
    );
    const pushed = await expectOk(team(bob, second, 'bob', ['push']));
    expect(pushed.stdout).toContain('my-app: 5 new memories, 1 new session summary.');
    expect(await serverMemories(second)).toHaveLength(5);
    expect((await expectOk(team(bob, second, 'bob', ['share', 'my-app']))).stdout).toContain(
      'sends 0 memories and 0 session summaries so far, for review.',
    );
  });

  it('says both counts when the server cannot be asked, and stays shared', async () => {
    const server = await teamServer(cluster());
    const bob = host(2);
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    await expectOk(team(bob, server, 'bob', ['push']));
    addMemories(bob, 1, 2);
    const port = await closedPort();
    const down = await expectOk(
      memoryCli(bob, ['team', 'share', 'my-app'], {
        CLAUDE_MEMORY_TEAM_URL: `postgres://bob:pw@127.0.0.1:${port}/${server.database}`,
        CLAUDE_MEMORY_TEAM_TIMEOUT_MS: '500',
      }),
    );
    expect(down.stdout).toBe(
      'Shared my-app. `memory team push` sends 1 memory and 0 session summaries so far to the team server this ' +
        'machine pushed to last, or 3 memories and 1 session summary to another one, for review (cannot use ' +
        `team server postgres://bob:***@127.0.0.1:${port}/${server.database}: connection refused (is the server ` +
        'running and listening there?)).\n',
    );
    expect(down.stdout).not.toContain(':pw@');
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain('my-app: 1 new memory,');

    // Never pushed: the counts hold for any server, so an unconfigured share says them plainly.
    const fresh = host(2);
    const offline = await expectOk(memoryCli(fresh, ['team', 'share', 'my-app']));
    expect(offline.stdout).toBe(
      'Shared my-app. `memory team push` sends 2 memories and 1 session summary so far, for review.\n',
    );
  });
});
