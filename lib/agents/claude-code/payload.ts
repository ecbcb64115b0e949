// Claude Code's hook payloads (the wire types) → domain events. Each parser returns the event, or null
// for "not ours, skip". Optional and unknown fields are tolerated; nothing here throws. Cursor, with its
// third-party-hooks setting, runs these same hooks: its payloads say so (`cursor_version`,
// `conversation_id`), and their events are Cursor's.
import { cursorCwd, isCursorPayload } from '../cursor/payload.js';
import { isCapturedTool } from '../../memory.js';
import { objectOf, str } from '../../narrow.js';
import type { AgentName, HookBase, PromptEvent, SessionStartEvent, StopEvent, ToolEvent } from '../events.js';

export type { HookBase, SessionStartEvent, StopEvent, ToolEvent } from '../events.js';

/** Cursor running Claude Code's hooks: keys only Cursor's payloads carry. */
function callerOf(input: Readonly<Record<string, unknown>>): AgentName {
  return isCursorPayload(input) ? 'cursor' : 'claude-code';
}

function parseBase(input: Readonly<Record<string, unknown>>): HookBase {
  const agent = callerOf(input);
  // Cursor's session is its conversation, as its own hooks name it (lib/agents/cursor/payload.ts).
  const [first, second] = agent === 'cursor' ? ['conversation_id', 'session_id'] : ['session_id', 'conversation_id'];
  return {
    sessionId: str(input[first]) || str(input[second]),
    cwd: agent === 'cursor' ? cursorCwd(input) : str(input['cwd']),
    agentId: str(input['agent_id']) || null,
    agent,
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
    // Cursor's transcript is not Claude Code's: Stop's catch-up has nothing to read in it.
    transcriptPath: base.agent === 'cursor' ? '' : str(input['transcript_path']),
    lastAssistantMessage: str(input['last_assistant_message']),
  };
}

export function parseSessionStartEvent(input: Readonly<Record<string, unknown>>): SessionStartEvent | null {
  return { ...parseBase(input), source: str(input['source']) || 'startup' };
}

export function parsePromptEvent(input: Readonly<Record<string, unknown>>): PromptEvent | null {
  const base = parseBase(input);
  if (!base.sessionId) return null;
  return { ...base, prompt: str(input['prompt']), source: str(input['source']) };
}
