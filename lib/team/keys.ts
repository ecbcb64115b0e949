// The word keys the team server indexes (one GIN-indexed text[] a row) and the keys a query word
// looks up there, in local search's words (lib/search/words.ts): tokens as the local word index makes
// them, identifier parts, and a Korean word by every start of two syllables or more, so a stem meets
// the word with its ending and a Korean word is found inside a longer one only at its start, as
// locally. Request and intent keys carry `r:`. Pure (the last request's keys are kept, for the next row).
import { isHangul, koreanStem } from '../language/korean.js';
import { identifierParts, intentText, tokens } from '../text/identifiers.js';
import { queryWords } from '../search/words.js';

/** Keys of a row's request and intent start with this, so a word found only there counts less. */
export const REQUEST = 'r:';
/** A Korean word's starts past this many syllables add nothing a query word needs. */
const MAX_START = 8;
/**
 * pg_trgm takes its trigrams from runs of letters and digits: a pattern without a run of three gives it
 * none, and its index would answer with every row.
 */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;
/** A row holds at most 2,000 characters per field: more keys than this are not worth their index bytes. */
const MAX_KEYS = 1500;

/**
 * An ASCII token identifierParts leaves whole: one case, a capital before lower case, or digits (most
 * words), told at once where its split's look-behinds cost several times more (a push's keys).
 */
const ASCII_WHOLE = /^(?:[A-Z]?[a-z]+|[A-Z]+|[0-9]+)$/;

function addTokenKeys(token: string, into: Set<string>, prefix: string): void {
  const lower = token.toLowerCase();
  into.add(prefix + lower);
  const parts = ASCII_WHOLE.test(token) ? [] : identifierParts(token);
  if (parts.length > 1) for (const part of parts) into.add(prefix + part.toLowerCase());
  if (!isHangul(token)) return;
  const syllables = [...token];
  for (let length = 2; length < Math.min(syllables.length, MAX_START + 1); length++) {
    into.add(prefix + syllables.slice(0, length).join(''));
  }
}

/**
 * The keys of one memory: its own text (content, tags, file path), then its request and its intent;
 * the intent as the local word index holds it (its distinct words, lowercased, without prose words).
 */
export function rowKeys(own: readonly (string | null)[], request: string | null, intent: string | null): string[] {
  const keys = new Set<string>();
  // A token met again adds nothing (a text repeats most of its words): its parts are split once.
  const seen = new Set<string>();
  for (const text of own)
    if (text)
      for (const token of tokens(text)) {
        if (seen.has(token)) continue;
        seen.add(token);
        addTokenKeys(token, keys, '');
      }
  for (const key of requestKeys(request, intent)) keys.add(key);
  return [...keys].slice(0, MAX_KEYS);
}

// Every memory of a turn carries the same request and intent: the last pair's keys are kept.
let lastRequest: { request: string | null; intent: string | null; keys: readonly string[] } | null = null;

function requestKeys(request: string | null, intent: string | null): readonly string[] {
  if (lastRequest !== null && lastRequest.request === request && lastRequest.intent === intent) return lastRequest.keys;
  const keys = new Set<string>();
  for (const text of [request, intentText(intent)])
    if (text) for (const token of tokens(text)) addTokenKeys(token, keys, REQUEST);
  lastRequest = { request, intent, keys: [...keys] };
  return lastRequest.keys;
}

/** Alternatives, each a set of keys a row must all hold. */
export type Alternatives = readonly (readonly string[])[];

/** One query word as the server looks it up. */
export interface WordKeys {
  /** The word as typed. */
  readonly text: string;
  readonly own: Alternatives;
  readonly request: Alternatives;
  /** Its other language (캐시 → cache, cache → 캐시): counts less. */
  readonly bridge: Alternatives;
  readonly bridgeRequest: Alternatives;
  /**
   * ILIKE pattern for the substring tier, which a word the keys find in few rows adds to (three
   * characters or more; never a Korean word, found inside a longer one only at its start), or null.
   */
  readonly like: string | null;
  /** A function word: it weighs nothing beside content words. */
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

const prefixed = (alts: Alternatives, prefix: string) => alts.map((alt) => alt.map((key) => prefix + key));

/** Query text → each word's keys, in the local search's words. */
export function queryKeys(query: string): WordKeys[] {
  return queryWords(query).map((word) => {
    const own = word.words === null ? [] : stemmed(alternatives(word.text));
    // A Korean spelling of an English word is found as a start (캐시 → 캐시를), as the rows' keys hold it.
    const bridge = word.bridge
      ? word.bridge.korean
        ? word.bridge.korean.map((korean) => [korean.toLowerCase()])
        : word.bridge.english.map((english) => tokens(english).map((token) => token.toLowerCase()))
      : [];
    return {
      text: word.text,
      own,
      request: prefixed(own, REQUEST),
      bridge,
      bridgeRequest: prefixed(bridge, REQUEST),
      like: word.grams === null || word.wordStart || !TRIGRAM_RUN.test(word.text) ? null : word.like,
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
