// Query words as developers write them: identifiers found whole and by their parts (camelCase,
// PascalCase, snake_case, kebab-case, dotted and slashed paths; the index holds both, see
// lib/text/identifiers.ts), English inflections through the index's porter stemmer, and a Korean word
// meeting the same word with a particle or ending attached. Pure.
import { identifierParts, tokens } from '../text/identifiers.js';
import { bridgeOf, koreanBridgeOf, type Bridge } from '../language/bridges.js';
import { isHangul, isKoreanFunctionWord, koreanStem } from '../language/korean.js';
import { searchTerms } from './plan.js';

/** A Korean word without a trailing particle or ending; other words unchanged (lib/language/korean.ts). */
export { koreanStem };

export interface QueryWord {
  /** The word as typed (cleaned). */
  readonly text: string;
  /** FTS5 expression for the word index, or null when the word has no word characters. */
  readonly words: string | null;
  /** FTS5 string for the substring index, or null when shorter than a trigram. */
  readonly grams: string | null;
  /** LIKE pattern (escaped with `\`). */
  readonly like: string;
  /** A function word (`to`, `the`; 거, 법, 쓰는): it weighs nothing beside content words. */
  readonly stop: boolean;
  /**
   * A Korean word: it counts inside a longer word only at that word's start (the word index's prefix
   * query), never through the substring index or a scan, which match anywhere.
   */
  readonly wordStart: boolean;
  /** A Korean word's English bridge (lib/language/bridges.ts), or null. */
  readonly bridge: Bridge | null;
  /** FTS5 expression for the word index finding the bridge's English words, or null. */
  readonly bridged: string | null;
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
    stop: STOP_WORDS.has(text.toLowerCase()) || isKoreanFunctionWord(text),
    wordStart: isHangul(tokens(text).at(-1) ?? ''),
    ...bridged(text),
  }));
}

/**
 * A lone word's bridge and the expression finding the other language's words: a Korean word's English
 * (캐시 → cache), an English word's Korean (cache → 캐시, as a prefix so it meets 캐시를 and 캐시삭제; a
 * one-syllable spelling whole). Nothing for other words.
 */
function bridged(term: string): { bridge: Bridge | null; bridged: string | null } {
  const whole = tokens(term);
  const only = whole.length === 1 ? (whole[0] as string) : null;
  const bridge = only === null ? null : (bridgeOf(only) ?? koreanBridgeOf(only));
  if (!bridge) return { bridge: null, bridged: null };
  if (bridge.korean)
    return {
      bridge,
      bridged: bridge.korean.map((word) => `${phrase([word])}${[...word].length >= 2 ? ' *' : ''}`).join(' OR '),
    };
  return { bridge, bridged: bridge.english.map((word) => phrase(tokens(word))).join(' OR ') };
}
