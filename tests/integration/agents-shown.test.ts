// Which agent did it, wherever memories are shown: `memory search --agent`, the agent on each line,
// the <memory-context> block of a project more than one agent worked in, and the MCP tools (through
// the SDK's own client). The project holds what Codex's and Gemini CLI's recorded sessions imported
// into, and a Claude Code session captured by the built hooks.
import { describe, expect, it } from 'vitest';
import { runCli, runHook, sandbox, useSharedSandbox, type Sandbox } from '../helpers.js';
import { placeSessionFile } from '../agent-fixtures.js';
import { startMcp } from '../mcp-helpers.js';
import { expectDocSample } from '../doc-samples.js';

const NOW = { CLAUDE_MEMORY_NOW: '2026-12-01T22:00:00Z' };

async function fill(box: Sandbox): Promise<void> {
  placeSessionFile('codex', 'rollout.jsonl', box);
  placeSessionFile('gemini', 'chat.jsonl', box);
  const imported = await runCli(['import'], { env: { ...box.env, ...NOW } });
  expect(imported.code).toBe(0);
  const at = { ...box.env, CLAUDE_MEMORY_NOW: '2026-12-01T21:50:00Z' };
  const session = { session_id: 'claude-1', cwd: box.project, transcript_path: '/none.jsonl' };
  const edit = {
    ...session,
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_use_id: 'toolu_claude_1',
    tool_input: { file_path: `${box.project}/README.md`, old_string: 'greeter', new_string: 'greeter: says Hello' },
    tool_response: {},
  };
  for (const [hook, payload] of [
    ['post-tool-use', edit],
    ['stop', { ...session, hook_event_name: 'Stop', last_assistant_message: 'README says what greet() does.' }],
  ] as const) {
    const result = await runHook(hook, payload, { env: at, cwd: box.project });
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  }
}

const shared = useSharedSandbox(fill);

async function json(args: readonly string[]): Promise<Array<Record<string, unknown>>> {
  const result = await runCli(args, { env: { ...shared().env, ...NOW }, cwd: shared().project });
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as Array<Record<string, unknown>>;
}

const agents = (rows: ReadonlyArray<Record<string, unknown>>) => [...new Set(rows.map((row) => row['agent']))];

describe('memory search --agent', () => {
  it.each([
    ['codex', 'codex', 4],
    ['gemini', 'gemini', 5],
    ['claude', 'claude-code', 1],
    ['claude-code', 'claude-code', 1],
  ])('--agent %s finds only what %s did', async (flag, agent, count) => {
    const rows = await json(['search', '--recent', '--agent', flag, '--json']);
    expect({ agents: agents(rows), count: rows.length }).toEqual({ agents: [agent], count });
  });

  it('narrows a word search and the summaries too', async () => {
    expect(agents(await json(['search', 'greet', '--agent', 'codex', '--json']))).toEqual(['codex']);
    const summaries = await json(['search', '--summaries', '--agent', 'gemini', '--json']);
    expect(summaries.map((row) => row['agent'])).toEqual(['gemini']);
  });

  it('answers a mistyped agent with the nearest name, exit 1', async () => {
    const result = await runCli(['search', '--recent', '--agent', 'gemni'], { env: shared().env });
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'memory: --agent expects one of claude, codex, gemini, cursor, opencode (got "gemni"; did you mean gemini?)\n',
    });
  });

  it("marks each line with its agent, and leaves Claude Code's unmarked", async () => {
    const result = await runCli(['search', '--recent', '--limit', '10'], { env: { ...shared().env, ...NOW } });
    const heads = result.stdout.split('\n').filter((line) => line.startsWith('#'));
    expect(heads.map((line) => line.split(/\s{2,}/)[3])).toEqual([
      'Edit/file_edit',
      'gemini',
      'gemini',
      'gemini',
      'gemini',
      'gemini',
      'codex',
      'codex',
      'codex',
      'codex',
    ]);
  });
});

describe('the <memory-context> block', () => {
  it('says which agent did what when more than one worked in the project', async () => {
    const box = shared();
    const start = { session_id: 'next', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' };
    const result = await runHook('session-start', start, { env: { ...box.env, ...NOW }, cwd: box.project });
    expect(result.code).toBe(0);
    const context = (JSON.parse(result.stdout) as { hookSpecificOutput: { additionalContext: string } })
      .hookSpecificOutput.additionalContext;
    expectDocSample('agents-context', context.split(box.home).join('/home/you'));
    expect(context).toContain('(Codex): asked "Add a greet() helper and check it"');
    expect(context).toContain('(Gemini CLI): asked "Add a greet() helper and check it"');
    expect(context).toContain('(Claude Code): Edited 1 file: README.md');
  });

  it('names no agent when one agent did everything', async () => {
    const box = sandbox(NOW);
    placeSessionFile('codex', 'rollout.jsonl', box);
    expect((await runCli(['import'], { env: box.env })).code).toBe(0);
    const start = { session_id: 'next', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' };
    const result = await runHook('session-start', start, { env: box.env, cwd: box.project });
    expect(result.stdout).toContain('<memory-context');
    expect(result.stdout).not.toMatch(/\((?:Codex|Claude Code|Gemini CLI)\)/);
  });
});

describe('the MCP tools', () => {
  it('search marks the agent on each line and in each record; sessions say whose session it was', async () => {
    const mcp = await startMcp(shared(), NOW);
    const found = await mcp.call('search', { query: 'greet' });
    expect(found.isError).toBe(false);
    const lines = found.text.split('\n').filter((line) => line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(0);
    const results = (found.structured?.['results'] ?? []) as Array<{ agent: string }>;
    expect(lines.map((line) => / by (\w+) score /.exec(line)?.[1] ?? 'unmarked')).toEqual(
      results.map(({ agent }) => (agent === 'claude-code' ? 'unmarked' : agent)),
    );
    expect(new Set(results.map((result) => result.agent))).toEqual(new Set(['codex', 'gemini', 'claude-code']));

    const sessions = await mcp.call('sessions', {});
    expect(sessions.text.match(/<session [^>]*>/g)?.map((tag) => /agent="(\w+)"/.exec(tag)?.[1] ?? null)).toEqual([
      null,
      'gemini',
      'codex',
    ]);
  });

  it('search takes an agent, and refuses a name it does not know', async () => {
    const mcp = await startMcp(shared(), NOW);
    const only = async (agent: string): Promise<string[]> => {
      const found = await mcp.call('search', { query: 'greet', agent });
      expect(found.isError, found.text).toBe(false);
      const results = (found.structured?.['results'] ?? []) as Array<{ agent: string }>;
      return [...new Set(results.map(({ agent }) => agent))];
    };
    expect(await only('codex')).toEqual(['codex']);
    expect(await only('gemini')).toEqual(['gemini']);
    expect(await only('claude-code')).toEqual(['claude-code']);
    const unknown = await mcp.call('search', { query: 'greet', agent: 'copilot' });
    expect(unknown.isError).toBe(true);
    // With scope team the agent goes to the team server too (tests/integration/mcp-team.test.ts); here
    // none is set up, and that is what the reply says.
    const team = await mcp.call('search', { query: 'greet', agent: 'codex', scope: 'team' });
    expect(team.isError).toBe(true);
    expect(team.text).toContain('team memory is not set up on this machine');
  });
});
