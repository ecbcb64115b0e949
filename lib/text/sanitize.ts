// Makes stored text safe to print into the model's context: no control, zero-width or bidi
// characters, XML-escaped so nothing stored can close or forge our tags, cut without breaking an entity.

import { stripAnsi } from './bounded.js';

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

/** Escapes what can end or open markup in text (`&`, `<`, `>`), leaving quotes readable. */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (char) => ESCAPES[char] as string);
}

/** Cleaned and text-escaped, at most `max` characters (an ellipsis marks a cut; entities are never split). */
export function safeLine(text: string, max: number): string {
  const clean = cleanText(text);
  const escaped = escapeXmlText(clean);
  if (escaped.length <= max) return escaped;
  let out = '';
  for (const char of clean) {
    const piece = char === '"' || char === "'" ? char : (ESCAPES[char] ?? char);
    if (out.length + piece.length > max - 1) break;
    out += piece;
  }
  return `${out}…`;
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
