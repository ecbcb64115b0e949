// Codex CLI's hook payloads (Claude-shaped, snake_case) → domain events. Shell commands arrive as
// `Bash` with the output alone (no exit code: it is read from the rollout, see rollout-exit.ts); edits
// arrive as `apply_patch` with the whole patch, which becomes one event per file. Null = not ours.
import { objectOf, str } from '../../narrow.js';
import type { HookBase, PromptEvent, SessionStartEvent, StopEvent, ToolEvent } from '../events.js';
import { parsePatch, type PatchChange } from './patch.js';
import { rolloutExitCode } from './rollout-exit.js';

function parseBase(input: Readonly<Record<string, unknown>>, event: string): HookBase | null {
  const name = str(input['hook_event_name']);
  if (name !== '' && name !== event) return null;
  const sessionId = str(input['session_id']);
  if (!sessionId) return null;
  return { sessionId, cwd: str(input['cwd']), agentId: null, agent: 'codex' };
}

export interface CodexToolOptions {
  /** Where a command's exit code is read from (the rollout, by default). */
  readonly exitCodeOf?: (transcriptPath: string, callId: string) => number | null;
}

export function parseToolEvents(input: Readonly<Record<string, unknown>>, options: CodexToolOptions = {}): ToolEvent[] {
  const base = parseBase(input, 'PostToolUse');
  if (!base) return [];
  const toolName = str(input['tool_name']);
  const toolUseId = str(input['tool_use_id']) || null;
  const toolInput = objectOf(input['tool_input']);
  const response = str(input['tool_response']);
  if (toolName === 'Bash' || toolName === 'shell' || toolName === 'exec_command') {
    const command = str(toolInput['command']) || str(toolInput['cmd']);
    const exitCodeOf = options.exitCodeOf ?? rolloutExitCode;
    const exitCode = toolUseId ? exitCodeOf(str(input['transcript_path']), toolUseId) : null;
    const failed = exitCode !== null && exitCode !== 0;
    return [
      {
        ...base,
        outcome: failed ? 'failure' : 'success',
        toolName: 'Bash',
        toolUseId,
        input: { command },
        response: { stdout: response },
        error: failed ? `Exit code ${exitCode}\n${response}` : '',
        isInterrupt: false,
      },
    ];
  }
  if (toolName === 'apply_patch') {
    const changes = parsePatch(str(toolInput['command']) || str(toolInput['patch']) || str(toolInput['input']));
    // One call, several files: each file its own memory, with an id of its own so that neither
    // dedupes the other, and the same one an import of the rollout gives it.
    return changes.map((change, at) =>
      patchEvent(base, change, toolUseId && changes.length > 1 ? `${toolUseId}#${at + 1}` : toolUseId),
    );
  }
  return [];
}

/** One file of a patch as the event capture reads (OpenCode's apply_patch takes the same envelope). */
export function patchEvent(base: HookBase, change: PatchChange, toolUseId: string | null): ToolEvent {
  const common = { ...base, outcome: 'success' as const, toolUseId, error: '', isInterrupt: false };
  switch (change.op) {
    case 'add':
      return {
        ...common,
        toolName: 'Write',
        input: { file_path: change.path, content: change.content },
        response: { type: 'create' },
      };
    case 'delete':
      return { ...common, toolName: 'Edit', input: { file_path: change.path }, response: {}, fileOp: 'deleted' };
    case 'update': {
      const edits = change.hunks.map((hunk) => ({ old_string: hunk.before, new_string: hunk.after }));
      const path = change.movedTo ?? change.path;
      const input = edits.length === 1 ? { file_path: path, ...edits[0] } : { file_path: path, edits };
      return {
        ...common,
        toolName: 'Edit',
        input,
        response: {},
        ...(change.movedTo ? { fileOp: 'moved' as const, movedFrom: change.path } : {}),
      };
    }
  }
}

export function parseStopEvent(input: Readonly<Record<string, unknown>>): StopEvent | null {
  const base = parseBase(input, 'Stop');
  // The transcript is a rollout, not Claude Code's: Stop's catch-up has nothing to read in it.
  return base ? { ...base, transcriptPath: '', lastAssistantMessage: str(input['last_assistant_message']) } : null;
}

export function parseSessionStartEvent(input: Readonly<Record<string, unknown>>): SessionStartEvent | null {
  const base = parseBase(input, 'SessionStart');
  return base ? { ...base, source: str(input['source']) || 'startup' } : null;
}

export function parsePromptEvent(input: Readonly<Record<string, unknown>>): PromptEvent | null {
  const base = parseBase(input, 'UserPromptSubmit');
  return base ? { ...base, prompt: str(input['prompt']), source: '' } : null;
}
