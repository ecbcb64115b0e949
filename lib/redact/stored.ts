// Rewrites what an older version stored with what capture keeps today: the secret rules over every
// text of a row, and, of a file memory whose file is key material, the content cut to the note that
// replaces it (an `.env` file's to the names it assigns). Never lengthens a row with anything but the note.
import { baseNameOf, ENV_VALUES_NOTE, isKeyContent, KEY_FILE_NOTE, keyFileByName } from './key-files.js';

/** What `memory redact` knows of a stored row besides its text. */
export interface StoredRow {
  /** The column each field comes from. */
  readonly columns: readonly string[];
  readonly toolName: string | null;
}

const FILE_TOOLS: ReadonlySet<string> = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/**
 * `redacted` (the row's `fields` after the secret rules) with a key file's content cut to the note,
 * as capture keeps it today.
 */
export function withoutKeyFileContent(
  fields: readonly string[],
  redacted: readonly string[],
  row: StoredRow,
): string[] {
  const out = [...redacted];
  const contentAt = row.columns.indexOf('content');
  const pathAt = row.columns.indexOf('file_path');
  if (contentAt < 0 || pathAt < 0 || !row.toolName || !FILE_TOOLS.has(row.toolName)) return out;
  const content = fields[contentAt] ?? '';
  const kind = keyFileByName(fields[pathAt] ?? '') ?? (isKeyContent(content) ? 'key' : null);
  if (!kind) return out;
  const name = baseNameOf(out[pathAt] ?? '');
  const stored = out[contentAt] ?? '';
  out[contentAt] = kind === 'key' ? withoutKeyContent(stored, name) : withoutEnvValues(content, stored, name);
  return out;
}

/** Where the part after `Edited <name> (…): ` starts, or -1 when the memory says nothing more. */
function afterHead(content: string, name: string): number {
  const at = name ? content.indexOf(name) : -1;
  const colon = content.indexOf(': ', at < 0 ? 0 : at + name.length);
  return colon < 0 ? -1 : colon + 2;
}

function withoutKeyContent(content: string, name: string): string {
  if (content.endsWith(KEY_FILE_NOTE)) return content;
  const rest = afterHead(content, name);
  return rest < 0 ? content : `${content.slice(0, rest)}${KEY_FILE_NOTE}`;
}

/** The names an `.env` memory's text assigns (`NAME=`), read from the text before redaction. */
function withoutEnvValues(original: string, content: string, name: string): string {
  if (content.endsWith(`(${ENV_VALUES_NOTE})`)) return content;
  const rest = afterHead(content, name);
  if (rest < 0) return content;
  const from = afterHead(original, name);
  const names: string[] = [];
  for (const match of original
    .slice(from < 0 ? 0 : from)
    .matchAll(/(?<![A-Za-z0-9_.-])[A-Za-z_][A-Za-z0-9_.-]{0,127}=/g))
    if (!names.includes(match[0].slice(0, -1))) names.push(match[0].slice(0, -1));
  if (names.length === 0) return content;
  return `${content.slice(0, rest)}${names.join(', ')} (${ENV_VALUES_NOTE})`;
}
