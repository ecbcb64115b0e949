// Joins each captured tool call to its result by id and rebuilds the ToolEvent the live PostToolUse /
// PostToolUseFailure hook would have received. Calls that never ran (rejected by the user, blocked
// by a hook, refused by validation) yield `not-run`: Claude Code fires no capture hook for them.
import type { ToolEvent } from '../agents/events.js';
import { NO_INTENT, type IntentParts } from '../capture/intent.js';
import { isCapturedTool, type CapturedTool } from '../memory.js';
import { str } from '../narrow.js';
import type { LineMeta, TranscriptEntry } from './transcript.js';

type ToolUse = Extract<TranscriptEntry, { kind: 'tool-use' }>;
type ToolResult = Extract<TranscriptEntry, { kind: 'tool-result' }>;

interface PendingUse {
  readonly name: CapturedTool;
  readonly input: Readonly<Record<string, unknown>>;
  readonly meta: LineMeta | null;
  readonly intent: IntentParts;
}

export interface PairedCall {
  readonly toolUseId: string;
  readonly name: CapturedTool;
  readonly input: Readonly<Record<string, unknown>>;
  readonly result: ToolResult;
  /** The tool_use line's envelope, and the tool_result line's. */
  readonly useMeta: LineMeta | null;
  readonly resultMeta: LineMeta | null;
  readonly preToolHookRan: boolean;
  readonly blockedByHook: boolean;
  /** What the session said the call was for when it was made (lib/import/intent.ts). */
  readonly intent: IntentParts;
}

/**
 * Holds the captured calls still waiting for their result (usually a handful: the result follows
 * within a few lines). Hook markers are kept only while their call is in flight.
 */
export class ToolPairer {
  private readonly pending = new Map<string, PendingUse>();
  private readonly preHooked = new Set<string>();
  private readonly blocked = new Set<string>();

  use(entry: ToolUse, meta: LineMeta | null, intent: IntentParts = NO_INTENT): void {
    if (!isCapturedTool(entry.name)) return; // Read, Grep, Task…: nothing to keep
    this.pending.set(entry.id, { name: entry.name, input: entry.input, meta, intent });
  }

  preToolHook(toolUseId: string): void {
    if (this.pending.has(toolUseId)) this.preHooked.add(toolUseId);
  }

  hookBlock(toolUseId: string): void {
    if (this.pending.has(toolUseId)) this.blocked.add(toolUseId);
  }

  /** The call this result answers, or null when it is not a captured tool (or its call is unknown). */
  take(result: ToolResult, meta: LineMeta | null): PairedCall | null {
    const use = this.pending.get(result.toolUseId);
    const preToolHookRan = this.preHooked.delete(result.toolUseId);
    const blockedByHook = this.blocked.delete(result.toolUseId);
    if (!use) return null;
    this.pending.delete(result.toolUseId);
    return {
      toolUseId: result.toolUseId,
      name: use.name,
      input: use.input,
      result,
      useMeta: use.meta,
      resultMeta: meta,
      preToolHookRan,
      blockedByHook,
      intent: use.intent,
    };
  }

  /** Whether a captured call is still waiting for its result. */
  hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** End of a file: calls whose result never came (a session cut short) are dropped; returns how many. */
  reset(): number {
    const dropped = this.pending.size;
    this.pending.clear();
    this.preHooked.clear();
    this.blocked.clear();
    return dropped;
  }
}

export interface EventContext {
  readonly sessionId: string;
  readonly agentId: string | null;
}

export type Rebuilt = { readonly kind: 'event'; readonly event: ToolEvent } | { readonly kind: 'not-run' };

const NOT_RUN: Rebuilt = { kind: 'not-run' };

// Result texts of calls refused before running (by the user, a hook, a permission rule or input
// validation); Claude Code fires no PostToolUse/PostToolUseFailure for these, so the live hooks never see them.
const REJECTED_BY_USER = /^The user doesn't want to (?:proceed with this tool use|take this action)/;
const BLOCKED_BY_HOOK = /^(?:PreToolUse|PermissionRequest)(?::\S+)? hook (?:error|blocking error)\b/;
const PERMISSION_DENIED = /^Permission (?:for this (?:action|command)|to use \S+) (?:was|has been) denied/;
const VALIDATION_ERROR = /^\s*<tool_use_error>/; // validation, "not read yet", "Sibling tool call errored"
const INTERRUPTED = /^\[Request interrupted by user/;
const EXIT_CODE_LINE = /^Exit code -?\d+/;

/** The ToolEvent the live hook would have built for this call, or `not-run` for a refused one. */
export function rebuildEvent(call: PairedCall, context: EventContext): Rebuilt {
  const { result } = call;
  const meta = call.resultMeta ?? call.useMeta;
  const base = {
    sessionId: context.sessionId,
    cwd: meta?.cwd || call.useMeta?.cwd || '',
    agentId: context.agentId,
    agent: 'claude-code' as const,
    toolName: call.name,
    toolUseId: call.toolUseId,
    input: call.input,
  };
  if (!result.isError) {
    return {
      kind: 'event',
      event: { ...base, outcome: 'success', response: successResponse(call), error: '', isInterrupt: false },
    };
  }
  const error = failureText(result);
  if (call.blockedByHook || refusedBeforeRunning(error)) return NOT_RUN;
  // 2.1.x writes a PreToolUse hook's blocking stderr bare; a Bash that really ran starts with "Exit code N".
  if (call.name === 'Bash' && call.preToolHookRan && !EXIT_CODE_LINE.test(error) && !/timed out/i.test(error))
    return NOT_RUN;
  return {
    kind: 'event',
    event: { ...base, outcome: 'failure', response: {}, error, isInterrupt: INTERRUPTED.test(error) },
  };
}

function refusedBeforeRunning(error: string): boolean {
  return (
    REJECTED_BY_USER.test(error) ||
    BLOCKED_BY_HOOK.test(error) ||
    PERMISSION_DENIED.test(error) ||
    VALIDATION_ERROR.test(error)
  );
}

/** PostToolUseFailure's `error`: the tool_result text, else the `"Error: …"` toolUseResult string. */
function failureText(result: ToolResult): string {
  if (result.text) return result.text;
  return typeof result.structured === 'string' ? result.structured.replace(/^Error: /, '') : '';
}

/**
 * PostToolUse's `tool_response`: `toolUseResult` when it is an object. 2.1.x subagent files keep it
 * only for errors, so otherwise rebuild the fields capture reads from the input and the result text.
 */
function successResponse(call: PairedCall): Readonly<Record<string, unknown>> {
  const { structured, text } = call.result;
  if (structured !== null && typeof structured === 'object') return structured;
  switch (call.name) {
    case 'Bash':
      return { stdout: text, stderr: '', interrupted: false, isImage: false };
    case 'Write': {
      // The result text says which it was: "File created successfully at: …" or "The file … has been updated".
      const type = /^File created successfully/.test(text) ? 'create' : /has been updated/.test(text) ? 'update' : '';
      return { filePath: str(call.input['file_path']), ...(type ? { type } : {}) };
    }
    case 'NotebookEdit':
      return { notebook_path: str(call.input['notebook_path']) };
    case 'Edit':
    case 'MultiEdit':
      return { filePath: str(call.input['file_path']) };
  }
}
