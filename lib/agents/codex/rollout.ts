// A Codex rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`) → the events its live hooks were
// given: each finished call becomes the PostToolUse payload Codex sends (same command, output, call id)
// and goes through this adapter's own parser, so an import stores what live capture stored, under the
// same ids. A patch that failed to apply is `not-run` (Codex fires no hook for it). Never throws.
import { jsonObject, objectOf, str } from '../../narrow.js';
import type { SessionFileEntry, SessionFileReader } from '../events.js';
import { parsePromptEvent, parseToolEvents } from './payload.js';

type Obj = Readonly<Record<string, unknown>>;

interface PendingCall {
  readonly tool: 'Bash' | 'apply_patch';
  /** The command line, or the patch text. */
  readonly text: string;
}

interface CommandResult {
  readonly exitCode: number | null;
  readonly output: string | null;
}

const SHELL_TOOLS: ReadonlySet<string> = new Set(['exec_command', 'shell', 'container.exec', 'local_shell']);
const APPLIED = /^Success\. Updated the following files/m;

export class RolloutReader implements SessionFileReader {
  private sessionId = '';
  private cwd = '';
  private readonly pending = new Map<string, PendingCall>();
  /** What the rollout says of a command (its item_completed, or exec_command_end) before its output line. */
  private readonly results = new Map<string, CommandResult>();
  private readonly patches = new Map<string, boolean>();
  private lastAnswer = '';

  line(text: string): readonly SessionFileEntry[] | null {
    const line = jsonObject(text);
    if (line === null) return null;
    const payload = objectOf(line['payload']);
    const at = str(line['timestamp']);
    switch (line['type']) {
      case 'session_meta':
        return this.meta(payload);
      case 'turn_context':
        if (str(payload['cwd'])) this.cwd = str(payload['cwd']);
        return [];
      case 'response_item':
        return this.item(payload, at);
      case 'event_msg':
        return this.event(payload, at);
      default:
        return [];
    }
  }

  end(): readonly SessionFileEntry[] {
    return this.lastAnswer && this.sessionId
      ? [{ kind: 'answer', sessionId: this.sessionId, text: this.lastAnswer }]
      : [];
  }

  unfinished(): number {
    return this.pending.size;
  }

  private meta(payload: Obj): SessionFileEntry[] {
    // A resumed session's rollout repeats its first meta line; a fork's names its own id.
    const id = str(payload['id']) || str(payload['session_id']);
    if (!id || id === this.sessionId) return [];
    this.sessionId = id;
    this.cwd = str(payload['cwd']) || this.cwd;
    return [{ kind: 'session', sessionId: id, agent: 'codex' }];
  }

  private item(payload: Obj, at: string): SessionFileEntry[] {
    const callId = str(payload['call_id']);
    switch (payload['type']) {
      case 'function_call': {
        const name = str(payload['name']);
        const args = parseArguments(payload['arguments']);
        if (SHELL_TOOLS.has(name)) this.pending.set(callId, { tool: 'Bash', text: commandText(args) });
        else if (name === 'apply_patch') this.pending.set(callId, { tool: 'apply_patch', text: str(args['input']) });
        return [];
      }
      case 'local_shell_call':
        this.pending.set(callId, { tool: 'Bash', text: commandText(objectOf(payload['action'])) });
        return [];
      case 'custom_tool_call':
        if (str(payload['name']) === 'apply_patch')
          this.pending.set(callId, { tool: 'apply_patch', text: str(payload['input']) });
        return [];
      case 'function_call_output':
      case 'custom_tool_call_output':
      case 'local_shell_call_output':
        return this.output(callId, outputText(payload['output']), at);
      default:
        return [];
    }
  }

  private event(payload: Obj, at: string): SessionFileEntry[] {
    const item = objectOf(payload['item']);
    switch (payload['type']) {
      case 'item_completed':
        if (item['type'] === 'CommandExecution') {
          this.results.set(str(item['id']), {
            exitCode: numberOrNull(item['exit_code']),
            output: typeof item['aggregated_output'] === 'string' ? item['aggregated_output'] : null,
          });
        } else if (item['type'] === 'FileChange') {
          this.patches.set(str(item['id']), item['status'] === 'completed');
        } else if (item['type'] === 'UserMessage') {
          return this.prompt(joinedText(item['content']), at);
        } else if (item['type'] === 'AgentMessage') {
          this.answer(joinedText(item['content']));
        }
        return [];
      case 'exec_command_end': {
        const callId = str(payload['call_id']);
        const output = str(payload['aggregated_output']) || [str(payload['stdout']), str(payload['stderr'])].join('');
        this.results.set(callId, { exitCode: numberOrNull(payload['exit_code']), output });
        return [];
      }
      case 'patch_apply_end':
        this.patches.set(str(payload['call_id']), payload['success'] === true);
        return [];
      case 'user_message':
        return this.prompt(str(payload['message']), at);
      case 'agent_message':
        this.answer(str(payload['message']));
        return [];
      case 'task_complete':
        this.answer(str(payload['last_agent_message']));
        return [];
      default:
        return [];
    }
  }

  private prompt(text: string, at: string): SessionFileEntry[] {
    const event = parsePromptEvent({
      hook_event_name: 'UserPromptSubmit',
      session_id: this.sessionId,
      cwd: this.cwd,
      prompt: text,
    });
    return event && text.trim() ? [{ kind: 'prompt', event, at }] : [];
  }

  private answer(text: string): void {
    if (text.trim()) this.lastAnswer = text;
  }

  private output(callId: string, output: string, at: string): SessionFileEntry[] {
    const call = this.pending.get(callId);
    if (!call) return [];
    this.pending.delete(callId);
    const base = { hook_event_name: 'PostToolUse', session_id: this.sessionId, cwd: this.cwd, tool_use_id: callId };
    if (call.tool === 'apply_patch') {
      const applied = this.patches.get(callId) ?? APPLIED.test(output);
      this.patches.delete(callId);
      if (!applied) return [{ kind: 'not-run', at }];
      const events = parseToolEvents({ ...base, tool_name: 'apply_patch', tool_input: { command: call.text } });
      return [{ kind: 'tool', events, at }];
    }
    const result = this.results.get(callId);
    this.results.delete(callId);
    // Live PostToolUse carries the command's own output; the output line wraps it in Codex's headers.
    const response = result?.output ?? commandOutput(output);
    const exitCode = result?.exitCode ?? exitCodeInOutput(output);
    const events = parseToolEvents(
      { ...base, tool_name: 'Bash', tool_input: { command: call.text }, tool_response: response },
      { exitCodeOf: () => exitCode },
    );
    return [{ kind: 'tool', events, at }];
  }
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function parseArguments(value: unknown): Obj {
  if (typeof value !== 'string') return objectOf(value);
  try {
    return objectOf(JSON.parse(value));
  } catch {
    return {};
  }
}

/** `cmd` (exec_command), or `command` as a string or an argv (`["bash", "-lc", "…"]`: the script). */
function commandText(args: Obj): string {
  const command = args['cmd'] ?? args['command'];
  if (typeof command === 'string') return command;
  if (!Array.isArray(command)) return '';
  const argv = command.map((part) => str(part));
  if (argv.length === 3 && /(?:^|\/)(?:ba|z)?sh$/.test(argv[0] as string) && /^-l?c$/.test(argv[1] as string))
    return argv[2] as string;
  return argv.join(' ');
}

/** A tool output as text: a string, `{content}` / `{output}` JSON, or content items. */
function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = objectOf(value);
  if (typeof object['content'] === 'string') return object['content'];
  return joinedText(object['content'] ?? value);
}

function joinedText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((item) => str(objectOf(item)['text']))
    .filter(Boolean)
    .join('\n');
}

/** The command's own output inside Codex's output line (`…\nOutput:\n<output>`, or `{"output": …}`). */
function commandOutput(output: string): string {
  const json = parseArguments(output);
  if (typeof json['output'] === 'string') return json['output'];
  const at = output.indexOf('Output:\n');
  return at === -1 ? output : output.slice(at + 'Output:\n'.length);
}

function exitCodeInOutput(output: string): number | null {
  const json = objectOf(parseArguments(output)['metadata']);
  if (typeof json['exit_code'] === 'number') return json['exit_code'];
  const said = /^(?:Process exited with code|Exit code:) (-?\d+)$/m.exec(output);
  return said ? Number(said[1]) : null;
}
