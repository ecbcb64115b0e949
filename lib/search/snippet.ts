// Search hits for display: a window of text around the terms with the hits marked, and marked text →
// one-line segments safe on a terminal. Pure; the database never needs it.
import { cleanText } from '../text/sanitize.js';
import { charTest } from '../text/unicode-pattern.js';

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

/**
 * A window of about `width` characters around the first hit, hits marked. A hit is a whole word or
 * identifier part (`Handler` in `getHandler`, `인증` in `인증을`), or its start; a single letter
 * counts only as a whole word or part. A term found only inside words (a substring search such as
 * `andle`) is marked there, since that is what matched; a single letter never is.
 */
export function likeSnippet(content: string, terms: readonly string[], width = 120): string {
  const text = cleanText(content);
  const hits = highlightSpans(text, terms);
  const chars = [...text];
  let start = 0;
  const first = hits[0];
  if (first) start = Math.max(0, [...text.slice(0, first.start)].length - Math.floor(width / 3));
  const windowStart = chars.slice(0, start).join('').length;
  const windowEnd = windowStart + chars.slice(start, start + width).join('').length;
  let marked = '';
  let at = windowStart;
  for (const hit of hits) {
    if (hit.start < at || hit.end > windowEnd) continue;
    marked += `${text.slice(at, hit.start)}${MARK_START}${text.slice(hit.start, hit.end)}${MARK_END}`;
    at = hit.end;
  }
  marked += text.slice(at, windowEnd);
  return `${start > 0 ? '…' : ''}${marked}${start + width < chars.length ? '…' : ''}`;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * A query word as a person reads it in an explanation: without the sentence punctuation typed
 * around it (`Hello,` → `Hello`, `"Ada"` → `Ada`). A word that is nothing but punctuation stays.
 */
export function shownWord(word: string): string {
  return word.replace(/^["'`(\[]+|["'`)\],;:.!?]+$/g, '') || word;
}

/** Whether any of `terms` is marked in `text` as likeSnippet marks it: the text itself holds the match. */
export function holdsAny(text: string, terms: readonly string[]): boolean {
  return highlightSpans(cleanText(text), terms).length > 0;
}

/** Non-overlapping spans (UTF-16 offsets) of the terms in `text` worth marking, in text order. */
export function highlightSpans(text: string, terms: readonly string[]): Span[] {
  const candidates: Span[] = [];
  for (const term of terms) {
    if (term === '') continue;
    const pattern = new RegExp(escapeRegExp(term), 'giu');
    const all = [...text.matchAll(pattern)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    }));
    const parts = all.filter(
      (span) => atPartEdge(text, span.start) && ([...term].length > 1 || atPartEdge(text, span.end)),
    );
    candidates.push(...(parts.length > 0 || [...term].length === 1 ? parts : all));
  }
  // Earliest first, the longer of two at one place; overlaps go to the one already taken.
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const spans: Span[] = [];
  for (const span of candidates) {
    if (span.start >= (spans.at(-1)?.end ?? 0)) spans.push(span);
  }
  return spans;
}

const isWordChar = charTest(/[A-Za-z0-9]/, String.raw`[\p{L}\p{N}]`);
const isUpper = charTest(/[A-Z]/, String.raw`\p{Lu}`);
const isLower = charTest(/[a-z]/, String.raw`\p{Ll}`);
const isDigit = charTest(/[0-9]/, String.raw`\p{N}`);

function charBefore(text: string, index: number): string {
  return [...text.slice(Math.max(0, index - 2), index)].at(-1) ?? '';
}

function charAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** Between `left` and `right` a new word or identifier part begins: `_x`, `aB`, `a1`, `1a`, `ABc` (before `B`). */
function partBoundary(left: string, right: string, afterRight: string): boolean {
  if (left === '' || right === '' || !isWordChar(left) || !isWordChar(right)) return true;
  if (isDigit(left) !== isDigit(right)) return true;
  if (isLower(left) && isUpper(right)) return true;
  return isUpper(left) && isUpper(right) && isLower(afterRight);
}

/** Whether a word or identifier part starts (or ends) at `index` of `text`. */
function atPartEdge(text: string, index: number): boolean {
  const right = charAt(text, index);
  return partBoundary(charBefore(text, index), right, charAt(text, index + right.length));
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
