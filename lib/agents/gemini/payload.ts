// Gemini CLI's hook payloads (its own event names: AfterTool, BeforeAgent, AfterAgent) → domain events.
// A shell command's exit code is only in its `llmContent` text (`Exit Code: N`, absent when 0); a
// failed edit carries `tool_response.error`. Prompts arrive with the context hooks injected before
// them (`<hook_context>…</hook_context>`), which is not what the person typed. Null = not ours.
import { objectOf, str } from '../../narrow.js';
import type { HookBase, PromptEvent, SessionStartEvent, StopEvent, ToolEvent } from '../events.js';

function parseBase(input: Readonly<Record<string, unknown>>, event: string): HookBase | null {
  if (str(input['hook_event_name']) !== event) return null;
  const sessionId = str(input['session_id']);
  if (!sessionId) return null;
  return { sessionId, cwd: str(input['cwd']), agentId: null, agent: 'gemini' };
}

/** `llmContent` of run_shell_command → its output and exit code (null: none said, i.e. 0). */
export function shellResult(llmContent: string): { output: string; exitCode: number | null; error: string } {
  const text = llmContent.replace(/^\s*<untrusted_context>\n?/, '').replace(/\n?<\/untrusted_context>\s*$/, '');
  const exit = /^Exit Code: (-?\d+)$/m.exec(text);
  const error = /^Error: (.*)$/m.exec(text);
  // Output runs from "Output: " to the first of Gemini's own trailing lines.
  const output =
    /^Output: ([\s\S]*?)(?=\n(?:Error|Exit Code|Signal|Background PIDs|Process Group PGID): |$(?![\s\S]))/m.exec(text);
  const shown = output?.[1] ?? '';
  return {
    output: shown === '(empty)' ? '' : shown,
    exitCode: exit ? Number(exit[1]) : null,
    error: error?.[1] ?? '',
  };
}

export function parseToolEvent(input: Readonly<Record<string, unknown>>): ToolEvent | null {
  const base = parseBase(input, 'AfterTool');
  if (!base) return null;
  const toolInput = objectOf(input['tool_input']);
  const response = objectOf(input['tool_response']);
  const failure = objectOf(response['error']);
  const errorText = str(failure['message']) || (typeof response['error'] === 'string' ? response['error'] : '');
  const common = { ...base, toolUseId: null, isInterrupt: false };
  switch (str(input['tool_name'])) {
    case 'run_shell_command': {
      const { output, exitCode, error } = shellResult(str(response['llmContent']));
      const failed = (exitCode !== null && exitCode !== 0) || error !== '' || errorText !== '';
      const code = exitCode ?? (failed ? 1 : null);
      const why = [output, error, errorText].filter(Boolean).join('\n');
      return {
        ...common,
        outcome: failed ? 'failure' : 'success',
        toolName: 'Bash',
        input: { command: str(toolInput['command']), description: str(toolInput['description']) },
        response: { stdout: output },
        error: failed ? `Exit code ${code}\n${why}` : '',
      };
    }
    case 'write_file': {
      const display = objectOf(response['returnDisplay']);
      return {
        ...common,
        outcome: errorText ? 'failure' : 'success',
        toolName: 'Write',
        input: { file_path: str(toolInput['file_path']), content: str(toolInput['content']) },
        response:
          display['isNewFile'] === true ? { type: 'create' } : display['isNewFile'] === false ? { type: 'update' } : {},
        error: errorText,
      };
    }
    case 'replace':
      return {
        ...common,
        outcome: errorText ? 'failure' : 'success',
        toolName: 'Edit',
        input: {
          file_path: str(toolInput['file_path']),
          old_string: str(toolInput['old_string']),
          new_string: str(toolInput['new_string']),
          replace_all: toolInput['allow_multiple'] === true,
        },
        response: {},
        error: errorText,
      };
    default:
      return null;
  }
}

/** The prompt without the `<hook_context>` pieces hooks put before it. */
export function personPrompt(prompt: string): string {
  return prompt.replace(/^(?:\s*<hook_context>[\s\S]*?<\/hook_context>)+\s*/, '');
}

export function parseStopEvent(input: Readonly<Record<string, unknown>>): StopEvent | null {
  const base = parseBase(input, 'AfterAgent');
  return base ? { ...base, transcriptPath: '', lastAssistantMessage: str(input['prompt_response']) } : null;
}

export function parseSessionStartEvent(input: Readonly<Record<string, unknown>>): SessionStartEvent | null {
  const base = parseBase(input, 'SessionStart');
  return base ? { ...base, source: str(input['source']) || 'startup' } : null;
}

export function parsePromptEvent(input: Readonly<Record<string, unknown>>): PromptEvent | null {
  const base = parseBase(input, 'BeforeAgent');
  return base ? { ...base, prompt: personPrompt(str(input['prompt'])), source: '' } : null;
}
