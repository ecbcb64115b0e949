// The built hooks run as Cursor's hooks.json and OpenCode's plugin run them (`cursor`, `opencode` as
// the argument), on the fixtures (tests/fixtures/agents/README.md): what each stores, with its agent,
// and the context each gets back in its own form. Cursor through Claude Code's settings is stored once.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { allMemories, runHook, sandbox, type HookName, type Sandbox } from '../helpers.js';
import { recorded, runAgentHook, type RecordedAgent } from '../agent-fixtures.js';

const NOW = { CLAUDE_MEMORY_NOW: '2026-12-01T21:00:00Z' };

async function play(agent: RecordedAgent, box: Sandbox, steps: ReadonlyArray<readonly [HookName, string]>) {
  for (const [hook, name] of steps) {
    const result = await runAgentHook(hook, agent, recorded(agent, name, box), box);
    expect({ name, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      name,
      code: 0,
      stdout: '',
      stderr: '',
    });
  }
}

const stored = (box: Sandbox) =>
  allMemories(box.dbPath).map((row) => ({
    type: row.type,
    content: row.content,
    exit_code: row.exit_code,
    agent: (row as unknown as { agent: string }).agent,
  }));

function read<T>(box: Sandbox, sql: string): T[] {
  const db = new Database(box.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const SESSION_MEMORIES = (agent: string, passing: string) => [
  {
    type: 'file_edit',
    content: 'Created greet.js (1 line): exports.greet = (name) => `Hi ${name}`;',
    exit_code: null,
    agent,
  },
  { type: 'file_edit', content: 'Edited greet.js: "`Hi ${name}`" → "`Hello ${name}`"', exit_code: null, agent },
  {
    type: 'error',
    content: `Bash error (exit 3): node -e "console.error('boom: greeting check failed'); process.exit(3)"\nboom: greeting check failed`,
    exit_code: 3,
    agent,
  },
  { type: 'command', content: passing, exit_code: null, agent },
];

const CURSOR_SESSION = [
  ['session-start', 'session-start'],
  ['user-prompt-submit', 'before-submit-prompt'],
  ['post-tool-use', 'post-tool-use-read'],
  ['post-tool-use', 'after-file-edit-create'],
  ['post-tool-use', 'after-file-edit'],
  ['post-tool-use', 'post-tool-use-shell-exit-3'],
  ['post-tool-use', 'post-tool-use-shell-pass'],
  ['stop', 'after-agent-response'],
  ['stop', 'session-end'],
] as const;

describe('Cursor’s own hooks', () => {
  it('store the new file, the edit, the failed command with its exit code and the passing one, as Cursor', async () => {
    const box = sandbox(NOW);
    await play('cursor', box, CURSOR_SESSION);
    // afterFileEdit does not say whether the file was new: a whole text from nothing is "Wrote".
    const [created, ...rest] = SESSION_MEMORIES('cursor', `node -e "console.log(require('./greet.js').greet('Ada'))"`);
    expect(stored(box)).toEqual([
      { ...created, content: 'Wrote greet.js (1 line): exports.greet = (name) => `Hi ${name}`;' },
      ...rest,
    ]);
    expect(read<{ text: string }>(box, 'SELECT text FROM prompts')).toEqual([
      { text: 'Add a greet() helper and check it' },
    ]);
    // afterAgentResponse gave the answer; sessionEnd, after it, keeps it.
    expect(read<{ agent: string; summary: string }>(box, 'SELECT agent, summary FROM session_summaries')).toEqual([
      {
        agent: 'cursor',
        summary: [
          'Asked: "Add a greet() helper and check it"',
          'Edited 1 file: greet.js',
          `Commands: node -e "console.log(require('./greet.js').greet('Ada'))"`,
          'Errors (1): boom: greeting check failed',
          'Stopped at: "greet() says Hello now; the check exited with 3, the run printed Hello Ada."',
          '[4 memories, 0s, tools: Write/Edit/Bash]',
        ].join('\n'),
      },
    ]);
  });

  it('store a postToolUseFailure as an error', async () => {
    const box = sandbox(NOW);
    await play('cursor', box, [['post-tool-use', 'post-tool-use-failure-shell']]);
    expect(stored(box).map((row) => [row.type, row.content])).toEqual([
      [
        'error',
        'Bash error (exit 1): definitely-not-a-command --version\n/bin/bash: line 1: definitely-not-a-command: command not found',
      ],
    ]);
  });

  it('print the next session its block as additional_context, the key Cursor reads', async () => {
    const box = sandbox(NOW);
    await play('cursor', box, CURSOR_SESSION);
    const next = await runAgentHook('session-start', 'cursor', recorded('cursor', 'session-start', box), box);
    expect([next.code, next.stderr]).toEqual([0, '']);
    const answer = JSON.parse(next.stdout) as { continue: boolean; additional_context: string };
    expect(answer.continue).toBe(true);
    expect(answer.additional_context).toMatch(/^<memory-context project="my-app">\n/);
    expect(answer.additional_context).toContain('(exit 3): boom: greeting check failed');
  });
});

describe('Cursor running Claude Code’s hooks', () => {
  it('is stored as Cursor when only Claude Code’s settings run our hooks', async () => {
    const box = sandbox(NOW);
    const result = await runHook('post-tool-use', recorded('cursor', 'claude-hooks-post-tool-use', box), {
      env: box.env,
    });
    expect([result.code, result.stdout, result.stderr]).toEqual([0, '', '']);
    expect(stored(box).map((row) => [row.type, row.agent])).toEqual([['command', 'cursor']]);
  });

  it('is stored once, by Cursor’s own hook, when Cursor runs ours from both places', async () => {
    const box = sandbox(NOW);
    mkdirSync(join(box.home, '.cursor'));
    writeFileSync(
      join(box.home, '.cursor', 'hooks.json'),
      JSON.stringify({
        version: 1,
        hooks: { postToolUse: [{ command: 'node "/x/dist/hooks/post-tool-use.js" cursor' }] },
      }),
    );
    const viaClaude = await runHook('post-tool-use', recorded('cursor', 'claude-hooks-post-tool-use', box), {
      env: box.env,
    });
    const native = await runAgentHook(
      'post-tool-use',
      'cursor',
      recorded('cursor', 'post-tool-use-shell-pass', box),
      box,
    );
    for (const result of [viaClaude, native]) expect([result.code, result.stdout, result.stderr]).toEqual([0, '', '']);
    expect(stored(box).map((row) => [row.type, row.agent])).toEqual([['command', 'cursor']]);
  });
});

const OPENCODE_SESSION = [
  ['session-start', 'chat-message'],
  ['user-prompt-submit', 'chat-message'],
  ['post-tool-use', 'tool-write'],
  ['post-tool-use', 'tool-edit'],
  ['post-tool-use', 'tool-bash-exit-3'],
  ['post-tool-use', 'tool-bash-pass'],
  ['stop', 'session-idle'],
] as const;

describe('OpenCode’s plugin', () => {
  it('stores the new file, the edit, the failed command (metadata.exit) and the passing one, as OpenCode', async () => {
    const box = sandbox(NOW);
    await play('opencode', box, OPENCODE_SESSION);
    expect(stored(box)).toEqual(
      SESSION_MEMORIES('opencode', `node -e "console.log(require('./greet.js').greet('Ada'))"  # check`),
    );
    expect(read<{ agent: string }>(box, 'SELECT agent FROM session_summaries')).toEqual([{ agent: 'opencode' }]);
  });

  it('stores a command that was not found as an error with exit 127', async () => {
    const box = sandbox(NOW);
    await play('opencode', box, [['post-tool-use', 'tool-bash-not-found']]);
    expect(stored(box).map((row) => [row.type, row.exit_code])).toEqual([['error', 127]]);
  });

  it('prints the next session its block as plain text, which the plugin adds to the system prompt', async () => {
    const box = sandbox(NOW);
    await play('opencode', box, OPENCODE_SESSION);
    const next = await runAgentHook('session-start', 'opencode', recorded('opencode', 'chat-message', box), box);
    expect([next.code, next.stderr]).toEqual([0, '']);
    expect(next.stdout).toMatch(/^<memory-context project="my-app">\n[\s\S]*\n<\/memory-context>\n$/);
    expect(next.stdout).toContain('"greet() says Hello now."');
  });
});
