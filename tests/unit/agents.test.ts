// The adapters alone: the agent a hook's command line names, Codex's patch text, Gemini's shell text,
// and Cursor running Claude Code's hooks told apart from Claude Code.
import { describe, expect, it } from 'vitest';
import { adapterFor, agentFromArgs } from '../../lib/agents/adapter.js';
import { parseToolEvent } from '../../lib/agents/claude-code/payload.js';
import { parsePatch } from '../../lib/agents/codex/patch.js';
import { personPrompt, shellResult } from '../../lib/agents/gemini/payload.js';

describe('agentFromArgs', () => {
  const cases: ReadonlyArray<readonly [string[], string]> = [
    [[], 'claude-code'],
    [['codex'], 'codex'],
    [['--agent=gemini'], 'gemini'],
    [['something-else'], 'claude-code'],
  ];
  for (const [args, agent] of cases)
    it(`reads ${JSON.stringify(args)} as ${agent}`, () => expect(agentFromArgs(args)).toBe(agent));
});

describe('parsePatch', () => {
  it('reads each file of a patch: added, updated in two hunks, moved, deleted', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: src/new.ts',
      '+export const x = 1;',
      '+export const y = 2;',
      '*** Update File: src/old.ts',
      '@@ function a',
      ' keep',
      '-one',
      '+uno',
      '@@',
      '-two',
      '+dos',
      '*** End of File',
      '*** Update File: a.txt',
      '*** Move to: b.txt',
      '*** Delete File: gone.md',
      '*** End Patch',
    ].join('\n');
    expect(parsePatch(patch)).toEqual([
      { op: 'add', path: 'src/new.ts', content: 'export const x = 1;\nexport const y = 2;\n' },
      {
        op: 'update',
        path: 'src/old.ts',
        movedTo: null,
        hunks: [
          { before: 'one', after: 'uno' },
          { before: 'two', after: 'dos' },
        ],
      },
      { op: 'update', path: 'a.txt', movedTo: 'b.txt', hunks: [] },
      { op: 'delete', path: 'gone.md' },
    ]);
  });

  it('reads nothing from text that is not a patch', () => {
    expect(parsePatch('echo hello')).toEqual([]);
  });
});

describe('Gemini CLI', () => {
  it('reads the output and exit code of a failed command from llmContent', () => {
    expect(
      shellResult(
        '<untrusted_context>\nOutput: boom: greeting check failed\nExit Code: 3\nProcess Group PGID: 31510\n</untrusted_context>',
      ),
    ).toEqual({ output: 'boom: greeting check failed', exitCode: 3, error: '' });
  });

  it('reads no exit code from a command that passed, and a multi-line output whole', () => {
    expect(shellResult('Output: a\nb\nProcess Group PGID: 1')).toEqual({ output: 'a\nb', exitCode: null, error: '' });
  });

  it('takes the hooks’ context off the front of a prompt, and only there', () => {
    expect(personPrompt('<hook_context>&lt;memory-context&gt;…</hook_context>\n\nFix the <hook_context> bug')).toBe(
      'Fix the <hook_context> bug',
    );
  });

  it('answers a prompt with BeforeAgent context, as JSON', () => {
    expect(JSON.parse(adapterFor('gemini').promptOutput('<memory-recall/>'))).toEqual({
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: '<memory-recall/>' },
    });
  });
});

describe('Codex CLI', () => {
  it('prints the session start block as plain text, and a notice for the person in the envelope', () => {
    const codex = adapterFor('codex');
    expect(codex.sessionStartOutput('<memory-context/>', null)).toBe('<memory-context/>\n');
    expect(JSON.parse(codex.sessionStartOutput('<memory-context/>', 'repair needed'))).toEqual({
      systemMessage: 'repair needed',
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: '<memory-context/>' },
    });
  });
});

describe('Cursor running Claude Code’s hooks', () => {
  const base = {
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'npm test' },
    tool_response: { stdout: 'ok' },
    cwd: '/w',
  };
  it('is Cursor when the payload carries Cursor’s keys, keyed by its conversation', () => {
    expect(parseToolEvent({ ...base, conversation_id: 'conv-1', cursor_version: '1.7.0' })).toMatchObject({
      agent: 'cursor',
      sessionId: 'conv-1',
    });
  });
  it('is Claude Code otherwise', () => {
    expect(parseToolEvent({ ...base, session_id: 's-1' })).toMatchObject({ agent: 'claude-code', sessionId: 's-1' });
  });
});
