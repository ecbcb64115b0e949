// Claude Code session transcripts (`projects/**/*.jsonl`) → the few facts an import needs, one line
// at a time: tool calls, tool results, PreToolUse hook activity, and each line's session envelope.
// Parses by key, never by position; unknown line types yield nothing; nothing here throws.
import { createReadStream } from 'node:fs';
import { jsonObject, objectOf, str } from '../narrow.js';

/** The envelope fields of a conversation line that matter to an import. */
export interface LineMeta {
  readonly sessionId: string;
  /** The line's working directory: it follows the model's `cd`. */
  readonly cwd: string;
  readonly timestamp: string;
  readonly agentId: string;
  readonly isSidechain: boolean;
}

export type TranscriptEntry =
  | {
      readonly kind: 'tool-use';
      readonly id: string;
      readonly name: string;
      readonly input: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'tool-result';
      readonly toolUseId: string;
      readonly isError: boolean;
      /** `tool_result.content` as text, whether it was a string or an array of text blocks. */
      readonly text: string;
      /** `toolUseResult`: the PostToolUse `tool_response` object, an "Error: …" string, or absent. */
      readonly structured: Readonly<Record<string, unknown>> | string | null;
    }
  /** A PreToolUse hook ran for this call (2.1.x `progress` lines). */
  | { readonly kind: 'pre-tool-hook'; readonly toolUseId: string }
  /** A PreToolUse hook blocked this call (`hook_blocking_error` attachment). */
  | { readonly kind: 'hook-block'; readonly toolUseId: string }
  /** Text the user typed (a main-thread user line that is not a tool result or injected text). */
  | { readonly kind: 'prompt'; readonly text: string }
  /** A text block the assistant wrote in the main thread; the session's last one is where it stopped. */
  | { readonly kind: 'answer'; readonly text: string }
  /** A text block the assistant wrote in any thread, in order among its calls: what it said it would do. */
  | { readonly kind: 'narration'; readonly text: string }
  /** The todo list a user line carries (`todos`, 2.0.55+): the item in progress, or '' when none is. */
  | { readonly kind: 'todos'; readonly inProgress: string };

export type ParsedLine =
  | { readonly ok: false }
  | { readonly ok: true; readonly meta: LineMeta | null; readonly entries: readonly TranscriptEntry[] };

const BAD: ParsedLine = { ok: false };
const NOTHING: readonly TranscriptEntry[] = [];

/** One transcript line. `ok: false` only for text that is not a JSON object (e.g. a partly written last line). */
export function parseLine(text: string): ParsedLine {
  const line = jsonObject(text);
  if (line === null) return BAD;
  const meta = lineMeta(line);
  switch (line['type']) {
    case 'assistant':
      return { ok: true, meta, entries: [...toolUses(line), ...conversationText(line, 'answer')] };
    case 'user':
      return {
        ok: true,
        meta,
        entries: [...todoList(line), ...toolResults(line), ...conversationText(line, 'prompt')],
      };
    case 'progress':
      return { ok: true, meta, entries: preToolHook(line) };
    case 'attachment':
      return { ok: true, meta, entries: hookBlock(line) };
    default:
      // summary, system, file-history-snapshot, queue-operation, and whatever comes next.
      return { ok: true, meta, entries: NOTHING };
  }
}

function lineMeta(line: Readonly<Record<string, unknown>>): LineMeta | null {
  const sessionId = str(line['sessionId']);
  const timestamp = str(line['timestamp']);
  if (!sessionId && !timestamp) return null; // summary and snapshot lines carry no envelope
  return {
    sessionId,
    cwd: str(line['cwd']),
    timestamp,
    agentId: str(line['agentId']),
    isSidechain: line['isSidechain'] === true,
  };
}

function contentBlocks(line: Readonly<Record<string, unknown>>): readonly unknown[] {
  const content = objectOf(line['message'])['content'];
  return Array.isArray(content) ? content : NOTHING;
}

/** An assistant line's calls, and its text blocks as narration, in the order it wrote them. */
function toolUses(line: Readonly<Record<string, unknown>>): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (const item of contentBlocks(line)) {
    const block = objectOf(item);
    if (block['type'] === 'text' && line['isMeta'] !== true) {
      const text = str(block['text']);
      if (text.trim()) entries.push({ kind: 'narration', text });
    }
    if (block['type'] !== 'tool_use') continue;
    const id = str(block['id']);
    const name = str(block['name']);
    if (id && name) entries.push({ kind: 'tool-use', id, name, input: objectOf(block['input']) });
  }
  return entries;
}

/** The typed text of a main-thread user line, or an assistant line's text blocks. */
function conversationText(line: Readonly<Record<string, unknown>>, kind: 'prompt' | 'answer'): TranscriptEntry[] {
  if (line['isSidechain'] === true || line['isMeta'] === true) return [];
  const content = objectOf(line['message'])['content'];
  if (typeof content === 'string') return content.trim() ? [{ kind, text: content }] : [];
  if (!Array.isArray(content)) return [];
  if (content.some((item) => objectOf(item)['type'] === 'tool_result')) return [];
  const text = content
    .map((item) => (objectOf(item)['type'] === 'text' ? str(objectOf(item)['text']) : ''))
    .join('\n')
    .trim();
  return text ? [{ kind, text }] : [];
}

/** TodoWrite's list as a user line's envelope carries it; nothing when the line has none. */
function todoList(line: Readonly<Record<string, unknown>>): readonly TranscriptEntry[] {
  const todos = line['todos'];
  return Array.isArray(todos) ? [{ kind: 'todos', inProgress: inProgressTodo(todos) }] : NOTHING;
}

/** The first item in progress of a TodoWrite list (`[{content, status, activeForm}]`), or ''. */
export function inProgressTodo(todos: unknown): string {
  if (!Array.isArray(todos)) return '';
  for (const item of todos) {
    const todo = objectOf(item);
    if (todo['status'] === 'in_progress') return str(todo['content']) || str(todo['activeForm']);
  }
  return '';
}

function toolResults(line: Readonly<Record<string, unknown>>): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const raw = line['toolUseResult'];
  const structured =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'object' && raw !== null && !Array.isArray(raw)
        ? objectOf(raw)
        : null;
  for (const item of contentBlocks(line)) {
    const block = objectOf(item);
    if (block['type'] !== 'tool_result') continue;
    const toolUseId = str(block['tool_use_id']);
    if (!toolUseId) continue;
    // `is_error` is false or simply missing on success, depending on tool and version.
    entries.push({
      kind: 'tool-result',
      toolUseId,
      isError: block['is_error'] === true,
      text: resultText(block['content']),
      structured,
    });
  }
  return entries;
}

/** `tool_result.content`: usually a string; an array of text (and image) blocks for some tools. */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const item of content) {
    const block = objectOf(item);
    if (block['type'] === 'text') parts.push(str(block['text']));
  }
  return parts.join('\n');
}

function preToolHook(line: Readonly<Record<string, unknown>>): readonly TranscriptEntry[] {
  const data = objectOf(line['data']);
  const toolUseId = str(line['toolUseID']) || str(data['toolUseID']);
  if (data['type'] !== 'hook_progress' || data['hookEvent'] !== 'PreToolUse' || !toolUseId) return NOTHING;
  return [{ kind: 'pre-tool-hook', toolUseId }];
}

function hookBlock(line: Readonly<Record<string, unknown>>): readonly TranscriptEntry[] {
  const attachment = objectOf(line['attachment']);
  const toolUseId = str(attachment['toolUseID']);
  if (attachment['type'] !== 'hook_blocking_error' || attachment['hookEvent'] !== 'PreToolUse' || !toolUseId)
    return NOTHING;
  return [{ kind: 'hook-block', toolUseId }];
}

export interface LineReader {
  readonly lines: AsyncIterable<string>;
  /** Bytes read from the file so far, for progress. */
  bytesRead(): number;
}

/**
 * Streams a file line by line with the stream's own backpressure: only the current chunk and line
 * are held, so a transcript of hundreds of megabytes costs no more memory than its longest line.
 * (readline's async iterator queues up to 1024 lines ahead: a hundred megabytes of long lines.)
 * A final line without a newline is still yielded; the parser decides whether it is whole.
 */
export function readLines(path: string): LineReader {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  return { lines: splitLines(stream), bytesRead: () => stream.bytesRead };
}

async function* splitLines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  // Pieces of a line longer than a chunk, joined once at its newline (not re-concatenated per chunk).
  const pieces: string[] = [];
  for await (const chunk of chunks) {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      pieces.push(chunk.slice(start, newline));
      yield withoutCarriageReturn(pieces.join(''));
      pieces.length = 0;
      start = newline + 1;
    }
    if (start < chunk.length) pieces.push(chunk.slice(start));
  }
  if (pieces.length > 0) yield withoutCarriageReturn(pieces.join(''));
}

function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
