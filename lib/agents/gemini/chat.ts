// A Gemini CLI chat (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, or an older single `.json`) →
// the events its live hooks were given: each finished tool call becomes the AfterTool payload Gemini
// sends and goes through this adapter's parser, so an import stores what live capture stored (Gemini
// sends no call id: a repeat is told by its content, as live). Records are kept by id until the end:
// Gemini rewrites a message as its calls finish. Never throws.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jsonObject, objectOf, str } from '../../narrow.js';
import type { SessionFileEntry, SessionFileReader } from '../events.js';
import { parsePromptEvent, parseToolEvent } from './payload.js';

type Obj = Readonly<Record<string, unknown>>;

// Statuses of a call that ran to its end; a cancelled or scheduled one fired no AfterTool.
const FINISHED: ReadonlySet<string> = new Set(['success', 'error']);
// What later hooks appended to a tool's output for the model: not the tool's own output.
const APPENDED_CONTEXT = /\n\n<hook_context>[\s\S]*?<\/hook_context>\s*$/;
const HOOK_CONTEXT_ONLY = /^\s*(?:<hook_context>[\s\S]*?<\/hook_context>\s*)+$/;

export class ChatReader implements SessionFileReader {
  private sessionId = '';
  private readonly messages = new Map<string, Obj>();

  /** `projectRoot`: the folder Gemini ran in (chats do not say it; see chatProjectRoot). */
  constructor(private projectRoot: string) {}

  line(text: string): readonly SessionFileEntry[] | null {
    const record = jsonObject(text);
    if (record === null) return null;
    const set = objectOf(record['$set']);
    this.keep(set['messages']);
    this.keep(record['messages']); // an older chat: one document holding every message
    if (typeof record['type'] === 'string' && str(record['id'])) this.messages.set(str(record['id']), record);
    const id = str(record['sessionId']);
    if (!id || id === this.sessionId) return [];
    this.sessionId = id;
    return [{ kind: 'session', sessionId: id, agent: 'gemini' }];
  }

  unfinished(): number {
    return 0; // a call is written with its result, never without
  }

  end(): readonly SessionFileEntry[] {
    const entries: SessionFileEntry[] = [];
    let answer = '';
    if (!this.projectRoot) this.projectRoot = this.workspace();
    for (const message of this.messages.values()) {
      const at = str(message['timestamp']);
      if (message['type'] === 'user') {
        const event = this.prompt(message);
        if (event) entries.push({ kind: 'prompt', event, at });
      } else if (message['type'] === 'gemini') {
        if (str(message['content']).trim()) answer = str(message['content']);
        const calls = message['toolCalls'];
        for (const call of Array.isArray(calls) ? calls : []) entries.push(this.call(objectOf(call), at));
      }
    }
    if (answer && this.sessionId) entries.push({ kind: 'answer', sessionId: this.sessionId, text: answer });
    return entries;
  }

  /** A chat away from its folder: the first workspace directory its session context names. */
  private workspace(): string {
    for (const message of this.messages.values()) {
      const content = message['content'];
      const text = Array.isArray(content) ? str(objectOf(content[0])['text']) : str(content);
      if (!text.startsWith('<session_context>')) continue;
      return /Workspace Directories:\*\*\n\s*- (\/[^\n]*)/.exec(text)?.[1] ?? '';
    }
    return '';
  }

  private keep(messages: unknown): void {
    if (!Array.isArray(messages)) return;
    for (const item of messages) {
      const message = objectOf(item);
      if (str(message['id'])) this.messages.set(str(message['id']), message);
    }
  }

  /** The text a person typed: what BeforeAgent was given, the session's own context parts left out. */
  private prompt(message: Obj) {
    const content = Array.isArray(message['displayContent']) ? message['displayContent'] : message['content'];
    const parts = Array.isArray(content) ? content.map(objectOf) : [{ text: str(content) }];
    if (parts.some((part) => 'functionResponse' in part)) return null; // a tool's result
    const text = parts
      .map((part) => str(part['text']))
      .filter((part) => part.trim() && !HOOK_CONTEXT_ONLY.test(part) && !part.startsWith('<session_context>'))
      .join('\n');
    if (!text) return null;
    return parsePromptEvent({
      hook_event_name: 'BeforeAgent',
      session_id: this.sessionId,
      cwd: this.projectRoot,
      prompt: text,
    });
  }

  private call(call: Obj, messageAt: string): SessionFileEntry {
    const at = str(call['timestamp']) || messageAt;
    if (!FINISHED.has(str(call['status']))) return { kind: 'not-run', at };
    const response = objectOf(objectOf(firstOf(call['result'])['functionResponse'])['response']);
    const error = response['error'];
    const llmContent = stripAppended(str(response['output']) || str(error));
    const event = parseToolEvent({
      hook_event_name: 'AfterTool',
      session_id: this.sessionId,
      cwd: this.projectRoot,
      tool_name: str(call['name']),
      tool_input: objectOf(call['args']),
      tool_response: {
        llmContent,
        returnDisplay: call['resultDisplay'],
        ...(error === undefined ? {} : { error: typeof error === 'string' ? { message: error } : error }),
      },
    });
    return { kind: 'tool', events: event ? [event] : [], at };
  }
}

function firstOf(value: unknown): Obj {
  return Array.isArray(value) ? objectOf(value[0]) : objectOf(value);
}

function stripAppended(text: string): string {
  let out = text;
  while (APPENDED_CONTEXT.test(out)) out = out.replace(APPENDED_CONTEXT, '');
  return out;
}

/**
 * The folder Gemini ran in, for a chat file: `<project>/.project_root` beside `chats/` (written by
 * Gemini's project registry), else the registry itself (`~/.gemini/projects.json`, path → folder
 * name; an older folder is the path's SHA-256), else '' (the chat's calls keep their own absolute paths; the project is then unknown).
 */
export function chatProjectRoot(chatPath: string): string {
  let dir = dirname(chatPath);
  for (let depth = 0; depth < 3 && dir !== dirname(dir); depth++, dir = dirname(dir)) {
    if (dir.endsWith('/chats')) break;
  }
  if (!dir.endsWith('/chats')) return '';
  const projectDir = dirname(dir);
  const marker = readSmall(join(projectDir, '.project_root')).trim();
  if (marker) return marker;
  const slug = projectDir.slice(dirname(projectDir).length + 1);
  const registry = objectOf(
    objectOf(parseJson(readSmall(join(dirname(dirname(projectDir)), 'projects.json'))))['projects'],
  );
  for (const [path, name] of Object.entries(registry)) {
    // A folder from before the registry is named by the path's SHA-256.
    if (name === slug || createHash('sha256').update(path).digest('hex') === slug) return path;
  }
  return '';
}

function readSmall(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
