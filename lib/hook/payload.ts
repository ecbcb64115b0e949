// Wire JSON from Claude Code → typed hook events. Each parser returns the event, or null for
// "not ours, skip". Optional and unknown fields are tolerated; nothing here throws.

export interface HookBase {
  readonly sessionId: string;
  readonly cwd: string;
  readonly transcriptPath: string;
  readonly agentId: string | null;
}

export type CapturedTool = 'Edit' | 'MultiEdit' | 'Write' | 'Bash' | 'NotebookEdit';

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
  readonly stopHookActive: boolean;
}

export interface SessionStartEvent extends HookBase {
  readonly source: string;
}

const CAPTURED_TOOLS: ReadonlySet<string> = new Set(['Edit', 'MultiEdit', 'Write', 'Bash', 'NotebookEdit']);

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function record(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function parseBase(input: Readonly<Record<string, unknown>>): HookBase {
  return {
    sessionId: str(input['session_id']),
    cwd: str(input['cwd']),
    transcriptPath: str(input['transcript_path']),
    agentId: str(input['agent_id']) || null,
  };
}

export function parseToolEvent(input: Readonly<Record<string, unknown>>): ToolEvent | null {
  const eventName = str(input['hook_event_name']);
  const toolName = str(input['tool_name']);
  if (!CAPTURED_TOOLS.has(toolName)) return null;
  // An event name we do not know is not ours; a missing one is treated as PostToolUse (older clients).
  const failed = eventName === 'PostToolUseFailure';
  if (eventName !== '' && eventName !== 'PostToolUse' && !failed) return null;
  const base = parseBase(input);
  if (!base.sessionId) return null;
  // Tool responses are usually objects; a bare string response is kept under `output`.
  const rawResponse = input['tool_response'];
  const response = typeof rawResponse === 'string' ? { output: rawResponse } : record(rawResponse);
  return {
    ...base,
    outcome: failed ? 'failure' : 'success',
    toolName: toolName as CapturedTool,
    toolUseId: str(input['tool_use_id']) || null,
    input: record(input['tool_input']),
    response,
    error: str(input['error']),
    isInterrupt: input['is_interrupt'] === true,
  };
}

export function parseStopEvent(input: Readonly<Record<string, unknown>>): StopEvent | null {
  const base = parseBase(input);
  if (!base.sessionId) return null;
  return { ...base, stopHookActive: input['stop_hook_active'] === true };
}

export function parseSessionStartEvent(input: Readonly<Record<string, unknown>>): SessionStartEvent | null {
  const base = parseBase(input);
  return { ...base, source: str(input['source']) || 'startup' };
}
