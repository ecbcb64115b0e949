// Search hits for display: a window of text around the terms with the hits marked, and marked text →
// one-line segments safe on a terminal. Pure; the database never needs it.
import { cleanText } from '../sanitize.js';

// Private-use characters mark highlighted spans inside snippet text; FTS5's snippet() uses the same pair.
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

export interface Segment {
  readonly text: string;
  readonly hit: boolean;
}

/** Snippet text with marked hits → one-line segments, safe on a terminal. */
export function markedSegments(marked: string): Segment[] {
  const segments: Segment[] = [];
  const flat = cleanText(marked);
  let hit = false;
  let text = '';
  for (const char of flat) {
    if (char === MARK_START || char === MARK_END) {
      if (text) segments.push({ text, hit });
      text = '';
      hit = char === MARK_START;
    } else {
      text += char;
    }
  }
  if (text) segments.push({ text, hit });
  return segments;
}

/** LIKE hits have no FTS snippet: a window of about `width` characters around the first term, terms marked. */
export function likeSnippet(content: string, terms: readonly string[], width = 120): string {
  const text = cleanText(content);
  const pattern = new RegExp([...terms].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'giu');
  const first = pattern.exec(text);
  pattern.lastIndex = 0;
  const chars = [...text];
  let start = 0;
  if (first) start = Math.max(0, [...text.slice(0, first.index)].length - Math.floor(width / 3));
  const window = chars.slice(start, start + width).join('');
  const marked = window.replace(pattern, (match) => `${MARK_START}${match}${MARK_END}`);
  return `${start > 0 ? '…' : ''}${marked}${start + width < chars.length ? '…' : ''}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
