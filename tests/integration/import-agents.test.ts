// `memory import` of the session files the real Codex CLI and Gemini CLI wrote (tests/fixtures/agents/
// <client>/<version>/), spawned as a person runs it: what each file becomes, with its agent, and that
// nothing the live hooks stored from the same session's payloads is stored again.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox, type Sandbox } from '../helpers.js';
import {
  AGENT_FIXTURES,
  importAsJson,
  placeSessionFile,
  RELEASES,
  releasePayload,
  releaseText,
  runAgentHook,
  stored,
  table,
  type ReleasedAgent,
} from '../agent-fixtures.js';
import type { HookName } from '../helpers.js';

const NOW = { CLAUDE_MEMORY_NOW: '2026-12-01T22:00:00Z' };
const ROLLOUT = 'rollout.jsonl';
const CHAT = 'chat.jsonl';

const importJson = (box: Sandbox, args: readonly string[] = []) => importAsJson(box, args, NOW);

/** The live session: each recorded payload through the built hook, at the time the client ran it. */
async function playLive(agent: ReleasedAgent, box: Sandbox, steps: ReadonlyArray<readonly [HookName, string]>) {
  for (const [hook, name] of steps) {
    const payload = releasePayload(agent, name, box);
    // Gemini stamps its payloads; Codex's carry no time (its calls are told apart by id, not by time).
    const at = typeof payload['timestamp'] === 'string' ? { CLAUDE_MEMORY_NOW: payload['timestamp'] } : NOW;
    const result = await runAgentHook(hook, agent, payload, box, at);
    expect({ name, code: result.code, stderr: result.stderr }).toEqual({ name, code: 0, stderr: '' });
  }
}

const CODEX_LIVE = [
  ['session-start', 'session-start'],
  ['user-prompt-submit', 'user-prompt-submit'],
  ['post-tool-use', 'post-tool-use.write'],
  ['post-tool-use', 'post-tool-use.edit'],
  ['post-tool-use', 'post-tool-use.fail'],
  ['post-tool-use', 'post-tool-use.pass'],
  ['stop', 'stop'],
] as const;

const GEMINI_LIVE = [
  ['session-start', 'session-start'],
  ['user-prompt-submit', 'before-agent'],
  ['post-tool-use', 'after-tool.write'],
  ['post-tool-use', 'after-tool.edit'],
  ['post-tool-use', 'after-tool.fail'],
  ['post-tool-use', 'after-tool.pass'],
  ['post-tool-use', 'after-tool.failed-edit'],
  ['stop', 'after-agent'],
] as const;

describe('a Codex rollout', () => {
  it("is read from ~/.codex/sessions: the write, the edit, the failed command with its exit code, the passing one, as Codex's", async () => {
    const box = sandbox(NOW);
    placeSessionFile('codex', ROLLOUT, box);
    expect(await importJson(box)).toMatchObject({ files: 1, sessions: 1, toolCalls: 5, added: 4, notRun: 1 });
    expect(stored(box)).toEqual([
      {
        type: 'file_edit',
        content: 'Created greet.js (1 line): exports.greet = (name) => `Hi ${name}`;',
        exit_code: null,
        tool_use_id: 'call_mock1a20002',
        project: 'my-app',
        agent: 'codex',
      },
      {
        type: 'file_edit',
        content:
          'Edited greet.js: "exports.greet = (name) => `Hi ${name}`;" → "exports.greet = (name) => `Hello ${name}`;"',
        exit_code: null,
        tool_use_id: 'call_mock1a20003',
        project: 'my-app',
        agent: 'codex',
      },
      {
        type: 'error',
        content:
          'Bash error (exit 3): node -e "console.error(\'boom: greeting check failed\'); process.exit(3)"\nboom: greeting check failed',
        exit_code: 3,
        tool_use_id: 'call_mock1a20004',
        project: 'my-app',
        agent: 'codex',
      },
      {
        type: 'command',
        content: "node -e \"console.log(require('./greet.js').greet('Ada'))\"",
        exit_code: null,
        tool_use_id: 'call_mock1a20005',
        project: 'my-app',
        agent: 'codex',
      },
    ]);
    expect(table(box, 'SELECT text FROM prompts')).toEqual([{ text: 'Add a greet() helper and check it' }]);
    expect(table(box, 'SELECT agent, outcome FROM session_summaries')).toEqual([
      {
        agent: 'codex',
        outcome: 'greet() says Hello; the check exits with 3, the run prints Hello Ada, the last edit found nothing.',
      },
    ]);
  });

  it('adds nothing that the live hooks stored from the same session', async () => {
    const box = sandbox(NOW);
    placeSessionFile('codex', ROLLOUT, box);
    await playLive('codex', box, CODEX_LIVE);
    const live = stored(box);
    expect(live).toHaveLength(4);
    expect(await importJson(box)).toMatchObject({ toolCalls: 5, added: 0, duplicates: 4, notRun: 1 });
    expect(stored(box)).toEqual(live);
    expect(table(box, 'SELECT count(*) AS n FROM prompts')).toEqual([{ n: 1 }]);
  });

  it('adds only the resumed part of a resumed session, and nothing on a second import', async () => {
    const box = sandbox(NOW);
    const path = placeSessionFile('codex', ROLLOUT, box);
    await importJson(box);
    writeFileSync(path, releaseText('codex', 'rollout-resumed.jsonl', box));
    expect(await importJson(box)).toMatchObject({ sessions: 1, added: 1, duplicates: 4 });
    expect(stored(box).at(-1)).toMatchObject({ type: 'command', agent: 'codex' });
    expect(await importJson(box)).toMatchObject({ added: 0, duplicates: 5 });
  });

  it('is recognised by its first line when named on the command line, whatever its name', async () => {
    const box = sandbox(NOW);
    const summary = await importJson(box, [join(AGENT_FIXTURES, RELEASES.codex, ROLLOUT)]);
    expect(summary).toMatchObject({ files: 1, added: 4 });
    expect(new Set(stored(box).map((row) => row.agent))).toEqual(new Set(['codex']));
  });
});

describe('a Gemini CLI chat', () => {
  it("is read from ~/.gemini/tmp/<project>/chats, in the project its .project_root names, as Gemini's", async () => {
    const box = sandbox(NOW);
    placeSessionFile('gemini', CHAT, box);
    expect(await importJson(box)).toMatchObject({ files: 1, sessions: 1, toolCalls: 5, added: 5 });
    expect(
      stored(box).map(({ type, exit_code, project, agent, tool_use_id }) => ({
        type,
        exit_code,
        project,
        agent,
        tool_use_id,
      })),
    ).toEqual([
      { type: 'file_edit', exit_code: null, project: 'my-app', agent: 'gemini', tool_use_id: null },
      { type: 'file_edit', exit_code: null, project: 'my-app', agent: 'gemini', tool_use_id: null },
      { type: 'error', exit_code: 3, project: 'my-app', agent: 'gemini', tool_use_id: null },
      { type: 'command', exit_code: null, project: 'my-app', agent: 'gemini', tool_use_id: null },
      { type: 'observation', exit_code: null, project: 'my-app', agent: 'gemini', tool_use_id: null },
    ]);
    // What the person typed: without the context the hooks put before it and after it.
    expect(table(box, 'SELECT text FROM prompts')).toEqual([{ text: 'Add a greet() helper and check it' }]);
    expect(table(box, 'SELECT agent FROM session_summaries')).toEqual([{ agent: 'gemini' }]);
  });

  it('stores what the live hooks stored, and an import after them adds nothing', async () => {
    const box = sandbox(NOW);
    placeSessionFile('gemini', CHAT, box);
    await playLive('gemini', box, GEMINI_LIVE);
    const live = stored(box);
    expect(live).toHaveLength(5);
    expect(await importJson(box)).toMatchObject({ toolCalls: 5, added: 0, duplicates: 5 });
    expect(stored(box)).toEqual(live);

    // The same memories as an import into an empty database: one identity, whichever stored it first.
    const fresh = sandbox(NOW);
    placeSessionFile('gemini', CHAT, fresh);
    await importJson(fresh);
    const shown = (rows: ReturnType<typeof stored>, home: string) =>
      rows.map(({ content, type }) => ({ content: content.split(home).join('~'), type }));
    expect(shown(stored(fresh), fresh.home)).toEqual(shown(live, box.home));
  });

  it('takes the project from the chat itself when the file is away from its folder', async () => {
    const box = sandbox(NOW);
    const summary = await importJson(box, [join(AGENT_FIXTURES, RELEASES.gemini, CHAT)]);
    expect(summary).toMatchObject({ files: 1, added: 5 });
    expect(new Set(stored(box).map((row) => `${row.agent} ${row.project}`))).toEqual(new Set(['gemini greeter']));
  });
});

describe('choosing and counting', () => {
  it('--agent takes one agent’s files only', async () => {
    const box = sandbox(NOW);
    placeSessionFile('codex', ROLLOUT, box);
    placeSessionFile('gemini', CHAT, box);
    expect(await importJson(box, ['--agent', 'gemini'])).toMatchObject({ files: 1, added: 5 });
    expect(new Set(stored(box).map((row) => row.agent))).toEqual(new Set(['gemini']));
    expect(await importJson(box)).toMatchObject({ files: 2, added: 4, duplicates: 5 });
  });

  it("reads only each agent's own session files in its folders, not its other JSON lines", async () => {
    const box = sandbox(NOW);
    placeSessionFile('codex', ROLLOUT, box);
    const chat = placeSessionFile('gemini', CHAT, box);
    const logs = join(dirname(dirname(chat)), 'logs');
    mkdirSync(logs, { recursive: true });
    writeFileSync(join(logs, 'events.jsonl'), '{"type":"user","sessionId":"x","timestamp":"2026-12-01T21:44:00Z"}\n');
    expect(await importJson(box)).toMatchObject({ files: 2, added: 9, badLines: 0 });
  });

  it('--agent with a typo exits 1 naming the nearest agent', async () => {
    const box = sandbox(NOW);
    const result = await runCli(['import', '--agent', 'codx'], { env: box.env });
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'memory: --agent expects one of claude, codex, gemini, opencode (got "codx"; did you mean codex?)\n',
    });
  });

  it('--dry-run counts what a rollout and a chat would add and writes nothing', async () => {
    const box = sandbox(NOW);
    placeSessionFile('codex', ROLLOUT, box);
    placeSessionFile('gemini', CHAT, box);
    expect(await importJson(box, ['--dry-run'])).toMatchObject({ files: 2, added: 9, dryRun: true });
    expect(existsSync(box.dbPath)).toBe(false);
  });

  it('counts a broken line and a half-written last line, and keeps the rest', async () => {
    const box = sandbox(NOW);
    const path = placeSessionFile('codex', ROLLOUT, box);
    const text = releaseText('codex', ROLLOUT, box);
    writeFileSync(path, `not json\n${text}{"timestamp":"2026-12-01T21:43:21`);
    expect(await importJson(box)).toMatchObject({ added: 4, badLines: 2 });
  });

  it('says where it looked when no agent has session files yet', async () => {
    const box = sandbox(NOW);
    const result = await runCli(['import'], { env: box.env });
    expect(result.code).toBe(0);
    const h = box.home;
    expect(result.stderr).toBe(
      `memory: no session files yet (looked in ${h}/.claude/projects, ${h}/.codex/sessions, ${h}/.codex/archived_sessions, ${h}/.gemini/tmp, ${h}/.local/share/opencode/opencode.db, ${h}/.local/share/opencode/storage/session)\n`,
    );
  });
});
