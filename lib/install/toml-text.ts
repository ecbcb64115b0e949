// Edits a TOML file (Codex's config.toml) as text: puts in, replaces or takes out whole tables of ours
// and leaves every other byte as it was. Each edit is checked by parsing the text before and after:
// an edit that would change anything outside our table, or that does not read back as written, is
// refused (the file defines that table some other way), so a user's file is never half-understood.
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'smol-toml';
import { describeError } from '../narrow.js';

export type TomlTable = Record<string, unknown>;
export type TomlParse =
  { readonly ok: true; readonly value: TomlTable } | { readonly ok: false; readonly reason: string };

/** An empty file is an empty table, as Codex reads it. Tables come back as plain objects, dates as text. */
export function parseToml(text: string): TomlParse {
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(parse(text))) as TomlTable };
  } catch (error) {
    return { ok: false, reason: `is not valid TOML (${describeError(error).split('\n')[0] ?? ''})` };
  }
}

/** The value at `path` in parsed TOML, or undefined. */
export function tomlAt(value: TomlTable, path: readonly string[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as TomlTable)[key];
  }
  return current;
}

/** The file defines the table in a way we do not edit (inline, dotted keys): say so, change nothing. */
export class TomlEditRefused extends Error {
  override readonly name = 'TomlEditRefused';
}

/**
 * `text` with the table at `path` holding exactly `body` (flat: strings, numbers, booleans, arrays);
 * a table already there is rewritten where it stands, else it is appended at the end.
 */
export function setTable(text: string, path: readonly string[], body: TomlTable): string {
  const before = checkedParse(text);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = splitLines(text);
  const section = findSection(lines, path);
  const block = [
    header(path),
    ...stringify(body)
      .split('\n')
      .filter((line) => line !== ''),
  ];
  let edited: string;
  if (section) {
    lines.splice(section.start, section.end - section.start, ...block);
    edited = lines.join(eol);
  } else {
    const base = text === '' || /\n$/.test(text) ? text : text + eol;
    edited = `${base}${base.trim() === '' ? '' : eol}${block.join(eol)}${eol}`;
  }
  verify(before, edited, path, body);
  return edited;
}

/** `text` without the table at `path` (and its sub-tables), and the blank line set before it. */
export function removeTable(text: string, path: readonly string[]): string {
  const before = checkedParse(text);
  if (tomlAt(before, path) === undefined) return text;
  const lines = splitLines(text);
  let edited = lines;
  for (let section = findSection(edited, path); section; section = findSection(edited, path)) {
    const start = section.start > 0 && edited[section.start - 1]?.trim() === '' ? section.start - 1 : section.start;
    edited = [...edited.slice(0, start), ...edited.slice(section.end)];
  }
  const result = edited.join(text.includes('\r\n') ? '\r\n' : '\n');
  verify(before, result, path, undefined);
  return result;
}

function checkedParse(text: string): TomlTable {
  const parsed = parseToml(text);
  if (!parsed.ok) throw new TomlEditRefused(parsed.reason);
  return parsed.value;
}

function verify(before: TomlTable, text: string, path: readonly string[], body: TomlTable | undefined): void {
  const after = parseToml(text);
  const name = header(path);
  if (!after.ok) throw new TomlEditRefused(`defines ${name} in a way we do not edit`);
  if (
    !isDeepStrictEqual(without(after.value, path), without(before, path)) ||
    !isDeepStrictEqual(tomlAt(after.value, path), body)
  )
    throw new TomlEditRefused(`defines ${name} in a way we do not edit`);
}

/** A copy of `value` without the table at `path`, and without the tables that only held it. */
function without(value: TomlTable, path: readonly string[]): TomlTable {
  const [key, ...rest] = path;
  if (key === undefined || !(key in value)) return value;
  const copy = { ...value };
  const inner = copy[key];
  if (rest.length === 0 || typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
    delete copy[key];
    return copy;
  }
  const pruned = without(inner as TomlTable, rest);
  if (Object.keys(pruned).length === 0) delete copy[key];
  else copy[key] = pruned;
  return copy;
}

/** `[mcp_servers.memory-hooks]`, `[hooks.state."/home/u/.codex/hooks.json:stop:0:0"]`. */
export function header(path: readonly string[]): string {
  return `[${path.map((key) => (/^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key))).join('.')}]`;
}

function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

interface Section {
  readonly start: number;
  /** The line after the table's last key line (comments and blank lines before the next header stay). */
  readonly end: number;
}

/** Where the table at `path` or one of its sub-tables starts in `lines`, by each header's parsed path. */
function findSection(lines: readonly string[], path: readonly string[]): Section | null {
  const start = lines.findIndex((line) => {
    const found = headerPath(line);
    return found !== null && found.length >= path.length && path.every((key, i) => found[i] === key);
  });
  if (start < 0) return null;
  let end = start + 1;
  for (let at = start + 1; at < lines.length && headerPath(lines[at] as string) === null; at++) {
    if (!/^\s*(#.*)?$/.test(lines[at] as string)) end = at + 1;
  }
  return { start, end };
}

/** The key path of a `[table]` header line (null for anything else, `[[arrays]]` included as a stop). */
function headerPath(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('[')) return null;
  if (trimmed.startsWith('[[')) return [];
  try {
    let current: unknown = parse(trimmed);
    const path: string[] = [];
    while (typeof current === 'object' && current !== null && !Array.isArray(current)) {
      const keys = Object.keys(current);
      if (keys.length !== 1) break;
      path.push(keys[0] as string);
      current = (current as TomlTable)[keys[0] as string];
    }
    return path;
  } catch {
    return null;
  }
}
