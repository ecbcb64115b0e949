// The session-file readers of the Codex and Gemini adapters on shapes the recorded releases do not
// write: the older rollout events (exec_command_end, patch_apply_end, user_message, the `shell` tool's
// argv and JSON output) and a Gemini chat written as one JSON document, with a cancelled call.
import { describe, expect, it } from 'vitest';
import { RolloutReader } from '../../lib/agents/codex/rollout.js';
import { ChatReader } from '../../lib/agents/gemini/chat.js';
import type { SessionFileEntry, SessionFileReader } from '../../lib/agents/events.js';

function read(reader: SessionFileReader, lines: readonly unknown[]): SessionFileEntry[] {
  const entries = lines.flatMap((line) => reader.line(typeof line === 'string' ? line : JSON.stringify(line)) ?? []);
  return [...entries, ...reader.end()];
}

const at = '2026-05-12T18:00:04.000Z';
const meta = { timestamp: at, type: 'session_meta', payload: { id: 'S1', cwd: '/work/app' } };
const item = (payload: object) => ({ timestamp: at, type: 'response_item', payload });
const event = (payload: object) => ({ timestamp: at, type: 'event_msg', payload });

describe('an older Codex rollout', () => {
  it("reads the shell tool's argv, its JSON output and exec_command_end's exit code", () => {
    const entries = read(new RolloutReader(), [
      meta,
      event({ type: 'user_message', message: 'run the tests' }),
      item({ type: 'function_call', name: 'shell', arguments: '{"command":["bash","-lc","npm test"]}', call_id: 'c1' }),
      event({ type: 'exec_command_end', call_id: 'c1', exit_code: 1, stdout: 'FAIL x.test.ts\n', stderr: '' }),
      item({ type: 'function_call_output', call_id: 'c1', output: '{"output":"FAIL x.test.ts\\n","metadata":{}}' }),
      event({ type: 'agent_message', message: 'One test fails.' }),
    ]);
    expect(entries.map((entry) => entry.kind)).toEqual(['session', 'prompt', 'tool', 'answer']);
    const tool = entries[2] as Extract<SessionFileEntry, { kind: 'tool' }>;
    expect(tool.events).toMatchObject([
      { agent: 'codex', sessionId: 'S1', cwd: '/work/app', toolName: 'Bash', toolUseId: 'c1', outcome: 'failure' },
    ]);
    expect(tool.events[0]?.input).toEqual({ command: 'npm test' });
    expect(tool.events[0]?.error).toBe('Exit code 1\nFAIL x.test.ts\n');
    expect(entries[3]).toEqual({ kind: 'answer', sessionId: 'S1', text: 'One test fails.' });
  });

  it('reads an exit code from the output line when the rollout keeps no end event', () => {
    const entries = read(new RolloutReader(), [
      meta,
      item({ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"make"}', call_id: 'c2' }),
      item({ type: 'function_call_output', call_id: 'c2', output: 'Process exited with code 2\nOutput:\nno rule\n' }),
    ]);
    expect(entries[1]).toMatchObject({
      kind: 'tool',
      events: [{ outcome: 'failure', error: 'Exit code 2\nno rule\n' }],
    });
  });

  it('takes a patch that failed to apply as a call that never ran, and a multi-file patch as one event per file', () => {
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+a\n*** Delete File: b.txt\n*** End Patch\n';
    const entries = read(new RolloutReader(), [
      meta,
      item({ type: 'function_call', name: 'apply_patch', arguments: JSON.stringify({ input: patch }), call_id: 'p1' }),
      event({ type: 'patch_apply_end', call_id: 'p1', success: false }),
      item({ type: 'function_call_output', call_id: 'p1', output: 'error: no such file' }),
      item({ type: 'custom_tool_call', name: 'apply_patch', input: patch, call_id: 'p2' }),
      event({ type: 'patch_apply_end', call_id: 'p2', success: true }),
      item({ type: 'custom_tool_call_output', call_id: 'p2', output: 'Done' }),
    ]);
    expect(entries[1]).toEqual({ kind: 'not-run', at });
    expect(entries[2]).toMatchObject({
      kind: 'tool',
      events: [
        { toolName: 'Write', toolUseId: 'p2#1' },
        { toolName: 'Edit', toolUseId: 'p2#2', fileOp: 'deleted' },
      ],
    });
  });

  it('counts a call without its output as unfinished, and a line that is not JSON as bad', () => {
    const reader = new RolloutReader();
    read(reader, [
      meta,
      item({ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls"}', call_id: 'c3' }),
    ]);
    expect(reader.unfinished()).toBe(1);
    expect(reader.line('{"timestamp":')).toBeNull();
  });
});

describe('an older Gemini chat, one JSON document', () => {
  it('reads its messages, leaves a cancelled call out as never run, and takes the last answer', () => {
    const document = {
      sessionId: 'G1',
      projectHash: 'abc',
      messages: [
        { id: 'u1', timestamp: at, type: 'user', content: [{ text: 'make it say hello' }] },
        {
          id: 'g1',
          timestamp: at,
          type: 'gemini',
          content: 'Done: it says hello.',
          toolCalls: [
            {
              id: 'run_shell_command-1',
              name: 'run_shell_command',
              args: { command: 'npm test' },
              status: 'cancelled',
              timestamp: at,
            },
            {
              id: 'replace-1',
              name: 'replace',
              args: { file_path: '/work/app/a.js', old_string: 'hi', new_string: 'hello' },
              result: [{ functionResponse: { response: { output: 'Successfully modified file' } } }],
              status: 'success',
              timestamp: at,
            },
          ],
        },
      ],
    };
    const entries = read(new ChatReader('/work/app'), [JSON.stringify(document, null, 2)]);
    expect(entries.map((entry) => entry.kind)).toEqual(['session', 'prompt', 'not-run', 'tool', 'answer']);
    expect(entries[1]).toMatchObject({ event: { prompt: 'make it say hello', agent: 'gemini', cwd: '/work/app' } });
    expect(entries[3]).toMatchObject({
      events: [{ toolName: 'Edit', input: { file_path: '/work/app/a.js', old_string: 'hi', new_string: 'hello' } }],
    });
  });
});
