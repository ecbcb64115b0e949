// Edits JSON as text: inserts and removes single values at a path and leaves every other byte
// (number spelling, key order, indentation, CRLF) exactly as it was. Pure string work.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

export type JsonPath = readonly (string | number)[];

export interface TextStyle {
  /** One level of indentation: copied from the file, 2 spaces when there is none to copy. */
  readonly indent: string;
  readonly eol: '\n' | '\r\n';
}

export function textStyle(text: string): TextStyle {
  return { indent: detectIndent(text), eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The indentation the user's file already uses (2 spaces when there is none to copy). */
export function detectIndent(text: string): string {
  const match = /^[{[][^\n]*\n([ \t]+)\S/.exec(text);
  return match?.[1] ?? '  ';
}

/**
 * Inserts `value` as array element `path[-1]` (shifting the rest) or as a new last property `path[-1]`
 * of the object at `path[:-1]`, which must exist. A multi-line container gets the value on its own
 * lines at the indentation of its siblings; a one-line container gets it on the same line.
 */
export function insertValue(text: string, path: JsonPath, value: unknown, style: TextStyle): string {
  const parent = nodeAt(text, path.slice(0, -1));
  const last = path.at(-1);
  if (parent.type !== 'object' && parent.type !== 'array') throw new Error(`cannot insert into a JSON ${parent.type}`);
  if (parent.type === 'object' && typeof last !== 'string') throw new Error('an object member needs a name');
  const prefix = parent.type === 'object' ? `${JSON.stringify(last)}: ` : '';
  const children = parent.children ?? [];
  const [open, close] = parent.type === 'object' ? ['{', '}'] : ['[', ']'];
  if (children.length === 0) {
    const outer = lineIndent(text, parent.offset);
    const inner = outer + style.indent;
    const content = `${open}${style.eol}${inner}${prefix}${render(value, inner, style)}${style.eol}${outer}${close}`;
    return splice(text, parent.offset, parent.length, content);
  }
  const multiLine = text.slice(parent.offset, parent.offset + parent.length).includes('\n');
  const first = children[0] as Node;
  const indent = multiLine ? (indentBefore(text, first.offset) ?? lineIndent(text, parent.offset) + style.indent) : '';
  const item = prefix + (multiLine ? render(value, indent, style) : JSON.stringify(value));
  const separator = multiLine ? `,${style.eol}${indent}` : ', ';
  const index = parent.type === 'object' ? children.length : Number(last);
  if (index >= children.length) {
    const after = children.at(-1) as Node;
    return splice(text, after.offset + after.length, 0, separator + item);
  }
  const before = children[Math.max(index, 0)] as Node;
  return splice(text, before.offset, 0, item + separator);
}

/**
 * Removes the array element or object member at `path` together with one separator, so that
 * removing what insertValue added gives back the original text byte for byte.
 */
export function removeValue(text: string, path: JsonPath): string {
  const target = nodeAt(text, path);
  const node = target.parent?.type === 'property' ? target.parent : target;
  const parent = node.parent;
  if (!parent) throw new Error('cannot remove the JSON document itself');
  const siblings = parent.children ?? [];
  const index = siblings.indexOf(node);
  if (siblings.length === 1) return splice(text, parent.offset + 1, parent.length - 2, '');
  if (index > 0) {
    const previous = siblings[index - 1] as Node;
    const start = previous.offset + previous.length;
    return splice(text, start, node.offset + node.length - start, '');
  }
  const next = siblings[1] as Node;
  return splice(text, node.offset, next.offset - node.offset, '');
}

function nodeAt(text: string, path: JsonPath): Node {
  const root = parseTree(text);
  const node = root && (path.length === 0 ? root : findNodeAtLocation(root, [...path]));
  if (!node) throw new Error(`no JSON value at ${JSON.stringify(path)}`);
  return node;
}

/** Pretty JSON whose continuation lines start at `indent`. */
function render(value: unknown, indent: string, style: TextStyle): string {
  return JSON.stringify(value, null, style.indent).replace(/\n/g, style.eol + indent);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset)))?.[0] ?? '';
}

/** The whitespace before `offset` when the value starts its own line, else null. */
function indentBefore(text: string, offset: number): string | null {
  const before = text.slice(lineStart(text, offset), offset);
  return /^[ \t]*$/.test(before) ? before : null;
}

function splice(text: string, offset: number, length: number, content: string): string {
  return text.slice(0, offset) + content + text.slice(offset + length);
}
