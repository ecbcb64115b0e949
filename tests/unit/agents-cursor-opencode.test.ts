// The Cursor and OpenCode adapters alone, on their fixtures (tests/fixtures/agents/README.md: OpenCode's
// recorded from the real client through our plugin, Cursor's written from its documented shapes).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../lib/agents/adapter.js';
import { shellOutput } from '../../lib/agents/cursor/payload.js';
import { promptText } from '../../lib/agents/opencode/payload.js';
import { AGENT_FIXTURES } from '../agent-fixtures.js';
import { tempDir } from '../helpers.js';

const fixture = (agent: string, name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(AGENT_FIXTURES, agent, `${name}.json`), 'utf8')) as Record<string, unknown>;

const cursor = adapterFor('cursor');
const opencode = adapterFor('opencode');
const CONVERSATION = 'c0ffee00-1111-4222-8333-444455556666';

describe('Cursor', () => {
  it('reads a Shell postToolUse: the exit code from tool_output’s JSON, the output as stdout and stderr', () => {
    expect(cursor.toolEvents(fixture('cursor', 'post-tool-use-shell-exit-3'))).toMatchObject([
      {
        agent: 'cursor',
        sessionId: CONVERSATION,
        cwd: '/tmp/agents-probe/proj',
        outcome: 'failure',
        toolName: 'Bash',
        toolUseId: 'toolu_cursor_0003',
        error: 'Exit code 3\nboom: greeting check failed\n',
      },
    ]);
    expect(cursor.toolEvents(fixture('cursor', 'post-tool-use-shell-pass'))).toMatchObject([
      { outcome: 'success', response: { stdout: 'Hello Ada\n', stderr: '' }, error: '' },
    ]);
  });

  it('reads a postToolUseFailure as a failed command', () => {
    expect(cursor.toolEvents(fixture('cursor', 'post-tool-use-failure-shell'))).toMatchObject([
      {
        outcome: 'failure',
        input: { command: 'definitely-not-a-command --version' },
        error: 'Exit code 1\n/bin/bash: line 1: definitely-not-a-command: command not found',
      },
    ]);
  });

  it('reads afterFileEdit as an edit, and an edit from nothing as a new file', () => {
    expect(cursor.toolEvents(fixture('cursor', 'after-file-edit'))).toMatchObject([
      {
        toolName: 'Edit',
        input: {
          file_path: '/tmp/agents-probe/proj/greet.js',
          old_string: '`Hi ${name}`',
          new_string: '`Hello ${name}`',
        },
      },
    ]);
    expect(cursor.toolEvents(fixture('cursor', 'after-file-edit-create'))).toMatchObject([
      { toolName: 'Write', input: { content: 'exports.greet = (name) => `Hi ${name}`;\n' } },
    ]);
  });

  it('passes over tools it does not capture, and events that are not its own', () => {
    expect(cursor.toolEvents(fixture('cursor', 'post-tool-use-read'))).toEqual([]);
    expect(cursor.toolEvents(fixture('cursor', 'claude-hooks-post-tool-use'))).toEqual([]);
    expect(cursor.prompt(fixture('cursor', 'session-start'))).toBeNull();
  });

  it('reads the prompt, the session start, and the turn’s end with its answer', () => {
    expect(cursor.prompt(fixture('cursor', 'before-submit-prompt'))).toMatchObject({
      sessionId: CONVERSATION,
      prompt: 'Add a greet() helper and check it',
    });
    expect(cursor.sessionStart(fixture('cursor', 'session-start'))).toMatchObject({ source: 'startup' });
    expect(cursor.stop(fixture('cursor', 'after-agent-response'))).toMatchObject({
      transcriptPath: '',
      lastAssistantMessage: 'greet() says Hello now; the check exited with 3, the run printed Hello Ada.',
    });
    expect(cursor.stop(fixture('cursor', 'session-end'))).toMatchObject({ lastAssistantMessage: '' });
  });

  it('prints sessionStart’s context as additional_context, and nothing for a prompt', () => {
    expect(cursor.sessionStartOutput('<memory-context>x</memory-context>', 'a notice')).toBe(
      '{"continue":true,"additional_context":"<memory-context>x</memory-context>"}\n',
    );
    expect(cursor.sessionStartOutput('', null)).toBe('');
    expect(cursor.promptOutput('<memory-recall>x</memory-recall>')).toBe('');
  });

  const outputs: ReadonlyArray<readonly [unknown, ReturnType<typeof shellOutput>]> = [
    ['{"exitCode":2,"stdout":"a","stderr":"b"}', { stdout: 'a', stderr: 'b', exitCode: 2 }],
    ['plain text', { stdout: 'plain text', stderr: '', exitCode: null }],
    [
      { exitCode: 0, stdout: 'x' },
      { stdout: 'x', stderr: '', exitCode: 0 },
    ],
    [undefined, { stdout: '', stderr: '', exitCode: null }],
  ];
  for (const [raw, expected] of outputs)
    it(`reads tool_output ${JSON.stringify(raw)}`, () => expect(shellOutput(raw)).toEqual(expected));
});

describe('Cursor running Claude Code’s hooks beside its own', () => {
  it('stands aside when Cursor’s hooks.json runs ours, so the event is stored once', () => {
    const home = tempDir('cmh-cursor-');
    const saved = process.env['HOME'];
    process.env['HOME'] = home;
    try {
      const claude = adapterFor('claude-code');
      const payload = fixture('cursor', 'claude-hooks-post-tool-use');
      expect(claude.toolEvents(payload)).toMatchObject([{ agent: 'cursor', sessionId: CONVERSATION }]);
      mkdirSync(join(home, '.cursor'));
      writeFileSync(
        join(home, '.cursor', 'hooks.json'),
        JSON.stringify({
          version: 1,
          hooks: { postToolUse: [{ command: 'node "/x/dist/hooks/post-tool-use.js" cursor' }] },
        }),
      );
      expect(claude.toolEvents(payload)).toEqual([]);
      expect(claude.stop(payload)).toBeNull();
      // Claude Code's own payloads are never touched by it.
      const { conversation_id: _c, cursor_version: _v, ...plain } = payload;
      expect(claude.toolEvents({ ...plain, session_id: 's-1' })).toMatchObject([{ agent: 'claude-code' }]);
    } finally {
      if (saved === undefined) delete process.env['HOME'];
      else process.env['HOME'] = saved;
    }
  });
});

describe('OpenCode', () => {
  it('reads bash with its exit code from metadata.exit', () => {
    expect(opencode.toolEvents(fixture('opencode', 'tool-bash-exit-3'))).toMatchObject([
      {
        agent: 'opencode',
        cwd: '/tmp/agents-probe/proj',
        outcome: 'failure',
        toolName: 'Bash',
        toolUseId: 'call_4_0',
        error: 'Exit code 3\nboom: greeting check failed\n',
      },
    ]);
    expect(opencode.toolEvents(fixture('opencode', 'tool-bash-pass'))).toMatchObject([
      { outcome: 'success', response: { stdout: 'Hello Ada\n' } },
    ]);
  });

  it('reads write (a new file: metadata.exists false) and edit', () => {
    expect(opencode.toolEvents(fixture('opencode', 'tool-write'))).toMatchObject([
      { toolName: 'Write', input: { file_path: '/tmp/agents-probe/proj/greet.js' }, response: { type: 'create' } },
    ]);
    expect(opencode.toolEvents(fixture('opencode', 'tool-edit'))).toMatchObject([
      { toolName: 'Edit', input: { old_string: '`Hi ${name}`', new_string: '`Hello ${name}`', replace_all: false } },
    ]);
  });

  it('reads apply_patch as one event per file, its relative paths in the project', () => {
    const write = fixture('opencode', 'tool-write');
    const call = { tool: 'apply_patch', sessionID: 'ses_1', callID: 'call_9', args: { patchText: '' } };
    const patchText = [
      '*** Begin Patch',
      '*** Add File: src/a.ts',
      '+x',
      '*** Delete File: b.ts',
      '*** End Patch',
    ].join('\n');
    const events = opencode.toolEvents({ ...write, input: { ...call, args: { patchText } } });
    expect(events.map((event) => [event.input['file_path'], event.fileOp ?? null, event.toolUseId])).toEqual([
      ['/tmp/agents-probe/proj/src/a.ts', null, 'call_9#1'],
      ['/tmp/agents-probe/proj/b.ts', 'deleted', 'call_9#2'],
    ]);
  });

  it('reads the prompt from chat.message’s text parts, and the same event as the session’s start', () => {
    const message = fixture('opencode', 'chat-message');
    expect(opencode.prompt(message)).toMatchObject({
      sessionId: 'ses_dca70d655ffeiAn8IWaIFaMQQU',
      prompt: '"Add a greet() helper and check it"',
    });
    expect(opencode.sessionStart(message)).toMatchObject({ source: 'startup' });
    expect(
      promptText({
        output: {
          parts: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b', synthetic: true },
          ],
        },
      }),
    ).toBe('a');
  });

  it('reads session.idle as the turn’s end, with the answer the plugin kept', () => {
    expect(opencode.stop(fixture('opencode', 'session-idle'))).toMatchObject({
      sessionId: 'ses_dca70d655ffeiAn8IWaIFaMQQU',
      lastAssistantMessage: 'greet() says Hello now.',
    });
  });

  it('prints context and recall as plain text for the system prompt', () => {
    expect(opencode.sessionStartOutput('<memory-context>x</memory-context>', 'n')).toBe(
      '<memory-context>x</memory-context>\n',
    );
    expect(opencode.promptOutput('<memory-recall>y</memory-recall>')).toBe('<memory-recall>y</memory-recall>\n');
  });
});
