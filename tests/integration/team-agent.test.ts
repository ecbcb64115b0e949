// Which coding agent made a team memory, on a real PostgreSQL: a server of schema v3 that already
// holds rows is upgraded in place (its rows kept, their agent not recorded), a push then carries each
// memory's agent, and `memory search --team --agent` keeps that agent's rows on both sides.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SERVER_MIGRATIONS, SERVER_MIGRATIONS_TABLE } from '../../lib/team/server-schema.js';
import { addMember } from '../../lib/team/server-queries.js';
import { hoursAgo, memory, memoryCli, seed } from '../cli-helpers.js';
import { expectOk, fileSandbox, team, teamEnv, teamServer, useCluster } from '../team-helpers.js';

const cluster = useCluster();

describe('the agent in team memory', () => {
  it('upgrades a v3 server with rows to v4, then pushes, shows and filters each memory by its agent', async () => {
    const server = await teamServer(cluster(), { init: false });
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      await client.query(SERVER_MIGRATIONS_TABLE);
      for (const version of [1, 2, 3]) {
        await client.query(SERVER_MIGRATIONS[version - 1] as string);
        await client.query('INSERT INTO memory_team.schema_migrations (version) VALUES ($1)', [version]);
      }
      for (const person of ['bob', 'carol']) await addMember(client, person, 'my-app', 'member');
      await client.query("UPDATE memory_team.projects SET auto_approve = true WHERE name = 'my-app'");
    } finally {
      await client.end();
    }
    const bob = fileSandbox();
    seed(bob, [memory({ box: bob, content: 'deploy script from before', createdAt: hoursAgo(5) })]);
    // Pushed while the server is at v3: a push to an older server leaves the agent out.
    await expectOk(team(bob, server, 'bob', ['share', 'my-app']));
    expect((await expectOk(team(bob, server, 'bob', ['push']))).stdout).toContain('1 new memory');

    const init = await expectOk(team(fileSandbox(), server, 'admin', ['init']));
    expect(init.stdout).toContain('schema upgraded v3 → v6');
    expect(await server.admin('SELECT content, agent FROM memory_team.memories')).toEqual([
      { content: 'deploy script from before', agent: null },
    ]);

    seed(bob, [
      memory({ box: bob, content: 'deploy by codex', agent: 'codex', createdAt: hoursAgo(3) }),
      memory({ box: bob, content: 'deploy by gemini', agent: 'gemini', createdAt: hoursAgo(2) }),
      memory({ box: bob, content: 'deploy by claude', createdAt: hoursAgo(1) }),
    ]);
    await expectOk(team(bob, server, 'bob', ['push']));
    expect(await server.admin('SELECT content, agent FROM memory_team.memories ORDER BY created_at')).toEqual([
      { content: 'deploy script from before', agent: null },
      { content: 'deploy by codex', agent: 'codex' },
      { content: 'deploy by gemini', agent: 'gemini' },
      { content: 'deploy by claude', agent: 'claude-code' },
    ]);

    const carol = fileSandbox();
    const search = (...args: string[]) =>
      expectOk(memoryCli(carol, ['search', '--team', 'deploy', ...args], teamEnv(server, 'carol')));
    const all = JSON.parse((await search('--json')).stdout) as Array<{ content: string; agent: string | null }>;
    expect(all.map((hit) => [hit.content, hit.agent])).toEqual([
      ['deploy by claude', 'claude-code'],
      ['deploy by gemini', 'gemini'],
      ['deploy by codex', 'codex'],
      ['deploy script from before', null],
    ]);
    const codex = JSON.parse((await search('--agent', 'codex', '--json')).stdout) as Array<{ content: string }>;
    expect(codex.map((hit) => hit.content)).toEqual(['deploy by codex']);
    // The text output marks an agent other than Claude Code, as local results are marked.
    const text = (await search('--agent', 'gemini')).stdout;
    expect(text).toContain('1 memory matches "deploy"');
    expect(text).toMatch(/team #\d+ {2}\S+ ago {2}my-app {2}gemini {2}Bash\/command {2}by bob@/);
    // The filter is the statement's: the next search on a connection sees every agent again.
    expect(JSON.parse((await search('--json')).stdout)).toHaveLength(4);
    // A name the server would keep is still refused as free text by the check.
    await expect(
      server.admin(`
        INSERT INTO memory_team.memories (host_id, local_id, host_name, project, session_id, tool_name, type, content,
                                          importance, created_at, keys, agent)
        SELECT host_id, 999, host_name, project, 's', 'Bash', 'command', 'x', 1, now(), ARRAY['x'], 'Not An Agent!'
        FROM memory_team.memories LIMIT 1`),
    ).rejects.toThrow(/memories_agent_name/);
  });
});
