// Small, allocation-conscious string helpers shared by capture, summary and context.
// Everything here is pure and bounded: it never scans more of a huge string than it must.

/**
 * Raw fields are cut to this before any regex runs, so a many-MB payload costs nothing extra;
 * well above what is kept, so a secret straddling a display cut is still recognised whole.
 */
export const SCAN_MAX = 16 * 1024;

/** First `max` characters, without splitting a surrogate pair. */
export function head(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** At most `max` characters, ending in "…" when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${head(text, Math.max(0, max - 1))}…`;
}

/** Collapses all whitespace runs (newlines included) to single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Number of lines in `text`, counting a final line without a newline. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}

/** Non-empty, trimmed lines of `text`. */
export function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

// CSI (colours, cursor moves), OSC (titles, hyperlinks) and two-character escape sequences.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Removes terminal escape sequences that tools print in colour (`\x1b[31mFAIL\x1b[0m` → `FAIL`). */
export function stripAnsi(text: string): string {
  return text.includes('\u001b') ? text.replace(ANSI, '') : text;
}

/**
 * `word` without the first of `endings` (longest first) it ends with, when at least `keep` characters
 * remain: a Korean word without its particle (설정을 → 설정) that is never cut to one syllable.
 */
export function withoutEnding(word: string, endings: readonly string[], keep: number): string {
  for (const ending of endings) {
    if (word.endsWith(ending) && [...word].length - [...ending].length >= keep) return word.slice(0, -ending.length);
  }
  return word;
}

/**
 * A membership test over the whitespace-separated words of `text`, whose set is made on first use:
 * a word list a process may never consult (a gated prompt) costs it nothing.
 */
export function lazyWordSet(text: string): (word: string) => boolean {
  let words: ReadonlySet<string> | undefined;
  return (word) => (words ??= new Set(text.split(/\s+/).filter(Boolean))).has(word);
}
