// Free text → what each search tier runs (quoted FTS5 strings, LIKE patterns) and which tiers can answer;
// highlighting for LIKE hits; the parsers behind the CLI's --since/--limit/--type/ids. Pure: no I/O,
// and no query text, however hostile, can make a tier's SQL fail.
import type { MemoryType } from '../capture.js';
import { cleanText, INVISIBLE } from '../sanitize.js';
import { commandWords, isNoiseSegment, splitCommand } from '../shell.js';
import { head } from '../text.js';

export type Tier = 'unicode61' | 'trigram' | 'like';

export const MEMORY_TYPES: readonly MemoryType[] = ['observation', 'file_edit', 'command', 'error'];

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
// Query-syntax punctuation at a term's edges (`"x"`, `(x)`, `x*`, `col:`, `^x`); punctuation inside stays.
const EDGE_SYNTAX = /^["'()*^:]+|["'()*^:]+$/g;
// unicode61 keeps letters, numbers and private-use characters as token characters; anything else separates.
const WORD_CHAR = /[\p{L}\p{N}\p{Co}]/u;

export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  // Controls and invisible formatting characters are never part of a meaningful search.
  for (const raw of query.normalize('NFC').replace(INVISIBLE, ' ').split(/\s+/u)) {
    if (OPERATORS.has(raw.replace(/[()]/g, ''))) continue;
    // `-x`, `+x`: FTS-style exclusion/requirement prefixes; `--force` keeps its dashes.
    const term = head(raw.replace(EDGE_SYNTAX, '').replace(/^[-+](?=[\p{L}\p{N}])/u, ''), MAX_TERM_CHARS);
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
    unicode61: terms.every((term) => WORD_CHAR.test(term)) ? quoted : null,
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

// Tools whose first argument names the action, so `git commit` and `git push` count apart (as atuin does).
const SUBCOMMAND_TOOLS: ReadonlySet<string> = new Set([
  'git', 'gh', 'npm', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'docker', 'podman', 'kubectl', 'helm', 'uv', 'pip',
  'poetry', 'deno', 'dotnet', 'terraform', 'systemctl', 'brew', 'apt', 'apt-get', 'make', 'npx',
]);

/** `git commit -m "x" && npm test  # note` → `git commit`: the first meaningful command of a captured line. */
export function commandKey(content: string): string | null {
  const line = head(content, 400).split('\n')[0]?.replace(/\s{2}# .*$/, '') ?? '';
  const segment = splitCommand(line).find((part) => !isNoiseSegment(part)) ?? splitCommand(line)[0];
  if (!segment) return null;
  const words = commandWords(segment);
  const program = (words[0] ?? '').replace(/^.*\//, '');
  if (!program) return null;
  const sub = words.slice(1).find((word) => !word.startsWith('-'));
  return SUBCOMMAND_TOOLS.has(program) && sub && /^[\w:.-]+$/.test(sub) ? `${program} ${sub}` : program;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const DURATION = /^(\d{1,6})\s*(m|min|h|d|w|y)$/i;
const UNIT_MS: Readonly<Record<string, number>> = {
  m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, y: 365 * 86_400_000,
};

/** `7d`, `12h`, `30m`, `2w`, `1y`, or a date (`2026-11-01`, local midnight) or ISO time → an ISO UTC instant. */
export function parseWhen(flag: string, value: string, now: Date): Parsed<string> {
  const text = value.trim();
  const fail = { ok: false, error: `${flag} expects a duration like 7d or 12h, or a date like 2026-11-01 (got "${head(text, 40)}")` } as const;
  const duration = DURATION.exec(text);
  if (duration) {
    const ms = Number(duration[1]) * (UNIT_MS[(duration[2] as string).toLowerCase()] as number);
    return { ok: true, value: new Date(now.getTime() - ms).toISOString() };
  }
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const local = new Date(year, month - 1, date);
    // Rejects 2026-02-30 and friends, which Date would roll into March.
    if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== date) return fail;
    return { ok: true, value: local.toISOString() };
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return { ok: true, value: new Date(time).toISOString() };
  }
  return fail;
}

export const LIMIT_MAX = 10_000;

export function parseLimit(value: string): Parsed<number> {
  const n = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= 1 && n <= LIMIT_MAX)) return { ok: false, error: `--limit expects a whole number from 1 to ${LIMIT_MAX} (got "${head(value, 40)}")` };
  return { ok: true, value: n };
}

export function parseType(value: string): Parsed<MemoryType> {
  const found = MEMORY_TYPES.find((type) => type === value.trim());
  if (!found) return { ok: false, error: `--type expects one of ${MEMORY_TYPES.join(', ')} (got "${head(value, 40)}")` };
  return { ok: true, value: found };
}

export function parseIds(values: readonly string[]): Parsed<number[]> {
  const ids: number[] = [];
  for (const value of values) {
    const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1)) return { ok: false, error: `memory ids are whole numbers as shown by \`memory search\` (got "${head(value, 40)}")` };
    ids.push(n);
  }
  return { ok: true, value: [...new Set(ids)] };
}

/**
 * The known flag a word like `--limt` was probably meant to be (edit distance ≤ 2), or null.
 * Unknown options are searched for as text (a query may look like a flag); a near-miss of a real
 * flag is far more likely a typo than a search.
 */
export function flagTypo(word: string, flags: readonly string[]): string | null {
  const match = /^--([a-z][a-z-]*)(?:=.*)?$/.exec(word);
  if (!match) return null;
  const name = match[1] as string;
  let best: string | null = null;
  let bestDistance = 3;
  for (const flag of flags) {
    const distance = editDistance(name, flag);
    if (distance > 0 && distance < bestDistance) {
      best = flag;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
