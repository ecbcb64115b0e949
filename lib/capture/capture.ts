// Tool event → the memory worth keeping, or null for noise (lib/capture/noise.ts). Decides type, importance, tags and
// content; strips <private> and redacts secrets before anything leaves this module (a shell command's memory is
// made in command-capture.ts). Pure: no I/O.
import type { ToolEvent } from '../agents/events.js';
import { IMPORTANCE, type MemoryDraft } from '../memory.js';
import {
  ENV_VALUES_NOTE,
  envNames,
  isKeyContent,
  KEY_FILE_NOTE,
  keyFileByName,
  type KeyFileKind,
} from '../redact/key-files.js';
import { eventPath, isNoiseEvent } from './noise.js';
import { captureBash, captureBashFailure } from './command-capture.js';
import { bound, joinTags, Redactor } from './draft-text.js';
import { describeBinary } from '../text/binary.js';
import { clip, countLines, head, oneLine, SCAN_MAX } from '../text/bounded.js';
import { baseName } from '../paths.js';
import { objectOf, str } from '../narrow.js';

/** A tool event → what is kept of it; null for noise and for what leaves nothing to keep. */
export function captureEvent(event: ToolEvent): MemoryDraft | null {
  return isNoiseEvent(event) ? null : draftOf(event);
}

/** captureEvent for an event already known not to be noise (the capture hook asked before the gate). */
export function draftOf(event: ToolEvent): MemoryDraft | null {
  switch (event.toolName) {
    case 'Bash':
      return event.outcome === 'failure' ? captureBashFailure(event) : captureBash(event);
    case 'Edit':
    case 'MultiEdit':
      return captureEdit(event);
    case 'Write':
      return captureWrite(event);
    case 'NotebookEdit':
      return captureNotebookEdit(event);
  }
}

function captureEdit(event: ToolEvent): MemoryDraft | null {
  if (event.fileOp === 'deleted') return captureDelete(event);
  const path = eventPath(event);
  const edits = editPairs(event.input);
  const redactor = new Redactor([path, ...edits.flatMap(([before, after]) => [before, after])]);
  const name = baseName(path);
  const keyFile = keyFileKind(path, [str(event.response['originalFile']), ...edits.flat()]);
  if (event.outcome === 'failure') return toolFailure(event, path, name, redactor, keyFile);
  const [first] = edits;
  const count = edits.length > 1 ? ` (${edits.length} edits)` : '';
  const all = event.input['replace_all'] === true ? ' (all occurrences)' : '';
  const edited =
    event.fileOp === 'moved'
      ? `Moved ${redactor.clean(baseName(event.movedFrom ?? ''))} → ${redactor.clean(name)}`
      : `Edited ${redactor.clean(name)}`;
  if (keyFile === 'key') {
    const written = edits.reduce((sum, [, after]) => sum + Buffer.byteLength(after), 0);
    const size = `${edits.length} edit${edits.length === 1 ? '' : 's'}, ${bytes(written)} written`;
    return keyFileMemory(event, redactor.clean(path), `${edited} (${size}): ${KEY_FILE_NOTE}`);
  }
  if (event.fileOp === 'moved' && edits.every(([before, after]) => !before && !after))
    return fileMemory(event, redactor.clean(path), edited, 'move', 2);
  let change: string;
  if (keyFile === 'env') {
    const names = (texts: readonly string[]): string =>
      texts.flatMap((text) => envNames(head(text, SCAN_MAX))).join(', ');
    const was = names(edits.map(([before]) => before));
    const now = names(edits.map(([, after]) => after));
    change = `${was || now ? describeChange(redactor.clean(was), redactor.clean(now)) : 'changed'} (${ENV_VALUES_NOTE})`;
  } else {
    change = first ? describeChange(redactor.clean(first[0]), redactor.clean(first[1])) : 'changed';
  }
  return fileMemory(event, redactor.clean(path), `${edited}${count}${all}: ${change}`, 'edit', 2);
}

/** A file an apply_patch deleted: its path, nothing of what it held. */
function captureDelete(event: ToolEvent): MemoryDraft {
  const path = eventPath(event);
  const redactor = new Redactor([path]);
  return fileMemory(event, redactor.clean(path), `Deleted ${redactor.clean(baseName(path))}`, 'delete', 2);
}

/**
 * Whether the file is key material (never stored by content) or an `.env` file (names only): by its
 * name, or by what any of `texts` (the content written, the file before the edit, the edit's
 * strings) holds.
 */
function keyFileKind(path: string, texts: readonly string[]): KeyFileKind | null {
  return keyFileByName(path) ?? (texts.some(isKeyContent) ? 'key' : null);
}

function editPairs(input: Readonly<Record<string, unknown>>): Array<[string, string]> {
  const list = input['edits'];
  if (Array.isArray(list)) {
    return list.map(
      (item) => [str(objectOf(item)['old_string']), str(objectOf(item)['new_string'])] as [string, string],
    );
  }
  return [[str(input['old_string']), str(input['new_string'])]];
}

function describeChange(before: string, after: string): string {
  const was = clip(oneLine(before), 160);
  const now = clip(oneLine(after), 160);
  if (!was) return `added "${now}"`;
  if (!now) return `removed "${was}"`;
  return `"${was}" → "${now}"`;
}

function captureWrite(event: ToolEvent): MemoryDraft | null {
  const path = eventPath(event);
  const content = str(event.input['content']);
  const redactor = new Redactor([path, content]);
  const name = baseName(path);
  const keyFile = keyFileKind(path, [content]);
  if (event.outcome === 'failure') return toolFailure(event, path, name, redactor, keyFile);
  const verb =
    str(event.response['type']) === 'create'
      ? 'Created'
      : str(event.response['type']) === 'update'
        ? 'Rewrote'
        : 'Wrote';
  const lineCount = countLines(content);
  const lineText = `${lineCount} line${lineCount === 1 ? '' : 's'}`;
  if (keyFile === 'key') {
    const summary = `${verb} ${redactor.clean(name)} (${bytes(Buffer.byteLength(content))}, ${lineText}): ${KEY_FILE_NOTE}`;
    return keyFileMemory(event, redactor.clean(path), summary);
  }
  const preview =
    keyFile === 'env'
      ? envPreview(redactor.clean(envNames(head(content, SCAN_MAX)).join(', ')))
      : clip(oneLine(redactor.clean(head(content, 2048))), 300);
  const summary = `${verb} ${redactor.clean(name)} (${lineText})${preview ? `: ${preview}` : ''}`;
  return fileMemory(event, redactor.clean(path), summary, verb === 'Created' ? 'create' : 'write', 2);
}

/** An `.env` file's names, bounded like any preview, and the note that its values are not kept. */
function envPreview(names: string): string {
  return `${clip(names, 300)}${names ? ' ' : ''}(${ENV_VALUES_NOTE})`;
}

function captureNotebookEdit(event: ToolEvent): MemoryDraft | null {
  const path = eventPath(event);
  const source = str(event.input['new_source']);
  const redactor = new Redactor([path, source]);
  const name = baseName(path);
  const keyFile = isKeyContent(source) ? 'key' : null;
  if (event.outcome === 'failure') return toolFailure(event, path, name, redactor, keyFile);
  const mode = str(event.input['edit_mode']) || str(event.response['edit_mode']) || 'replace';
  const cellType = str(event.input['cell_type']) || str(event.response['cell_type']);
  const cellId = str(event.input['cell_id']) || str(event.response['cell_id']);
  const verb = mode === 'insert' ? 'inserted' : mode === 'delete' ? 'deleted' : 'replaced';
  const cell = [cellType, 'cell', cellId].filter(Boolean).join(' ');
  const preview = mode === 'delete' ? '' : keyFile ? KEY_FILE_NOTE : clip(oneLine(redactor.clean(source)), 300);
  const summary = `Notebook ${redactor.clean(name)}: ${verb} ${redactor.clean(cell)}${preview ? `: ${preview}` : ''}`;
  return fileMemory(event, redactor.clean(path), summary, 'notebook', 2);
}

/** A failed Edit/Write/NotebookEdit ("string not found", a permission error) is worth a low note. */
function toolFailure(
  event: ToolEvent,
  path: string,
  name: string,
  redactor: Redactor,
  keyFile: KeyFileKind | null,
): MemoryDraft {
  // The error of a failed edit quotes the string it looked for: of a key file, none of it is kept.
  // Of an `.env` file, its first line only ("String to replace not found in file."): the rest quotes values.
  const error = keyFile === 'env' ? (event.error.split('\n', 1)[0] ?? '') : event.error;
  const reason =
    keyFile === 'key' ? KEY_FILE_NOTE : clip(oneLine(describeBinary(redactor.clean(error))), 400) || 'failed';
  return {
    type: 'observation',
    toolName: event.toolName,
    filePath: redactor.clean(path),
    content: bound(`${event.toolName} failed on ${redactor.clean(name)}: ${reason}`),
    tags: joinTags([event.toolName.toLowerCase(), 'failed', extensionOf(path)]),
    importance: IMPORTANCE.routine,
    exitCode: null,
  };
}

function fileMemory(event: ToolEvent, path: string, content: string, action: string, importance: 1 | 2): MemoryDraft {
  return {
    type: 'file_edit',
    toolName: event.toolName,
    filePath: path,
    content: bound(content),
    tags: joinTags([event.toolName.toLowerCase(), action, extensionOf(path)]),
    importance,
    exitCode: null,
  };
}

/** A key file's memory: its path, tool and size, none of its content. */
function keyFileMemory(event: ToolEvent, path: string, content: string): MemoryDraft {
  return {
    type: 'file_edit',
    toolName: event.toolName,
    filePath: path,
    content: bound(content),
    tags: joinTags([event.toolName.toLowerCase(), 'key-file', extensionOf(path)]),
    importance: 2,
    exitCode: null,
  };
}

function bytes(count: number): string {
  return `${count.toLocaleString('en')} byte${count === 1 ? '' : 's'}`;
}

function extensionOf(path: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(baseName(path));
  return match ? (match[1] as string).toLowerCase() : '';
}
