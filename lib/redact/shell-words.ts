// Splits the arguments of one shell command into words with their positions, the way sh would
// (quotes, backslashes, `\`-newline continuations), so a password given to a tool can be found by
// position. Stops at the end of the command (; | & newline), a comment, a word in `stopWords`, or
// `max` characters, so the scan is bounded and never crosses into another command.
import type { Span } from './engine.js';
import { isQuote } from './values.js';

export interface Word {
  /** The whole word as written, quotes included. */
  readonly start: number;
  readonly end: number;
  /** The word with its quotes removed. */
  readonly text: string;
  readonly quoted: boolean;
}

export function shellWords(
  text: string,
  pos: number,
  stopWords: ReadonlySet<string>,
  max = 400,
  newlines = false,
  maxWords = 64,
): Word[] {
  const limit = Math.min(text.length, pos + max);
  const words: Word[] = [];
  let i = pos;
  while (i < limit && words.length < maxWords) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || (newlines && (c === '\n' || c === '\r'))) {
      i++;
      continue;
    }
    if (c === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\n' ? 2 : 3;
      continue;
    }
    if (c === '\n' || c === '\r' || c === ';' || c === '|' || c === '&' || c === '#' || c === ')' || c === '`') break;
    const start = i;
    let word = '';
    let quoted = false;
    while (i < limit) {
      const d = text[i] as string;
      if (d === '"' || d === "'") {
        quoted = true;
        let end = i + 1;
        while (end < limit && text[end] !== d) end++;
        word += text.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      if (d === '\\' && i + 1 < limit && text[i + 1] !== '\n') {
        word += text[i + 1];
        i += 2;
        continue;
      }
      if (
        d === ' ' ||
        d === '\t' ||
        d === '\n' ||
        d === '\r' ||
        d === ';' ||
        d === '|' ||
        d === '&' ||
        d === '`' ||
        d === ')'
      )
        break;
      word += d;
      i++;
    }
    const end = Math.min(i, limit);
    if (!quoted && stopWords.has(word)) break;
    words.push({ start, end, text: word, quoted });
  }
  return words;
}

export const NO_STOP: ReadonlySet<string> = new Set();

/** A word's span without the quotes around it, so the redacted command still reads as written. */
export function insideQuotes(text: string, word: Word): Span {
  const first = text[word.start];
  const quoted = isQuote(first) && word.end - word.start >= 2 && text[word.end - 1] === first;
  return quoted ? { start: word.start + 1, end: word.end - 1 } : { start: word.start, end: word.end };
}

/**
 * Whether `pos` is inside a quoted string that opened on its line (at most 200 characters back):
 * a tool named in a commit message or an echo is prose, not a command.
 */
export function inQuotedString(text: string, pos: number): boolean {
  let quote = '';
  for (let i = Math.max(0, pos - 200); i < pos; i++) {
    const c = text[i];
    if (c === '\n') quote = '';
    else if (quote === '' && (c === '"' || c === "'")) quote = c;
    else if (c === quote && (quote === "'" || text[i - 1] !== '\\')) quote = '';
  }
  return quote !== '';
}
