// The OpenCode plugin the install writes, loaded as OpenCode loads it (an ES module's exported function,
// called with the project) and driven with the recorded hook arguments: it runs the built hooks, so a
// session is stored as OpenCode's, the next session's block lands in the system prompt, and a hook that
// cannot run leaves OpenCode's work alone. The real client is driven by tests/e2e/agents.sh.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import Database from 'better-sqlite3';
import { renderOpencodePlugin } from '../../lib/install/opencode-plugin.js';
import { allMemories, RUNTIME, sandbox, tempDir, type Sandbox } from '../helpers.js';
import { recorded } from '../agent-fixtures.js';

type Hook = (input: unknown, output?: unknown) => Promise<void>;
type Hooks = Record<string, Hook>;

/** The plugin of `runtime`, imported from a file of its own; its hooks spawned with the box's environment. */
async function loadPlugin(box: Sandbox, runtime: string, logs: unknown[]): Promise<Hooks> {
  const file = join(tempDir('cmh-opencode-'), 'claude-memory-hooks.mjs');
  writeFileSync(file, renderOpencodePlugin(runtime, process.execPath));
  // The plugin's hooks inherit the process's environment, as they do inside OpenCode: the box's, for this test.
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, box.env, { CLAUDE_MEMORY_NOW: '2026-12-01T21:00:00Z' });
  onTestFinished(() => {
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, saved);
  });
  const module = (await import(pathToFileURL(file).href)) as {
    ClaudeMemoryHooks: (context: unknown) => Promise<Hooks>;
  };
  const client = { app: { log: (entry: unknown) => (logs.push(entry), Promise.resolve()) } };
  return module.ClaudeMemoryHooks({ client, directory: box.project, worktree: box.project });
}

const argsOf = (box: Sandbox, name: string) => {
  const payload = recorded('opencode', name, box);
  return [payload['input'], payload['output']] as const;
};

async function playSession(box: Sandbox, hooks: Hooks): Promise<void> {
  const [chatIn, chatOut] = argsOf(box, 'chat-message');
  await (hooks['chat.message'] as Hook)(chatIn, chatOut);
  for (const name of ['tool-write', 'tool-edit', 'tool-bash-exit-3', 'tool-bash-pass']) {
    const [input, output] = argsOf(box, name);
    await (hooks['tool.execute.after'] as Hook)(input, output);
  }
  const sessionID = (chatIn as { sessionID: string }).sessionID;
  const event = hooks['event'] as Hook;
  await event({
    event: { type: 'message.updated', properties: { info: { id: 'msg_a', role: 'assistant', sessionID } } },
  });
  await event({
    event: {
      type: 'message.part.updated',
      properties: { part: { type: 'text', messageID: 'msg_a', sessionID, text: 'greet() says Hello now.' } },
    },
  });
  await event({ event: { type: 'session.idle', properties: { sessionID } } });
}

describe('the OpenCode plugin', () => {
  it('stores a session through the hooks as OpenCode’s, with where it stopped', async () => {
    const box = sandbox();
    const logs: unknown[] = [];
    await playSession(box, await loadPlugin(box, RUNTIME, logs));
    // Each capture runs beside the session, as OpenCode's tool calls go on: the order they land in is theirs.
    const rows = allMemories(box.dbPath).map((row) => [row.type, row.exit_code, (row as { agent?: string }).agent]);
    expect(rows.map((row) => JSON.stringify(row)).sort()).toEqual(
      [
        ['command', null, 'opencode'],
        ['error', 3, 'opencode'],
        ['file_edit', null, 'opencode'],
        ['file_edit', null, 'opencode'],
      ].map((row) => JSON.stringify(row)),
    );
    const db = new Database(box.dbPath, { readonly: true });
    const summary = db.prepare('SELECT agent, outcome FROM session_summaries').all();
    db.close();
    expect(summary).toEqual([{ agent: 'opencode', outcome: 'greet() says Hello now.' }]);
    expect(logs).toEqual([]);
  });

  it('adds the next session’s <memory-context> to its system prompt, after OpenCode’s own', async () => {
    const box = sandbox();
    const hooks = await loadPlugin(box, RUNTIME, []);
    await playSession(box, hooks);
    const [chatIn, chatOut] = argsOf(box, 'chat-message');
    const next = { ...(chatIn as object), sessionID: 'ses_next' };
    await (hooks['chat.message'] as Hook)(next, chatOut);
    const output = { system: ['You are opencode.'] };
    await (hooks['experimental.chat.system.transform'] as Hook)({ sessionID: 'ses_next' }, output);
    expect(output.system[0]).toBe('You are opencode.');
    expect(output.system[1]).toMatch(/^<memory-context project="my-app">\n[\s\S]*<\/memory-context>$/);
    expect(output.system[1]).toContain('(exit 3): boom: greeting check failed');
    expect(output.system).toHaveLength(2);
  });

  it('leaves OpenCode’s work alone when a hook cannot run, and says why in OpenCode’s log', async () => {
    const box = sandbox();
    const logs: unknown[] = [];
    const hooks = await loadPlugin(box, join(box.home, 'no-runtime-here'), logs);
    const [chatIn, chatOut] = argsOf(box, 'chat-message');
    const before = JSON.stringify(chatOut);
    await (hooks['chat.message'] as Hook)(chatIn, chatOut);
    expect(JSON.stringify(chatOut)).toBe(before);
    const output = { system: ['You are opencode.'] };
    await (hooks['experimental.chat.system.transform'] as Hook)(chatIn, output);
    expect(output.system).toEqual(['You are opencode.']);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs[0]).toMatchObject({ body: { service: 'claude-memory-hooks', level: 'warn' } });
  });
});
