// Query words as developers write them: identifiers found whole and by their parts (camelCase,
// PascalCase, snake_case, kebab-case, dotted and slashed paths; the index holds both, see
// lib/identifiers.ts), English inflections through the index's porter stemmer, and a Korean word
// meeting the same word with a particle or ending attached. Pure.
import { identifierParts, tokens } from '../identifiers.js';
import { withoutEnding } from '../text.js';
import { lazyPattern } from '../unicode-pattern.js';
import { searchTerms } from './plan.js';

// Built on first use, and asked only of words that do not start with an ASCII character (lib/unicode-pattern.ts).
const hangulPattern = lazyPattern(String.raw`^[\p{Script=Hangul}]+$`, 'u');

function isHangul(word: string): boolean {
  return word.charCodeAt(0) >= 0x80 && hangulPattern().test(word);
}

// Korean particles and endings a query word may carry that the stored text does not (`서버를` ↔ `서버`),
// longest first. Only cut when two syllables remain, so a word is never reduced to one syllable.
const KOREAN_ENDINGS = [
  '에서는',
  '으로는',
  '에게서',
  '이라는',
  '에서',
  '에게',
  '으로',
  '부터',
  '까지',
  '처럼',
  '보다',
  '라는',
  '이랑',
  '하고',
  '했던',
  '하는',
  '하기',
  '해서',
  '했다',
  '하다',
  '한',
  '된',
  '할',
  '을',
  '를',
  '이',
  '가',
  '은',
  '는',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
];

/** A Korean word without a trailing particle or ending; other words unchanged. */
export function koreanStem(word: string): string {
  return isHangul(word) ? withoutEnding(word, KOREAN_ENDINGS, 2) : word;
}

export interface QueryWord {
  /** The word as typed (cleaned). */
  readonly text: string;
  /** FTS5 expression for the word index, or null when the word has no word characters. */
  readonly words: string | null;
  /** FTS5 string for the substring index, or null when shorter than a trigram. */
  readonly grams: string | null;
  /** LIKE pattern (escaped with `\`). */
  readonly like: string;
  /** An English function word (`to`, `the`, `of`): it weighs nothing beside content words. */
  readonly stop: boolean;
}

const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'on',
  'at',
  'by',
  'for',
  'from',
  'with',
  'and',
  'or',
  'is',
  'are',
  'was',
  'were',
  'be',
  'it',
  'its',
  'this',
  'that',
  'as',
  'into',
  'has',
  'have',
  'had',
  'do',
  'does',
  'did',
]);

function phrase(parts: readonly string[]): string {
  return `"${parts.join(' ').replaceAll('"', '""')}"`;
}

/**
 * The FTS5 expression that finds one typed word: the identifier whole, or its parts as a phrase
 * (`useTodos` ↔ `use_todos` ↔ `use todos`); a Korean word, stripped of a particle, as a prefix so it
 * meets the same word with one attached (`설정` → `설정을`).
 */
export function wordExpression(term: string): string | null {
  const whole = tokens(term);
  if (whole.length === 0) return null;
  const last = whole[whole.length - 1] as string;
  // A one-syllable Korean word is too short to stand for a word with endings: it is matched whole.
  if (isHangul(last) && [...last].length >= 2) {
    const stem = koreanStem(last);
    return `${phrase([...whole.slice(0, -1), stem])} *`;
  }
  const parts = whole.flatMap(identifierParts);
  if (parts.length === whole.length) return phrase(whole);
  return `(${phrase(whole)} OR ${phrase(parts)})`;
}

/** Query text → the words to look for, each with what every index runs; [] when nothing is searchable. */
export function queryWords(query: string): QueryWord[] {
  return searchTerms(query).map((text) => ({
    text,
    words: wordExpression(text),
    grams: [...text].length >= 3 ? `"${text.replaceAll('"', '""')}"` : null,
    like: `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
    stop: STOP_WORDS.has(text.toLowerCase()),
  }));
}
