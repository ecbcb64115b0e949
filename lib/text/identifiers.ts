// What the word and substring indexes hold for one memory: its text in weighted columns, identifiers
// kept whole and also split into their parts (camelCase, PascalCase, acronyms, digits), so
// `assertion error` finds `AssertionError` and `use todos` finds `useTodos`. Pure; the index triggers
// call these through the SQL functions db/open.ts registers, and query words split the same way.
// Query-syntax punctuation at a term's edges (`"x"`, `(x)`, `x*`, `col:`, `^x`); punctuation inside stays.
// Search cuts it off every query word (search/plan.ts), so the substring index leaves it off its tokens.
export const EDGE_SYNTAX = /^["'()*^:]+|["'()*^:]+$/g;

/** The word index's columns, in schema order; bm25 weights follow this order. */
export const WORD_COLUMNS = ['name', 'head', 'body', 'request', 'intent'] as const;

// unicode61's token characters: letters, numbers, private-use; anything else separates tokens.
let tokenPattern: RegExp | undefined;
// Case and digit boundaries inside one token: `useTodos`, `HTTPServer`, `getCSRFToken`, `v4phase1`.
// Both patterns are built on first use: their Unicode property classes are costly for V8 to build
// in every process that runs it, and most hook runs (noise, SessionStart) never index a word.
let boundary: RegExp | undefined;
// Most text (commands, code, paths, English) is ASCII, where these classes are exactly [A-Za-z] and
// [0-9] (no private-use character is ASCII): the same splits from patterns V8 builds at once, so a
// stored event or a search of ASCII words never builds the Unicode ones
// (tests/unit/identifiers.test.ts compares the two on generated text). The non-ASCII characters our
// own formatting writes (an edit's `"a" → "b"`, a clip's `…`) are neither letters nor digits, so
// text holding no others splits the same way. Text with any other one (a Korean word) takes the
// Unicode patterns for every token: V8 compiles a pattern apart for each kind of string it meets,
// and switching patterns token by token costs more than it saves.
// ASCII and → … · — – “ ” ‘ ’ (escaped: one character past ASCII makes V8 hold a whole bundle as two-byte text).
const ASCII_TEXT = /^[\x00-\x7f\u2192\u2026\u00b7\u2014\u2013\u201c\u201d\u2018\u2019]*$/;
const ASCII_TOKEN = /[A-Za-z0-9]+/g;
const ASCII_BOUNDARY = /(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/;

/**
 * `pattern`, run once on a short Latin-1 string. V8 builds a pattern's Unicode classes the first time
 * it runs on each kind of string; built for Latin-1 first, the build for the two-byte strings a
 * Korean text is made of then costs about half as much (BENCHMARKS.md).
 */
function primed(pattern: RegExp): RegExp {
  'aB1'.search(pattern);
  return pattern;
}

/** The parts of one token at its case and digit boundaries; `[token]` when it has none. */
export function identifierParts(token: string): string[] {
  return partsOf(token, ASCII_TEXT.test(token));
}

/** The tokens unicode61 would make of `text`, in order. */
export function tokens(text: string): string[] {
  return tokensOf(text, ASCII_TEXT.test(text));
}

function partsOf(token: string, ascii: boolean): string[] {
  if (ascii) return token.split(ASCII_BOUNDARY).filter(Boolean);
  boundary ??= primed(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u);
  return token.split(boundary).filter(Boolean);
}

function tokensOf(text: string, ascii: boolean): string[] {
  if (ascii) return text.match(ASCII_TOKEN) ?? [];
  tokenPattern ??= primed(/[\p{L}\p{N}\p{Co}]+/gu);
  return text.match(tokenPattern) ?? [];
}

/** More appended parts than this are not worth their index bytes: a row is at most 2,000 characters. */
const MAX_EXTRA_PARTS = 400;

/**
 * `text` as the word index stores it: the text itself (so every identifier is found whole, and
 * separators already split snake, kebab, dotted and slashed names), then once per distinct compound
 * token its case parts side by side, so `assertion error` finds `AssertionError` as a phrase.
 */
export function indexedText(text: string): string {
  const extra: string[] = [];
  const seen = new Set<string>();
  const ascii = ASCII_TEXT.test(text);
  for (const token of tokensOf(text, ascii)) {
    if (seen.has(token)) continue;
    seen.add(token);
    const parts = partsOf(token, ascii);
    if (parts.length < 2) continue;
    extra.push(parts.join(' '));
    if (extra.length >= MAX_EXTRA_PARTS) break;
  }
  return extra.length === 0 ? text : `${text}\n${extra.join(' ; ')}`;
}

const HEAD_MAX = 300;

/** Where the first line (the command, or an edit's summary line) ends; an edit's summary runs on into its text. */
function headEnd(content: string): number {
  const newline = content.indexOf('\n');
  return Math.min(newline < 0 ? content.length : newline, HEAD_MAX);
}

/** The `name` column: the file path and the tags, what names the memory. */
export function nameText(filePath: string | null, tags: string): string {
  return indexedText(`${filePath ?? ''} ${tags.replaceAll(',', ' ')}`.trim());
}

/** The `head` column: the first line of the content. */
export function headText(content: string): string {
  return indexedText(content.slice(0, headEnd(content)));
}

/** The `body` column: the rest of the content. */
export function bodyText(content: string): string {
  return indexedText(content.slice(headEnd(content)));
}

/** The text the substring (trigram) index held for one memory before schema v7 (its v3–v6 triggers). */
export function gramText(content: string, tags: string, filePath: string | null): string {
  return `${content}\n${tags}\n${filePath ?? ''}`;
}

/**
 * The substring index's text since schema v7: only what a query word can match. A query word never
 * holds whitespace, never starts or ends with query syntax (`"`, `(`, `:` …: EDGE_SYNTAX) and needs
 * three characters to reach this index, so the content and the file path (relative to the project when
 * under it) are kept as their distinct whitespace-separated tokens, syntax edges cut, none under three
 * characters, none contained in a longer one. Every word of three characters or more that LIKE finds
 * in them is still found, except one spanning the project's own directory (`api-server/sr`); tags are
 * left to the word index, which holds them whole and by their parts (a piece of a tag, `vcs-cha`, is
 * not found). About half the index bytes per memory of the v3 text. The request goes through it too.
 */
export function gramWords(content: string, filePath: string | null, projectPath: string): string {
  const path =
    filePath !== null && filePath.startsWith(`${projectPath}/`) ? filePath.slice(projectPath.length + 1) : filePath;
  const distinct = new Set<string>();
  for (const raw of `${content} ${path ?? ''}`.split(/\s+/u)) {
    const token = raw.replace(EDGE_SYNTAX, '');
    if ([...token].length >= 3) distinct.add(token);
  }
  // Longest first: a token is dropped when one already kept contains it.
  const kept: string[] = [];
  for (const token of [...distinct].sort((a, b) => b.length - a.length))
    if (!kept.some((longer) => longer.includes(token))) kept.push(token);
  return kept.join(' ');
}

/** The `request` column: the prompt the memory served. */
export function requestText(request: string | null): string {
  return indexedText(request ?? '');
}

// Words an intent's prose is full of that no search is for: the index keeps the others.
const PROSE =
  /^(?:a|an|the|to|of|in|on|at|by|for|from|with|and|or|is|are|be|it|its|this|that|as|into|now|then|let|me|i|i'll|i'm|we|will|so|first|next|again|check|need|see|just)$/;

/**
 * The word index's `intent` column: the intent's distinct words but those of prose alone (`let`, `me`,
 * `the` …), each once, with their identifier parts. Every row of a turn repeats what was said before
 * its calls: a lean entry keeps the index bytes of that repetition small.
 */
export function intentText(intent: string | null): string {
  if (!intent) return '';
  const seen = new Set<string>();
  for (const token of tokens(intent)) {
    const word = token.toLowerCase();
    if (!PROSE.test(word)) seen.add(word);
  }
  return indexedText([...seen].join(' '));
}
