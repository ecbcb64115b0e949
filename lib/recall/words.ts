// A prompt → the words recall may search for: informative words (stop words and request verbs
// dropped, Korean particles cut) and identifier-like tokens. Pure: the gate runs it before anything
// is opened. Korean is counted in words (space-separated eojeol), never in characters.
import { koreanStem } from '../language/korean.js';
import { lazyWordSet } from '../text/bounded.js';
import { isAscii } from '../text/unicode-pattern.js';

export type WordKind = 'word' | 'identifier';

export interface QueryWord {
  /** What is searched: lower-case, a Korean word without its particle. */
  readonly text: string;
  readonly kind: WordKind;
  /** Hangul words match stored words that carry a particle or an ending (인증 → 인증이). */
  readonly prefix: boolean;
}

/** More words than this are not a question recall can answer precisely; the rest are ignored. */
export const MAX_QUERY_WORDS = 12;

// Function words and the verbs of asking: they say that something is wanted, not what. A set made
// on first use: most prompts the user-prompt-submit screen sees are gated before a word is read.
const isStopWord = lazyWordSet(`
a an the and or but nor so yet of to in on at by for from with without into onto over under about as than then
is are was were be been being am do does did done doing has have had having will would shall should can could may
might must i me my mine we us our you your yours he him his she her it its they them their this that these those
there here what which who whom whose when where why how all any some no not none each every both either neither
just also too very really again still already now please pls plz thanks thank hey hi hello ok okay yes yeah sure
let lets let's make made get got go going try trying want wanted need needs needed like look looking see show tell
help fix fixed fixing check checking run running use using do doing put add change update one two thing things
something anything everything stuff way same more most less lot lots bit little
`);

const KOREAN_STOP_WORDS: ReadonlySet<string> = new Set([
  '좀',
  '이거',
  '그거',
  '저거',
  '이것',
  '그것',
  '저것',
  '여기',
  '거기',
  '지금',
  '다시',
  '또',
  '그냥',
  '이제',
  '아까',
  '해줘',
  '해주세요',
  '해봐',
  '해라',
  '하자',
  '해',
  '하기',
  '고쳐줘',
  '고쳐',
  '봐줘',
  '봐',
  '알려줘',
  '확인해줘',
  '확인',
  '부탁해',
  '부탁',
  '주세요',
  '줘',
  '어떻게',
  '왜',
  '뭐',
  '무엇',
  '어디',
  '언제',
  '있어',
  '없어',
  '돼',
  '안돼',
  '된다',
  '안',
  '못',
  '수',
  '것',
  '거',
  '때',
  '중',
  '더',
  '가',
  '네',
  '예',
  '응',
  '계속',
  '진행',
]);

const HANGUL = /[\uac00-\ud7a3]/;
const JAMO_ONLY = /^[\u1100-\u11ff\u3130-\u318f]+$/;
/** The character classes the words are cut with: token characters as FTS5 unicode61 sees them. */
export interface CharClasses {
  /** A run of letters and digits (global). */
  readonly wordRun: RegExp;
  /** Leading or trailing characters that are neither (global). */
  readonly edge: RegExp;
  /** Any character that is none of letter, digit or space (global). */
  readonly other: RegExp;
  readonly joined: RegExp;
  readonly camel: RegExp;
  readonly letter: RegExp;
}

// Unicode property classes cost V8 about half a millisecond each to compile, in a hook that has a
// few milliseconds: a prompt in plain ASCII (most) is cut with ASCII classes, which say the same
// of ASCII text, and the Unicode ones are compiled only for a prompt that needs them. They are
// built with the RegExp constructor, not written as literals: V8 checks every literal's syntax
// when it compiles the script, and for a \p{…} class that check builds the class from ICU's tables,
// which every user-prompt-submit start would pay (BENCHMARKS.md, speed devices).
const ASCII_CLASSES: CharClasses = {
  wordRun: /[A-Za-z0-9]+/g,
  edge: /^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g,
  other: /[^A-Za-z0-9\s]/g,
  joined: /[A-Za-z0-9][_./][A-Za-z0-9]|::|-{1,2}[a-z]/,
  camel: /[a-z][A-Z]/,
  letter: /[A-Za-z]/,
};
let unicodeClasses: CharClasses | null = null;

/** The classes for `text`: ASCII ones when it is plain ASCII, else the Unicode ones. */
export function charClasses(text: string): CharClasses {
  if (isAscii(text)) return ASCII_CLASSES;
  return (unicodeClasses ??= {
    wordRun: new RegExp(String.raw`[\p{L}\p{N}]+`, 'gu'),
    edge: new RegExp(String.raw`^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$`, 'gu'),
    other: new RegExp(String.raw`[^\p{L}\p{N}\s]`, 'gu'),
    joined: new RegExp(String.raw`[\p{L}\p{N}][_./][\p{L}\p{N}]|::|-{1,2}[a-z]`, 'u'),
    camel: new RegExp(String.raw`\p{Ll}\p{Lu}`, 'u'),
    letter: new RegExp(String.raw`\p{L}`, 'u'),
  });
}

/** A token that names something: `a_b`, `a.b`, `a/b`, `a::b`, digits, camelCase. */
export function isIdentifierLike(token: string): boolean {
  const classes = charClasses(token);
  const core = token.replace(classes.edge, '');
  if (core === '') return false;
  return classes.joined.test(core) || /\d/.test(core) || classes.camel.test(core) || /^_\w/.test(core);
}

/** The prompt's whitespace-separated tokens, edge punctuation kept (the caller decides). */
export function tokens(prompt: string): string[] {
  return prompt
    .normalize('NFC')
    .split(/\s+/u)
    .filter((token) => token !== '');
}

/** A Korean word without its trailing particle or ending, as search cuts it (lib/language/korean.ts). */
export function stripKoreanParticle(word: string): string {
  return koreanStem(word);
}

/** Whether one word of plain text says what the prompt is about. */
function informative(word: string): boolean {
  if (JAMO_ONLY.test(word)) return false; // ㅇㅋ, ㅋㅋ: reactions, not words
  if (HANGUL.test(word)) return [...word].length >= 2 && !KOREAN_STOP_WORDS.has(word);
  // A number of three or more digits names something (a migration, a port, an issue); 1 or 42 does not.
  if (/^\d+$/.test(word)) return word.length >= 3;
  return word.length >= 2 && !isStopWord(word);
}

/**
 * The words recall searches for, in prompt order, each once. An identifier-like token is kept
 * whole (FTS matches it as a phrase); other tokens split into word runs, uninformative ones dropped.
 */
export function queryWords(prompt: string): QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: WordKind, prefix: boolean): void => {
    if (seen.has(text) || words.length >= MAX_QUERY_WORDS) return;
    seen.add(text);
    words.push({ text, kind, prefix });
  };
  for (const token of tokens(prompt)) {
    const classes = charClasses(token);
    const core = token.replace(classes.edge, '');
    if (core.length > 200) continue; // a pasted blob, not a word someone types
    if (isIdentifierLike(core) && !/^\d+$/.test(core) && classes.letter.test(core)) {
      add(core.toLowerCase(), 'identifier', false);
      continue;
    }
    for (const run of core.toLowerCase().match(classes.wordRun) ?? []) {
      const word = HANGUL.test(run) ? koreanStem(run) : run;
      if (informative(word)) add(word, 'word', HANGUL.test(word));
    }
  }
  return words;
}
