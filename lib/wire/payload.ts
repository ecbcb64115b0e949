// Wire JSON from Claude Code → typed hook events. Each parser returns the event, or null for
// "not ours, skip". Optional and unknown fields are tolerated; nothing here throws.
import { isCapturedTool, type CapturedTool } from '../memory.js';
import { objectOf, str } from '../narrow.js';

export interface HookBase {
  readonly sessionId: string;
  readonly cwd: string;
  readonly agentId: string | null;
}

export interface ToolEvent extends HookBase {
  readonly outcome: 'success' | 'failure';
  readonly toolName: CapturedTool;
  readonly toolUseId: string | null;
  readonly input: Readonly<Record<string, unknown>>;
  readonly response: Readonly<Record<string, unknown>>;
  /** PostToolUseFailure's `error` ("Exit code N\n<output>" for Bash). */
  readonly error: string;
  readonly isInterrupt: boolean;
}

export interface StopEvent extends HookBase {
  /** The session transcript Stop completes the session from; '' when absent. */
  readonly transcriptPath: string;
  /** Where the session stopped (newer clients); '' when absent. */
  readonly lastAssistantMessage: string;
}

export interface SessionStartEvent extends HookBase {
  /** `startup`, `resume`, `clear`, `compact` or `fork`. */
  readonly source: string;
}

function parseBase(input: Readonly<Record<string, unknown>>): HookBase {
  return {
    sessionId: str(input['session_id']),
    cwd: str(input['cwd']),
    agentId: str(input['agent_id']) || null,
  };
}

export function parseToolEvent(input: Readonly<Record<string, unknown>>): ToolEvent | null {
  const eventName = str(input['hook_event_name']);
  const toolName = str(input['tool_name']);
  if (!isCapturedTool(toolName)) return null;
  // An event name we do not know is not ours; a missing one is treated as PostToolUse (older clients).
  const failed = eventName === 'PostToolUseFailure';
  if (eventName !== '' && eventName !== 'PostToolUse' && !failed) return null;
  const base = parseBase(input);
  if (!base.sessionId) return null;
  // Tool responses are usually objects; a bare string response is kept under `output`.
  const rawResponse = input['tool_response'];
  const response = typeof rawResponse === 'string' ? { output: rawResponse } : objectOf(rawResponse);
  return {
    ...base,
    outcome: failed ? 'failure' : 'success',
    toolName,
    toolUseId: str(input['tool_use_id']) || null,
    input: objectOf(input['tool_input']),
    response,
    error: str(input['error']),
    isInterrupt: input['is_interrupt'] === true,
  };
}

export function parseStopEvent(input: Readonly<Record<string, unknown>>): StopEvent | null {
  const base = parseBase(input);
  if (!base.sessionId) return null;
  return {
    ...base,
    transcriptPath: str(input['transcript_path']),
    lastAssistantMessage: str(input['last_assistant_message']),
  };
}

export function parseSessionStartEvent(input: Readonly<Record<string, unknown>>): SessionStartEvent | null {
  return { ...parseBase(input), source: str(input['source']) || 'startup' };
}
