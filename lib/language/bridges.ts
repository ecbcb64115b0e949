// Korean ↔ English bridges for query words: a Korean word (캐시를, 삭제해줘) → the English words the
// tools and descriptions it means are stored in (cache; delete, remove, rm). Read from the two tables
// of lib/language/bridge-table.ts (their samples in bridge-samples.ts), made into a map on the first Korean word a process sees. Search and
// recall both expand a word through here, at a lower weight than the word itself. Pure.
import { HANGUL_SPELLINGS, KOREAN_GLOSSARY } from './bridge-table.js';
import { isHangul, koreanStem } from './korean.js';

export type BridgeTable = 'spelling' | 'glossary';

/** One line of a table. */
export interface BridgeEntry {
  /** The Korean spellings of the line. */
  readonly korean: readonly string[];
  /** The English words they stand for (each one word, as the word index holds it). */
  readonly english: readonly string[];
  readonly table: BridgeTable;
}

/** How one query word was bridged. */
export interface Bridge {
  /** The Korean spelling that matched (the word, its stem, its longest known start, a compound's parts). */
  readonly via: string;
  readonly english: readonly string[];
  readonly table: BridgeTable;
  /** Set when an English word was bridged to the Korean spellings it stands for (cache → 캐시, 캐쉬). */
  readonly korean?: readonly string[];
}

/** How `memory search --explain` and `memory recall --explain` name a table. */
export const BRIDGE_LABELS: Readonly<Record<BridgeTable, string>> = {
  spelling: 'Hangul spelling of',
  glossary: 'Korean word for',
};

/** Every line of both tables, in order. */
export function bridgeEntries(): BridgeEntry[] {
  const parse = (text: string, table: BridgeTable): BridgeEntry[] =>
    text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const [korean = '', english = ''] = line.split('|').map((part) => part.trim());
        return { korean: korean.split(/\s+/), english: english.split(/\s+/), table };
      });
  return [...parse(HANGUL_SPELLINGS, 'spelling'), ...parse(KOREAN_GLOSSARY, 'glossary')];
}

let byKorean: Map<string, BridgeEntry> | undefined;
let byEnglish: Map<string, BridgeEntry[]> | undefined;

function lookup(): Map<string, BridgeEntry> {
  if (byKorean) return byKorean;
  byKorean = new Map();
  for (const entry of bridgeEntries()) for (const korean of entry.korean) byKorean.set(korean, entry);
  return byKorean;
}

/**
 * The bridge of one typed word, or null: the word itself, else without its particle, else the
 * longest spelling of two syllables or more it starts with (재시작했는데 → 재시작). A one-syllable
 * spelling (깃, 뷰) bridges only the word itself or its stem: as a start it would match too much.
 */
export function bridgeOf(word: string): Bridge | null {
  if (!isHangul(word)) return null;
  const table = lookup();
  const found = (via: string): Bridge | null => {
    const entry = table.get(via);
    return entry ? { via, english: entry.english, table: entry.table } : null;
  };
  const direct = found(word) ?? found(koreanStem(word));
  if (direct) return direct;
  return compoundOf(koreanStem(word), found) ?? longestStart(word, found);
}

function longestStart(word: string, found: (via: string) => Bridge | null): Bridge | null {
  const chars = [...word];
  for (let length = chars.length - 1; length >= 2; length--) {
    const start = found(chars.slice(0, length).join(''));
    if (start) return start;
  }
  return null;
}

/** English alternatives of a compound's parts are combined at most this many ways. */
const COMPOUND_WAYS = 6;

/**
 * A compound written of spellings of two syllables or more (서브패스 = 서브 + 패스, 빌드캐시): its
 * English as one word and as a phrase of the parts (subpath, "sub path"), as tools write it. Longest
 * spelling first at each place; null unless the whole word is covered by two parts or more.
 */
function compoundOf(word: string, found: (via: string) => Bridge | null): Bridge | null {
  const chars = [...word];
  const parts: Bridge[] = [];
  for (let at = 0; at < chars.length;) {
    let part: Bridge | null = null;
    let length = chars.length - at;
    for (; length >= 2 && !part; length--) part = found(chars.slice(at, at + length).join(''));
    if (!part) return null;
    parts.push(part);
    at += length + 1;
  }
  if (parts.length < 2) return null;
  let ways: string[][] = [[]];
  for (const part of parts)
    ways = ways.flatMap((way) => part.english.map((english) => [...way, english])).slice(0, COMPOUND_WAYS);
  const english = ways.flatMap((way) => [way.join(''), way.join(' ')]);
  return { via: parts.map((part) => part.via).join('+'), english, table: 'spelling' };
}

/**
 * The other way: an English word (cache, caches) → the Korean words of every line that has it, for
 * text written in Korean (`# 캐시 삭제`). Null for a word no line has, and for Hangul.
 */
export function koreanBridgeOf(word: string): Bridge | null {
  if (word === '' || isHangul(word) || !/^[A-Za-z][A-Za-z-]*$/.test(word)) return null;
  if (!byEnglish) {
    byEnglish = new Map();
    for (const entry of bridgeEntries())
      for (const english of entry.english) byEnglish.set(english, [...(byEnglish.get(english) ?? []), entry]);
  }
  const lower = word.toLowerCase();
  const entries = byEnglish.get(lower) ?? (lower.endsWith('s') ? byEnglish.get(lower.slice(0, -1)) : undefined);
  if (!entries) return null;
  const korean = [...new Set(entries.flatMap((entry) => entry.korean))];
  return { via: lower, english: [lower], table: (entries[0] as BridgeEntry).table, korean };
}
