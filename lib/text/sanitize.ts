// Makes stored text safe to print into the model's context: no control, zero-width or bidi
// characters, and quoted verbatim but for what could close or forge a tag of the agent's context
// (`</memory-context>`, `<system-reminder>`, `<!--`), whose `<` is written `&lt;`. Never rewrites `&`, `>` or quotes.

import { stripAnsi } from './bounded.js';
import { describeBinary } from './binary.js';

// C0/C1 controls and DEL; zero-width and invisible formatting; bidi embeddings, overrides and isolates.
export const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * One line of plain text: escape sequences and invisible characters removed, whitespace runs collapsed.
 * Safe both in the model's context (before escaping) and on a terminal.
 */
export function cleanText(text: string): string {
  return stripAnsi(text)
    .replace(/[\t\n\r\v\f\u2028\u2029]+/g, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes all five XML specials: safe in text and in attribute values alike. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

// A `<` that opens or closes a tag shaped like the agent's own markup: a name with `-`, `_` or `:` (every
// tag this package, Claude Code and the API use: memory-context, system-reminder, command-name,
// function_calls), a conversation role, a comment, a CDATA section or a processing instruction.
// `Array<string>`, `Object.<anonymous>`, `a < b` and `<div>` are code and prose, and are quoted as they are.
const TAG_OPEN =
  /<(?=\/?[A-Za-z][A-Za-z0-9.]{0,40}[-_:]|\/?(?:memory|system|user|assistant|human|ai|instructions?|tool|result|document|context|prompt)[\s/>]|!|\?[A-Za-z])/gi;

/** Stored text verbatim, but a `<` that could open or close markup of the agent's context is `&lt;`. */
export function neutralizeTags(text: string): string {
  return text.replace(TAG_OPEN, '&lt;');
}

/** Cleaned and tag-neutralised, at most `max` characters (an ellipsis marks a cut; `&lt;` is never split). */
export function safeLine(text: string, max: number): string {
  const line = neutralizeTags(cleanText(describeBinary(text)));
  if (line.length <= max) return line;
  // Cut by code points, then drop a `&lt;` the cut split.
  let out = '';
  for (const char of line) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out.replace(/&(?:l|lt)?$/, (cut) => (line.startsWith('&lt;', out.length - cut.length) ? '' : cut))}…`;
}

/** A file inside its project is shown relative to it, as one clean line. */
export function displayPath(file: string, projectPath: string): string {
  const root = projectPath.endsWith('/') ? projectPath : `${projectPath}/`;
  return cleanText(file.startsWith(root) ? file.slice(root.length) : file);
}

/** Multi-line text for display as text: escape sequences and invisible characters gone, newlines and tabs kept. */
export function cleanBlock(text: string): string {
  return stripAnsi(text)
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, (char) => (char === '\n' || char === '\t' ? char : ''));
}
