// Korean words as both search and recall read them: whether a word is Hangul, and the word without
// the particle or ending written onto it (서버를 → 서버, 실패했지 → 실패). One list for both paths, so
// a prompt's words are the same words in `memory search` and in prompt-time recall. Pure.
import { lazyWordSet, withoutEnding } from '../text/bounded.js';
import { KOREAN_ENDINGS, KOREAN_FUNCTION_WORDS } from './korean-table.js';

// Built on first use, and asked only of words that do not start with an ASCII character.
let hangulPattern: RegExp | undefined;

/** Whether `word` is written in Hangul syllables only. */
export function isHangul(word: string): boolean {
  return word !== '' && word.charCodeAt(0) >= 0x80 && (hangulPattern ??= /^[\uac00-\ud7a3]+$/).test(word);
}

/** The first column of a `item | sample` table (lib/language/korean-table.ts). */
export function tableItems(table: string): string[] {
  return table
    .split('\n')
    .map((line) => line.split('|')[0]?.trim() ?? '')
    .filter((item) => item !== '');
}

let endings: readonly string[] | undefined;

/** A Korean word without a trailing particle or ending; other words unchanged. */
export function koreanStem(word: string): string {
  return isHangul(word) ? withoutEnding(word, (endings ??= tableItems(KOREAN_ENDINGS)), 2) : word;
}

const functionWord = lazyWordSet(tableItems(KOREAN_FUNCTION_WORDS).join(' '));

/** A Korean word that carries no subject (거, 법, 쓰는, 안): it weighs nothing beside the query's other words. */
export function isKoreanFunctionWord(word: string): boolean {
  return isHangul(word) && functionWord(word);
}
