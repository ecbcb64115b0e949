// The built hooks run as Codex CLI and Gemini CLI run them (the agent's name as the argument), on the
// payloads those clients really sent (tests/fixtures/agents/): what each stores, and the context each
// gets back in its own format.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { allMemories, sandbox, type HookName, type Sandbox } from '../helpers.js';
import { recorded, recordedFile, runAgentHook, type RecordedAgent } from '../agent-fixtures.js';

const NOW = { CLAUDE_MEMORY_NOW: '2026-12-01T21:00:00Z' };

async function play(
  agent: RecordedAgent,
  box: Sandbox,
  steps: ReadonlyArray<readonly [HookName, string]>,
  rollout?: string,
) {
  for (const [hook, name] of steps) {
    const result = await runAgentHook(hook, agent, recorded(agent, name, box, rollout), box);
    expect({ name, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      name,
      code: 0,
      stdout: '',
      stderr: '',
    });
  }
}

const stored = (box: Sandbox) =>
  allMemories(box.dbPath).map((row) => {
    const { tool_name, type, content, exit_code, tool_use_id } = row;
    return { tool_name, type, content, exit_code, tool_use_id, agent: (row as unknown as { agent: string }).agent };
  });

function summaries(box: Sandbox): Array<{ agent: string; summary: string }> {
  const db = new Database(box.dbPath, { readonly: true });
  try {
    return db.prepare('SELECT agent, summary FROM session_summaries').all() as Array<{
      agent: string;
      summary: string;
    }>;
  } finally {
    db.close();
  }
}

const CODEX_SESSION = [
  ['session-start', 'session-start'],
  ['user-prompt-submit', 'user-prompt-submit'],
  ['post-tool-use', 'post-tool-use-apply-patch-add'],
  ['post-tool-use', 'post-tool-use-apply-patch-update'],
  ['post-tool-use', 'post-tool-use-bash-exit-3'],
  ['post-tool-use', 'post-tool-use-bash-pass'],
  ['stop', 'stop'],
] as const;

describe('Codex CLI', () => {
  it('stores the write, the edit, the failed command (its exit code from the rollout) and the passing one, as Codex', async () => {
    const box = sandbox(NOW);
    const rollout = recordedFile('codex', 'rollout-at-exit-3.jsonl', box, 'rollout.jsonl');
    await play('codex', box, CODEX_SESSION, rollout);
    expect(stored(box)).toEqual([
      {
        tool_name: 'Write',
        type: 'file_edit',
        content: 'Created greet.js (1 line): exports.greet = (name) => `Hi ${name}`;',
        exit_code: null,
        tool_use_id: 'call_mock77eb2ba51x1',
        agent: 'codex',
      },
      {
        tool_name: 'Edit',
        type: 'file_edit',
        content:
          'Edited greet.js: "exports.greet = (name) => `Hi ${name}`;" → "exports.greet = (name) => `Hello ${name}`;"',
        exit_code: null,
        tool_use_id: 'call_mockdba56d922x0',
        agent: 'codex',
      },
      {
        tool_name: 'Bash',
        type: 'error',
        content: `Bash error (exit 3): node -e "console.error('boom: greeting check failed'); process.exit(3)"\nboom: greeting check failed`,
        exit_code: 3,
        tool_use_id: 'call_mockda79f8643x0',
        agent: 'codex',
      },
      {
        tool_name: 'Bash',
        type: 'command',
        content: `node -e "console.log(require('./greet.js').greet('Ada'))"`,
        exit_code: null,
        tool_use_id: 'call_mock8ed1442a4x0',
        agent: 'codex',
      },
    ]);
    expect(summaries(box)).toEqual([
      {
        agent: 'codex',
        summary: [
          'Asked: "Add a greet() helper and run it"',
          'Edited 1 file: greet.js',
          `Commands: node -e "console.log(require('./greet.js').greet('Ada'))"`,
          'Errors (1): boom: greeting check failed',
          'Stopped at: "greet() now says Hello; the check exits with code 3, the run prints Hello Ada."',
          '[4 memories, 0s, tools: Write/Edit/Bash]',
        ].join('\n'),
      },
    ]);
  });

  it('prints the next session its block as plain text, which Codex hands the model as it is', async () => {
    const box = sandbox(NOW);
    const rollout = recordedFile('codex', 'rollout-at-exit-3.jsonl', box, 'rollout.jsonl');
    await play('codex', box, CODEX_SESSION, rollout);
    const next = await runAgentHook('session-start', 'codex', recorded('codex', 'session-start', box), box);
    expect(next.code).toBe(0);
    expect(next.stderr).toBe('');
    expect(next.stdout).toBe(
      [
        '<memory-context project="my-app">',
        'Activity recorded by claude-memory-hooks in this project, newest first.',
        '## Sessions',
        `- less than an hour ago: asked "Add a greet() helper and run it" | Edited 1 file: greet.js | Commands: node -e "console.log(require('./greet.js').greet('Ada'))" | Errors (1): boom: greeting check failed`,
        '## Open errors',
        `- less than an hour ago: node -e "console.error('boom: greeting check failed'); process.exit(3)" (exit 3): boom: greeting check failed`,
        '## Recent changes',
        '- less than an hour ago: Edited greet.js: "exports.greet = (name) => `Hi ${name}`;" → "exports.greet = (name) => `Hello ${name}`;"',
        '- less than an hour ago: Created greet.js (1 line): exports.greet = (name) => `Hi ${name}`;',
        '## Where the last session stopped',
        '- less than an hour ago: "greet() now says Hello; the check exits with code 3, the run prints Hello Ada."',
        'More history is available: the search tool of the memory-hooks MCP server (when connected), and the /mem command the user can type (for example /mem npm test).',
        '</memory-context>',
        '',
      ].join('\n'),
    );
  });

  it('stores a failed command as a plain command when the rollout says nothing of it', async () => {
    const box = sandbox(NOW);
    await play('codex', box, [['post-tool-use', 'post-tool-use-bash-exit-3']], '');
    expect(stored(box).map((row) => [row.type, row.exit_code])).toEqual([['command', null]]);
  });

  it('stores a command that was not found as an error with exit 127', async () => {
    const box = sandbox(NOW);
    const rollout = recordedFile('codex', 'rollout-failing-edit.jsonl', box, 'rollout.jsonl');
    await play('codex', box, [['post-tool-use', 'post-tool-use-bash-not-found']], rollout);
    expect(stored(box).map((row) => row.content)).toEqual([
      'Bash error (exit 127): no-such-command-e2e --version\n/bin/bash: line 1: no-such-command-e2e: command not found',
    ]);
  });

  it('stores one memory per file an apply_patch added, changed, moved or deleted', async () => {
    const box = sandbox(NOW);
    const real = recorded('codex', 'post-tool-use-apply-patch-update', box);
    const patch = [
      '*** Begin Patch',
      `*** Add File: ${box.project}/src/a.ts`,
      '+export const a = 1;',
      `*** Update File: ${box.project}/src/b.ts`,
      '@@',
      '-const b = 1;',
      '+const b = 2;',
      `*** Update File: ${box.project}/src/c.ts`,
      `*** Move to: ${box.project}/src/d.ts`,
      `*** Delete File: ${box.project}/src/e.ts`,
      '*** End Patch',
      '',
    ].join('\n');
    await play('codex', box, []);
    const result = await runAgentHook('post-tool-use', 'codex', { ...real, tool_input: { command: patch } }, box);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(stored(box).map((row) => [row.content, row.tool_use_id])).toEqual([
      ['Created a.ts (1 line): export const a = 1;', 'call_mockdba56d922x0#1'],
      ['Edited b.ts: "const b = 1;" → "const b = 2;"', 'call_mockdba56d922x0#2'],
      ['Moved c.ts → d.ts', 'call_mockdba56d922x0#3'],
      ['Deleted e.ts', 'call_mockdba56d922x0#4'],
    ]);
  });
});

const GEMINI_SESSION = [
  ['session-start', 'session-start'],
  ['user-prompt-submit', 'before-agent'],
  ['post-tool-use', 'after-tool-write-file'],
  ['post-tool-use', 'after-tool-replace'],
  ['post-tool-use', 'after-tool-shell-exit-3'],
  ['post-tool-use', 'after-tool-shell-pass'],
  ['stop', 'after-agent'],
] as const;

describe('Gemini CLI', () => {
  it('stores the write, the edit, the failed command (Exit Code: 3 in llmContent) and the passing one, as Gemini', async () => {
    const box = sandbox(NOW);
    await play('gemini', box, GEMINI_SESSION);
    expect(
      stored(box).map(({ tool_name, type, content, exit_code, agent }) => ({
        tool_name,
        type,
        content,
        exit_code,
        agent,
      })),
    ).toEqual([
      {
        tool_name: 'Write',
        type: 'file_edit',
        content: 'Rewrote greet.js (1 line): exports.greet = (name) => `Hi ${name}`;',
        exit_code: null,
        agent: 'gemini',
      },
      {
        tool_name: 'Edit',
        type: 'file_edit',
        content: 'Edited greet.js: "`Hi ${name}`" → "`Hello ${name}`"',
        exit_code: null,
        agent: 'gemini',
      },
      {
        tool_name: 'Bash',
        type: 'error',
        content: `Bash error (exit 3): node -e "console.error('boom: greeting check failed'); process.exit(3)"\nboom: greeting check failed`,
        exit_code: 3,
        agent: 'gemini',
      },
      {
        tool_name: 'Bash',
        type: 'command',
        content: `node -e "console.log(require('./greet.js').greet('Ada'))"  # Scripted command`,
        exit_code: null,
        agent: 'gemini',
      },
    ]);
    // The prompt as the person typed it: the SessionStart context Gemini put before it is not part of it.
    const db = new Database(box.dbPath, { readonly: true });
    expect(db.prepare('SELECT text FROM prompts').pluck().all()).toEqual(['Add a greet() helper and run it']);
    db.close();
    expect(summaries(box).map((row) => row.agent)).toEqual(['gemini']);
  });

  it('stores a failed edit as a note and a command that was not found as an error', async () => {
    const box = sandbox(NOW);
    await play('gemini', box, [
      ['post-tool-use', 'after-tool-replace-failed'],
      ['post-tool-use', 'after-tool-shell-not-found'],
    ]);
    expect(stored(box).map((row) => [row.type, row.exit_code, row.content.split('\n')[0]])).toEqual([
      [
        'observation',
        null,
        `Edit failed on greet.js: Could not find an exact match for 'old_string' in '${box.project}/greet.js'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.`,
      ],
      ['error', 127, 'Bash error (exit 127): no-such-command-e2e --version'],
    ]);
  });

  it('prints the next session its block as JSON additionalContext, the only form Gemini gives the model', async () => {
    const box = sandbox(NOW);
    await play('gemini', box, GEMINI_SESSION);
    const next = await runAgentHook('session-start', 'gemini', recorded('gemini', 'session-start', box), box);
    expect([next.code, next.stderr]).toEqual([0, '']);
    const envelope = JSON.parse(next.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(envelope.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(envelope.hookSpecificOutput.additionalContext).toMatch(/^<memory-context project="my-app">\n/);
    expect(envelope.hookSpecificOutput.additionalContext).toContain(
      'Bash error'.length ? '(exit 3): boom: greeting check failed' : '',
    );
  });
});

describe('bad input from any agent', () => {
  const cases: ReadonlyArray<readonly [string, unknown]> = [
    ['not JSON', '{"session_id": '],
    ['an array', '[1, 2]'],
    ['an unknown event', { session_id: 's', hook_event_name: 'SomethingNew', cwd: '/tmp' }],
    [
      'a field of the wrong type',
      {
        session_id: 's',
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_input: 'ls',
        tool_response: 7,
        cwd: 3,
      },
    ],
    [
      'a Gemini shell call with no response',
      { session_id: 's', hook_event_name: 'AfterTool', tool_name: 'run_shell_command', cwd: '/tmp' },
    ],
    [
      'a Cursor Shell call whose tool_input is text',
      {
        conversation_id: 'c',
        hook_event_name: 'postToolUse',
        tool_name: 'Shell',
        tool_input: 'ls',
        workspace_roots: 5,
      },
    ],
    [
      'an OpenCode call with no arguments',
      { hook_event_name: 'tool.execute.after', directory: '/tmp', input: { tool: 'bash', sessionID: 's' }, output: 3 },
    ],
  ];
  for (const agent of ['codex', 'gemini', 'cursor', 'opencode'] as const) {
    for (const [what, payload] of cases) {
      it(`exits 0 with at most one [memory-hook] line and stores nothing for ${what} from ${agent}`, async () => {
        const box = sandbox(NOW);
        for (const hook of ['post-tool-use', 'user-prompt-submit', 'stop', 'session-start'] as const) {
          const result = await runAgentHook(hook, agent, payload, box);
          expect(result.code).toBe(0);
          expect(result.stdout).toBe('');
          // Input that is no event at all is said once; an event that is not ours is passed over in silence.
          expect(result.stderr).toMatch(typeof payload === 'string' ? /^\[memory-hook\] [^\n]+\n$/ : /^$/);
        }
        const count = existsSync(box.dbPath)
          ? (new Database(box.dbPath, { readonly: true })
              .prepare('SELECT count(*) FROM memories')
              .pluck()
              .get() as number)
          : 0;
        expect(count).toBe(0);
      });
    }
  }
});
