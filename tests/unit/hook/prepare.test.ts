// The prepare steps (lib/hook/on-tool-use.ts, on-prompt.ts) let a hook end before the gate and the
// database. They must never skip work the handler would do.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../lib/config/config.js';
import type { HookInput } from '../../../lib/hook/io.js';
import { prepareToolEvent } from '../../../lib/hook/on-tool-use.js';
import { preparePrompt } from '../../../lib/hook/on-prompt.js';
import { promptToRecord } from '../../../lib/capture/prompt.js';
import { recallGate } from '../../../lib/recall/gate.js';

const ENV = { HOME: '/home/someone' };
const base = { session_id: 's', cwd: '/home/someone/app', tool_use_id: 'toolu_1' };
const bash = (command: string, failed = false) => ({
  ...base,
  hook_event_name: failed ? 'PostToolUseFailure' : 'PostToolUse',
  tool_name: 'Bash',
  tool_input: { command },
  ...(failed ? { error: 'Exit code 1\nls: cannot access x' } : { tool_response: { stdout: '', stderr: '' } }),
});
const file = (tool: string, path: string, extra: Record<string, unknown> = {}) => ({
  ...base,
  hook_event_name: 'PostToolUse',
  tool_name: tool,
  tool_input: tool === 'NotebookEdit' ? { notebook_path: path, new_source: 'x' } : { file_path: path, content: 'x' },
  tool_response: {},
  ...extra,
});

const TOOL_EVENTS: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['ls', bash('ls -la src')],
  ['git status', bash('git status')],
  ['a failed ls', bash('ls x', true)],
  ['npm test', bash('npm test')],
  ['an empty command', bash('   ')],
  ['a chain ending in a write', bash('cat a.txt && echo done > b.txt')],
  ['an edit', file('Edit', '/home/someone/app/src/a.ts')],
  ['a lock file', file('Write', '/home/someone/app/package-lock.json')],
  ['build output', file('Write', '/home/someone/app/dist/a.js')],
  ['a notebook', file('NotebookEdit', '/home/someone/app/a.ipynb')],
  ['a notebook in a venv', file('NotebookEdit', '/home/someone/app/.venv/a.ipynb')],
  ['no path', file('Edit', '')],
  ['an interrupt', { ...bash('npm test'), is_interrupt: true }],
  ['a Read', { ...file('Read', '/home/someone/app/a.ts') }],
  ['no session', { ...bash('npm test'), session_id: '' }],
  ['another event', { ...bash('npm test'), hook_event_name: 'PreToolUse' }],
];

type Given = Omit<HookInput, 'config'>;
/** As the hook runner does: the settings built once from the environment, handed to the step. */
const withConfig = (given: Given): HookInput => ({ ...given, config: loadConfig(given.env) });
const toolEventNeedsNothing = (given: Given): boolean => prepareToolEvent(withConfig(given)) === null;
const promptNeedsNothing = (given: Given): boolean => preparePrompt(withConfig(given)) === null;

describe('the post-tool-use prepare step', () => {
  it.each(TOOL_EVENTS)('stores nothing for %s when capture is off', (_what, input) => {
    expect(toolEventNeedsNothing({ input, env: { ...ENV, CLAUDE_MEMORY_DISABLE: '1' } })).toBe(true);
  });

  it('lets the events worth storing through', () => {
    const through = TOOL_EVENTS.filter(([, input]) => !toolEventNeedsNothing({ input, env: ENV })).map(
      ([what]) => what,
    );
    expect(through).toEqual(['a failed ls', 'npm test', 'a chain ending in a write', 'an edit', 'a notebook']);
  });
});

const PROMPTS: ReadonlyArray<[string, string, string]> = [
  ['a request', 'fix the login test that fails on an expired token', ''],
  ['an acknowledgement', 'ok', ''],
  ['a system prompt', 'fix the login test', 'system'],
  ['an SDK prompt', 'fix the login test', 'sdk'],
  ['a slash command', '/mem login', ''],
  ['a task notification', '<task-notification>done</task-notification>', ''],
  ['an empty prompt', '   ', 'user'],
  ['a private request', '<private>the token is abc</private>', ''],
];

describe('the user-prompt-submit prepare step', () => {
  it.each(PROMPTS)('never skips %s the handler would record or recall', (_what, prompt, source) => {
    for (const recall of ['0', '1']) {
      const env = { ...ENV, CLAUDE_MEMORY_RECALL: recall };
      const input = { session_id: 's', prompt, ...(source ? { source } : {}) };
      const handlerWork =
        promptToRecord(prompt, source) !== null || (recall === '1' && recallGate(prompt, source).recall);
      if (handlerWork) expect(promptNeedsNothing({ input, env })).toBe(false);
    }
  });

  it('skips what no person asked, and everything when off or without a session', () => {
    const skipped = PROMPTS.filter(([, prompt, source]) =>
      promptNeedsNothing({ input: { session_id: 's', prompt, source }, env: ENV }),
    ).map(([what]) => what);
    expect(skipped).toEqual(['a system prompt', 'a slash command', 'a task notification', 'an empty prompt']);
    expect(
      promptNeedsNothing({
        input: { session_id: 's', prompt: 'fix it now please' },
        env: { ...ENV, CLAUDE_MEMORY_DISABLE: '1' },
      }),
    ).toBe(true);
    expect(promptNeedsNothing({ input: { prompt: 'fix the login test' }, env: ENV })).toBe(true);
  });
});
