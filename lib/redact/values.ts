// Reads the value after a key, flag or separator, and tells a literal (which may be a secret) from
// an expression that merely handles one: a variable, a call, a member access, an environment lookup,
// a template. Every scan moves forward only and stops at VALUE_MAX characters or the end of the line.
import type { Span } from './engine.js';
import type { NameStrength } from './names.js';

export const VALUE_MAX = 512;

export type Quote = '"' | "'" | '`';

export interface Value {
  /** The value's text (inside the quotes for a quoted value). */
  readonly start: number;
  readonly end: number;
  readonly quote: Quote | null;
  /** A quoted value closed on its own line; an unclosed one runs to the end of the line. */
  readonly closed: boolean;
  /** Just past the value, and past its closing quote. */
  readonly after: number;
}

/** Skips spaces, tabs and backslash-newline continuations (a value may follow `--password \`). */
export function skipBlanks(text: string, pos: number): number {
  let i = pos;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) i++;
    else if (c === 92 && text.charCodeAt(i + 1) === 10) i += 2;
    else if (c === 92 && text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === 10) i += 3;
    else return i;
  }
}

export function isQuote(c: string | undefined): c is Quote {
  return c === '"' || c === "'" || c === '`';
}

/** A string literal starting at `pos` (which holds the quote). */
export function readQuoted(text: string, pos: number): Value {
  const quote = text[pos] as Quote;
  const limit = Math.min(text.length, pos + 1 + VALUE_MAX);
  let i = pos + 1;
  for (; i < limit; i++) {
    const c = text[i];
    if (c === '\\' && quote !== "'") {
      i++;
      continue;
    }
    if (c === quote) return { start: pos + 1, end: i, quote, closed: true, after: i + 1 };
    if (c === '\n' || c === '\r') break;
  }
  const end = Math.min(i, limit);
  return { start: pos + 1, end, quote, closed: false, after: end };
}

/**
 * An unquoted value starting at `pos`: up to whitespace, a quote, a shell operator, `;`, a `,` that
 * ends an argument, or a closing bracket it did not open.
 */
export function readBare(text: string, pos: number, shell: boolean): Value {
  const limit = Math.min(text.length, pos + VALUE_MAX);
  let depth = 0;
  let i = pos;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    // whitespace, " ' ` & | < > ;
    if (c <= 32 || c === 34 || c === 39 || c === 96 || c === 38 || c === 124 || c === 60 || c === 62 || c === 59) break;
    if (shell) {
      if (c === 41) break; // )
      continue;
    }
    if (c === 40 || c === 91 || c === 123)
      depth++; // ( [ {
    else if (c === 41 || c === 93 || c === 125) {
      // ) ] }
      if (depth === 0) break;
      depth--;
    } else if (c === 44 && (i + 1 >= text.length || text.charCodeAt(i + 1) <= 32))
      break; // `, `
    // `a=b` inside a value starts another assignment (base64 padding is never followed by a letter).
    else if (c === 61 && /[A-Za-z_]/.test(text[i + 1] ?? '')) break;
  }
  return { start: pos, end: i, quote: null, closed: true, after: i };
}

/** A quoted or bare value at `pos`; null when there is none (end of line, a closing bracket). */
export function readValue(text: string, pos: number, shell: boolean): Value | null {
  const c = text[pos];
  if (c === undefined || c === '\n' || c === '\r') return null;
  if (isQuote(c)) return readQuoted(text, pos);
  const value = readBare(text, pos, shell);
  return value.end > value.start ? value : null;
}

const KEYWORDS = new Set([
  'null',
  'none',
  'nil',
  'undefined',
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'required',
  'optional',
  'str',
  'string',
  'int',
  'integer',
  'number',
  'bool',
  'boolean',
  'any',
  'object',
  'bytes',
  'unknown',
  'never',
  'void',
  'new',
  'await',
  'typeof',
  'lambda',
  'function',
  'async',
  'this',
  'self',
  'super',
  'not',
  'yield',
  'env',
  'secret',
  'secrets',
  'password',
  'passwd',
  'pass',
  'token',
  'key',
  'apikey',
  'api_key',
  'api-key',
  'changeme',
  'change_me',
  'changeit',
  'replaceme',
  'replace_me',
  'todo',
  'tbd',
  'fixme',
  'empty',
  'redacted',
  'placeholder',
  'dummy',
  'example',
  'sample',
  'mask',
  'masked',
  'hidden',
  'prompt',
  'stdin',
  'default',
]);

/** Obviously not a real value: empty, masked, `<your-token>`, `your_api_key_here`, `[REDACTED]`. */
export function isPlaceholder(value: string, name = ''): boolean {
  const v = value.trim();
  if (v.length < 3) return true;
  const lower = v.toLowerCase();
  if (KEYWORDS.has(lower)) return true;
  if (/^(?:x+|\*+|\.+|\u2026+|-+|_+|#+|0+|\u2022+)$/i.test(v)) return true; // … and •
  if (/^<[^<>\n]*>$|^\[[^[\]\n]*\]$|^\(\s*[^()\n]*\)$/.test(v)) return true;
  if (/^(?:your|my|enter|insert|replace|put|add|the)[\s_-]|[\s_-](?:here|goes[\s_-]here)$|^(?:xxx|\*\*\*)/i.test(v))
    return true;
  // The key's own name as its value (`PASSWORD=PASSWORD`, `password: password`).
  if (name === '' || Math.abs(v.length - name.length) > 4) return false;
  const bare = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return bare(v) === bare(name);
}

/** `$X`, `${X}`, `$(cmd)`, `%X%`, `{{ x }}`, `<%= x %>`, `#{x}`, `!Ref X`, `@Value(...)`, `:param`. */
export function isReference(value: string): boolean {
  const c = value[0];
  return (
    c === '$' ||
    c === '@' ||
    c === '!' ||
    c === '&' ||
    c === '*' ||
    /^%[A-Za-z_][A-Za-z0-9_]*%$|^\{\{|^\{%|^<%|^#\{|^\{[A-Za-z0-9_.]*\}$|^%[sdr]$|^%\(|^:[A-Za-z_]\w*$/.test(value)
  );
}

/** Text a person did not type as a word: long enough, with letters and digits, or long and mixed-case. */
export function looksRandom(value: string): boolean {
  if (/\s/.test(value)) return false;
  const letters = /[A-Za-z]/.test(value);
  if (value.length >= 12 && letters && /\d/.test(value)) return true;
  return value.length >= 20 && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

export type ValueKind = 'literal' | 'expression' | 'identifier';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
// `req.headers.authorization`, `getpass()`, `os.environ["X"]`, `config?.token`, `this->key`, `Foo::BAR`.
const ACCESS_OR_CALL = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$]|\(|\[|!\.|::|->)/;
// What follows an operand in an expression: `a || b`, `a ?? b`, `a + b`, `a if c else b`, `a.b`.
// A lone operator needs a blank before it: `?key=v&page=2` is a query string, not `v & page`.
const OPERATOR_AFTER = /^(?:[ \t]*(?:\|\||\?\?|&&)|[ \t]+[-+*/%?|&^]|\.[A-Za-z_(]|[ \t]+(?:if|or|and|else)\b)/;

/** What an unquoted value is; `following` is the text right after it. */
export function bareKind(value: string, following: string): ValueKind {
  if (isReference(value)) return 'expression';
  if (KEYWORDS.has(value.toLowerCase())) return 'expression';
  const c = value[0] as string;
  if (c === '(' || c === '[' || c === '{' || c === '\\') return 'expression';
  if (ACCESS_OR_CALL.test(value)) return 'expression';
  if (OPERATOR_AFTER.test(following)) return 'expression';
  return IDENTIFIER.test(value) ? 'identifier' : 'literal';
}

/** What a quoted value is; `prefix` is the character before its opening quote, `following` the text after it. */
export function quotedKind(text: string, value: Value, prefix: string, following: string): ValueKind {
  const inner = text.slice(value.start, value.end);
  if (value.quote === '`' && inner.includes('${')) return 'expression';
  if (/[fF]/.test(prefix) && inner.includes('{')) return 'expression';
  if (value.quote !== "'" && /\$[{(A-Za-z_]/.test(inner)) return 'expression';
  if (/\{\{|\{%|%\(|#\{|<%/.test(inner) || /^(?:%[sdr]|\{[A-Za-z0-9_.]*\})$/.test(inner)) return 'expression';
  if (value.closed && /^[ \t]*(?:\+|%[ \t(A-Za-z]|\.format\(|\.replace\(|\.join\(|\?\?|\|\|)/.test(following))
    return 'expression';
  return 'literal';
}

/** The start of the line holding `pos`, looking back at most `max` characters (-1 when further). */
export function lineStart(text: string, pos: number, max = 200): number {
  const floor = Math.max(0, pos - max);
  for (let i = pos - 1; i >= floor; i--) {
    if (text[i] === '\n') return i + 1;
  }
  return floor === 0 ? 0 : -1;
}

/** The end of the line holding `pos`, looking ahead at most `max` characters. */
export function lineEnd(text: string, pos: number, max = VALUE_MAX): number {
  const limit = Math.min(text.length, pos + max);
  for (let i = pos; i < limit; i++) {
    const c = text[i];
    if (c === '\n' || c === '\r') return i;
  }
  return limit;
}

/** The secret part of a value under a name of `strength`, or null when it is not one. */
export function secretSpan(
  text: string,
  start: number,
  end: number,
  strength: NameStrength,
  name: string,
): Span | null {
  const value = text.slice(start, end);
  if (isPlaceholder(value, name) || isReference(value)) return null;
  if (strength === 'weak' && !looksRandom(value)) return null;
  return { start, end };
}
