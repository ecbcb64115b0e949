// The word keys the team server indexes (one GIN-indexed text[] a row) and the keys a query word
// looks up there: tokens as the local word index makes them, identifier parts, Korean words by every
// start of two syllables or more (a stem meets the word with its ending) and by their inner syllable
// pairs (a two-syllable word inside a longer one). Request and intent keys carry `r:`. Pure.
import { isHangul, koreanStem } from '../language/korean.js';
import { bridgeOf } from '../language/bridges.js';
import { identifierParts, tokens } from '../text/identifiers.js';
import { queryWords } from './words.js';

/** Keys of a row's request and intent start with this, so a word found only there counts less. */
export const REQUEST = 'r:';
/** An inner pair of Hangul syllables (not at the word's start, where the word's starts already are). */
export const PAIR = 'g:';
/** A Korean word's starts past this many syllables add nothing a query word needs. */
const MAX_START = 8;
/** A row holds at most 2,000 characters per field: more keys than this are not worth their index bytes. */
const MAX_KEYS = 1500;

function addTokenKeys(token: string, into: Set<string>, prefix: string): void {
  const lower = token.toLowerCase();
  into.add(prefix + lower);
  const parts = identifierParts(token);
  if (parts.length > 1) for (const part of parts) into.add(prefix + part.toLowerCase());
  if (!isHangul(token)) return;
  const syllables = [...token];
  for (let length = 2; length < Math.min(syllables.length, MAX_START + 1); length++) {
    into.add(prefix + syllables.slice(0, length).join(''));
  }
  for (let start = 1; start + 2 <= syllables.length; start++) {
    into.add(prefix + PAIR + syllables.slice(start, start + 2).join(''));
  }
}

/** The keys of one memory: its own text (content, tags, file path), then its request and intent. */
export function rowKeys(own: readonly (string | null)[], request: readonly (string | null)[]): string[] {
  const keys = new Set<string>();
  for (const text of own) if (text) for (const token of tokens(text)) addTokenKeys(token, keys, '');
  for (const text of request) if (text) for (const token of tokens(text)) addTokenKeys(token, keys, REQUEST);
  return [...keys].slice(0, MAX_KEYS);
}

/** One query word as the server looks it up: each alternative is a set of keys a row must all hold. */
export interface WordKeys {
  /** The word as typed. */
  readonly text: string;
  readonly own: readonly (readonly string[])[];
  readonly request: readonly (readonly string[])[];
  /** Its English bridge (캐시 → cache), in the row's own text: counts less. */
  readonly bridge: readonly (readonly string[])[];
  /** ILIKE pattern for the substring tier (three characters or more), or null. */
  readonly like: string | null;
  /** The inner-pair key of a two-syllable Korean word (인증 inside 사용자인증), or null. */
  readonly pair: string | null;
  /** An English function word: it weighs nothing beside content words. */
  readonly stop: boolean;
}

/** The keys a query word needs: the identifier whole, or all of its parts; a Korean word by its stem. */
function alternatives(text: string): string[][] {
  const whole = tokens(text);
  if (whole.length === 0) return [];
  const last = whole[whole.length - 1] as string;
  const lowered = whole.map((token) => token.toLowerCase());
  if (isHangul(last) && [...last].length >= 2) return [lowered];
  const parts = whole.flatMap(identifierParts).map((part) => part.toLowerCase());
  if (parts.length === whole.length) return [lowered];
  return [lowered, parts];
}

const prefixed = (alts: readonly (readonly string[])[], prefix: string) =>
  alts.map((alt) => alt.map((key) => prefix + key));

/** Query text → each word's keys, in the local search's words (lib/search/words.ts). */
export function queryKeys(query: string): WordKeys[] {
  return queryWords(query).map((word) => {
    const own = word.words === null ? [] : stemmed(alternatives(word.text));
    const single = tokens(word.text);
    const bridge = single.length === 1 ? bridgeOf(single[0] as string) : null;
    const stem = own.length === 1 && own[0]?.length === 1 ? (own[0][0] as string) : null;
    return {
      text: word.text,
      own,
      request: prefixed(own, REQUEST),
      bridge: bridge ? bridge.english.map((english) => tokens(english).map((token) => token.toLowerCase())) : [],
      like: word.grams === null ? null : word.like,
      pair: stem !== null && isHangul(stem) && [...stem].length === 2 ? PAIR + stem : null,
      stop: word.stop,
    };
  });
}

/** A Korean word's last token by its stem (설정을 → 설정), as local search looks it up as a prefix. */
function stemmed(alts: string[][]): string[][] {
  return alts.map((alt) => {
    const last = alt[alt.length - 1] as string;
    return isHangul(last) && [...last].length >= 2 ? [...alt.slice(0, -1), koreanStem(last)] : alt;
  });
}
