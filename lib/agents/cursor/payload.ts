// Cursor's own hook payloads (~/.cursor/hooks.json: camelCase event names, snake_case keys) → domain
// events. A session is Cursor's `conversation_id`; the project is `cwd` or the first workspace root.
// Shell commands come from postToolUse (its `tool_output` is a JSON string with the exit code) and
// postToolUseFailure; file edits from afterFileEdit (the path and each old/new pair), because
// postToolUse's edit-tool inputs are not documented. Null = not ours.
import { jsonObject, objectOf, str } from '../../narrow.js';
import type { HookBase, PromptEvent, SessionStartEvent, StopEvent, ToolEvent } from '../events.js';

type Input = Readonly<Record<string, unknown>>;

/** Keys only Cursor's payloads carry (also when Cursor runs Claude Code's hooks). */
export function isCursorPayload(input: Input): boolean {
  return 'cursor_version' in input || 'conversation_id' in input;
}

/** Where the event happened: `cwd` when Cursor gives one, else the first workspace root. */
export function cursorCwd(input: Input): string {
  const roots = input['workspace_roots'];
  return str(input['cwd']) || (Array.isArray(roots) ? str(roots[0]) : '');
}

function parseBase(input: Input, events: readonly string[]): HookBase | null {
  if (!events.includes(str(input['hook_event_name']))) return null;
  const sessionId = str(input['conversation_id']) || str(input['session_id']);
  if (!sessionId) return null;
  return { sessionId, cwd: cursorCwd(input), agentId: null, agent: 'cursor' };
}

/** Cursor's shell tool: `Shell` in the agent, `run_terminal_cmd` in older builds. */
const SHELL_TOOLS = new Set(['Shell', 'run_terminal_cmd', 'Bash']);

/** A Shell result as postToolUse gives it: `{"exitCode":0,"stdout":"…","stderr":"…"}`, or plain text. */
export function shellOutput(raw: unknown): { stdout: string; stderr: string; exitCode: number | null } {
  const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : JSON.stringify(raw);
  const parsed = typeof raw === 'object' && raw !== null ? objectOf(raw) : jsonObject(text);
  if (!parsed) return { stdout: text, stderr: '', exitCode: null };
  const code = parsed['exitCode'] ?? parsed['exit_code'];
  return {
    stdout: str(parsed['stdout']) || str(parsed['output']),
    stderr: str(parsed['stderr']),
    exitCode: typeof code === 'number' && Number.isInteger(code) ? code : null,
  };
}

export function parseToolEvents(input: Input): ToolEvent[] {
  const base = parseBase(input, ['postToolUse', 'postToolUseFailure', 'afterFileEdit']);
  if (!base) return [];
  const common = { ...base, isInterrupt: false };
  if (str(input['hook_event_name']) === 'afterFileEdit') {
    const filePath = str(input['file_path']);
    if (!filePath) return [];
    const edits = (Array.isArray(input['edits']) ? input['edits'] : []).map(objectOf).map((edit) => ({
      old_string: str(edit['old_string']),
      new_string: str(edit['new_string']),
    }));
    const only = edits.length === 1 ? edits[0] : undefined;
    // A whole file written from nothing is a creation; anything else an edit of its text.
    if (only && only.old_string === '' && only.new_string !== '')
      return [
        {
          ...common,
          outcome: 'success',
          toolName: 'Write',
          toolUseId: null,
          input: { file_path: filePath, content: only.new_string },
          response: {},
          error: '',
        },
      ];
    return [
      {
        ...common,
        outcome: 'success',
        toolName: 'Edit',
        toolUseId: null,
        input: only ? { file_path: filePath, ...only } : { file_path: filePath, edits },
        response: {},
        error: '',
      },
    ];
  }
  if (!SHELL_TOOLS.has(str(input['tool_name']))) return [];
  const toolInput = objectOf(input['tool_input']);
  const command = str(toolInput['command']);
  if (!command) return [];
  const toolUseId = str(input['tool_use_id']) || null;
  const shell = { ...common, toolName: 'Bash' as const, toolUseId, input: { command } };
  if (str(input['hook_event_name']) === 'postToolUseFailure') {
    const why = str(input['error']) || 'failed';
    return [
      {
        ...shell,
        outcome: 'failure',
        response: {},
        error: /^\s*Exit code/i.test(why) ? why : `Exit code 1\n${why}`,
      },
    ];
  }
  const { stdout, stderr, exitCode } = shellOutput(input['tool_output']);
  const failed = exitCode !== null && exitCode !== 0;
  return [
    {
      ...shell,
      outcome: failed ? 'failure' : 'success',
      response: { stdout, stderr },
      error: failed ? `Exit code ${exitCode}\n${[stderr, stdout].filter(Boolean).join('\n')}` : '',
    },
  ];
}

export function parseStopEvent(input: Input): StopEvent | null {
  const base = parseBase(input, ['afterAgentResponse', 'stop', 'sessionEnd']);
  // Cursor's transcript is not Claude Code's: Stop's catch-up has nothing to read in it.
  return base ? { ...base, transcriptPath: '', lastAssistantMessage: str(input['text']) } : null;
}

export function parseSessionStartEvent(input: Input): SessionStartEvent | null {
  const base = parseBase(input, ['sessionStart']);
  return base ? { ...base, source: 'startup' } : null;
}

export function parsePromptEvent(input: Input): PromptEvent | null {
  const base = parseBase(input, ['beforeSubmitPrompt']);
  return base ? { ...base, prompt: str(input['prompt']), source: '' } : null;
}

/** What sessionStart prints: Cursor reads `additional_context` (and must be told to go on). */
export function sessionStartOutput(context: string): string {
  return context ? `${JSON.stringify({ continue: true, additional_context: context })}\n` : '';
}
