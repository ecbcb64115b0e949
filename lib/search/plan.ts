// Free text → what each search tier runs (quoted FTS5 strings, LIKE patterns) and which tiers can answer.
// Pure: no I/O, and no query text, however hostile, can make a tier's SQL fail.
import { EDGE_SYNTAX } from '../text/identifiers.js';
import { INVISIBLE } from '../text/sanitize.js';
import { head } from '../text/bounded.js';
import { isAscii, lazyPattern } from '../text/unicode-pattern.js';
import type { Tier } from './hit.js';

export type { Tier };

/** How the CLI and the page name the tier that answered. */
export const TIER_LABELS: Readonly<Record<Tier, string>> = {
  unicode61: 'words (unicode61)',
  trigram: 'substrings (trigram)',
  like: 'plain text scan (LIKE)',
};

/** More terms than this are dropped: nobody types them, and each one is a condition on every row. */
export const MAX_TERMS = 32;
/** Longer terms are cut: stored content is at most 2000 characters, and SQLite bounds LIKE patterns. */
export const MAX_TERM_CHARS = 200;

export interface SearchPlan {
  /** Cleaned terms; a row must contain every one of them (AND), in any tier. */
  readonly terms: readonly string[];
  /** FTS5 query for `memories_fts`, or null when some term has no word to match. */
  readonly unicode61: string | null;
  /** FTS5 query for `memories_trigram`, or null when some term is shorter than a trigram. */
  readonly trigram: string | null;
  /** One LIKE pattern per term (escaped with `\`). */
  readonly like: readonly string[];
}

// FTS5 operators typed as bare words: dropped, since every term is searched literally.
const OPERATORS: ReadonlySet<string> = new Set(['AND', 'OR', 'NOT', 'NEAR']);
// unicode61 keeps letters, numbers and private-use characters as token characters; anything else
// separates. Unicode patterns are built on first use (lib/text/unicode-pattern.ts), for text that needs them.
const ASCII_WORD_CHAR = /[A-Za-z0-9]/;
const wordCharPattern = lazyPattern(String.raw`[\p{L}\p{N}\p{Co}]`, 'u');
const signPattern = lazyPattern(String.raw`^[-+](?=[\p{L}\p{N}])`, 'u');

/** Holds a character unicode61 keeps in a token. */
function hasWordChar(term: string): boolean {
  return ASCII_WORD_CHAR.test(term) || (!isAscii(term) && wordCharPattern().test(term));
}

/** `-x`, `+x`: FTS-style exclusion/requirement prefixes are dropped; `--force` keeps its dashes. */
function withoutSign(term: string): string {
  return term.startsWith('-') || term.startsWith('+') ? term.replace(signPattern(), '') : term;
}

export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  // Controls and invisible formatting characters are never part of a meaningful search.
  for (const raw of query.normalize('NFC').replace(INVISIBLE, ' ').split(/\s+/u)) {
    if (OPERATORS.has(raw.replace(/[()]/g, ''))) continue;
    const term = head(withoutSign(raw.replace(EDGE_SYNTAX, '')), MAX_TERM_CHARS);
    const key = term.toLowerCase();
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** The plan for `query`, or null when nothing searchable is left after cleaning. */
export function planSearch(query: string): SearchPlan | null {
  const terms = searchTerms(query);
  if (terms.length === 0) return null;
  // Every term becomes an FTS5 string literal, so no operator, column filter or bracket survives.
  const quoted = terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' ');
  return {
    terms,
    // A term with no word characters tokenizes to nothing, and FTS5 silently drops it from an AND:
    // the tier would then match rows missing that term.
    unicode61: terms.every(hasWordChar) ? quoted : null,
    // Likewise trigram ignores terms under 3 characters (two-syllable Korean words such as 인증).
    trigram: terms.every((term) => [...term].length >= 3) ? quoted : null,
    like: terms.map((term) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`),
  };
}

/** Tiers to try, in order; the first that finds anything answers. */
export function tiersOf(plan: SearchPlan): Tier[] {
  const tiers: Tier[] = [];
  if (plan.unicode61 !== null) tiers.push('unicode61');
  if (plan.trigram !== null) tiers.push('trigram');
  tiers.push('like');
  return tiers;
}
