// OpenCode's plugin hooks, as our plugin (lib/install/opencode-plugin.ts) hands them over on stdin:
// `{hook_event_name, directory, worktree, input, output}`, the hook's own two arguments as OpenCode
// gave them → domain events. `tool.execute.after` carries the call (bash: `metadata.exit`; write,
// edit, apply_patch), `chat.message` the person's prompt (and, for a session's first, its start),
// the bus's `session.idle` the turn's end, with the last answer the plugin kept. Null = not ours.
import { isAbsolute, join } from 'node:path';
import { objectOf, str } from '../../narrow.js';
import type { HookBase, PromptEvent, SessionStartEvent, StopEvent, ToolEvent } from '../events.js';
import { patchEvent } from '../codex/payload.js';
import { parsePatch } from '../codex/patch.js';

type Input = Readonly<Record<string, unknown>>;

function parseBase(input: Input, event: string): HookBase | null {
  if (str(input['hook_event_name']) !== event) return null;
  const args = objectOf(input['input']);
  const sessionId = str(args['sessionID']) || str(objectOf(objectOf(input['event'])['properties'])['sessionID']);
  if (!sessionId) return null;
  return { sessionId, cwd: str(input['directory']) || str(input['worktree']), agentId: null, agent: 'opencode' };
}

export function parseToolEvents(input: Input): ToolEvent[] {
  const base = parseBase(input, 'tool.execute.after');
  if (!base) return [];
  const call = objectOf(input['input']);
  const args = objectOf(call['args']);
  const result = objectOf(input['output']);
  const metadata = objectOf(result['metadata']);
  const toolUseId = str(call['callID']) || null;
  const common = { ...base, toolUseId, isInterrupt: false, error: '' };
  switch (str(call['tool'])) {
    case 'bash': {
      const command = str(args['command']);
      if (!command) return [];
      const output = str(metadata['output']) || str(result['output']);
      const exit = metadata['exit'];
      const failed = typeof exit === 'number' && exit !== 0;
      return [
        {
          ...common,
          outcome: failed ? 'failure' : 'success',
          toolName: 'Bash',
          input: { command, description: str(args['description']) },
          response: { stdout: output },
          error: failed ? `Exit code ${exit}\n${output}` : '',
        },
      ];
    }
    case 'write': {
      const filePath = str(args['filePath']);
      if (!filePath) return [];
      const exists = metadata['exists'];
      return [
        {
          ...common,
          outcome: 'success',
          toolName: 'Write',
          input: { file_path: filePath, content: str(args['content']) },
          response: exists === false ? { type: 'create' } : exists === true ? { type: 'update' } : {},
        },
      ];
    }
    case 'edit': {
      const filePath = str(args['filePath']);
      if (!filePath) return [];
      return [
        {
          ...common,
          outcome: 'success',
          toolName: 'Edit',
          input: {
            file_path: filePath,
            old_string: str(args['oldString']),
            new_string: str(args['newString']),
            replace_all: args['replaceAll'] === true,
          },
          response: {},
        },
      ];
    }
    case 'apply_patch': {
      // The patch's paths are relative to the project, as OpenCode's tool takes them.
      const directory = base.cwd;
      const changes = parsePatch(str(args['patchText'])).map((change) => {
        const at = (path: string) => (isAbsolute(path) || !directory ? path : join(directory, path));
        if (change.op !== 'update') return { ...change, path: at(change.path) };
        return { ...change, path: at(change.path), movedTo: change.movedTo === null ? null : at(change.movedTo) };
      });
      return changes.map((change, n) =>
        patchEvent(base, change, toolUseId && changes.length > 1 ? `${toolUseId}#${n + 1}` : toolUseId),
      );
    }
    default:
      return [];
  }
}

/** The person's text of a `chat.message`: its text parts, without the ones OpenCode made itself. */
export function promptText(input: Input): string {
  const parts = objectOf(input['output'])['parts'];
  return (Array.isArray(parts) ? parts : [])
    .map(objectOf)
    .filter((part) => part['type'] === 'text' && part['synthetic'] !== true && part['ignored'] !== true)
    .map((part) => str(part['text']))
    .join('\n');
}

export function parsePromptEvent(input: Input): PromptEvent | null {
  const base = parseBase(input, 'chat.message');
  return base ? { ...base, prompt: promptText(input), source: '' } : null;
}

/** OpenCode has no session-start hook: the plugin asks for the context with the session's first prompt. */
export function parseSessionStartEvent(input: Input): SessionStartEvent | null {
  const base = parseBase(input, 'chat.message');
  return base ? { ...base, source: 'startup' } : null;
}

export function parseStopEvent(input: Input): StopEvent | null {
  const base = parseBase(input, 'session.idle');
  return base ? { ...base, transcriptPath: '', lastAssistantMessage: str(input['last_assistant_message']) } : null;
}
