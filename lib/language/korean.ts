// Korean words as both search and recall read them: whether a word is Hangul, and the word without
// the particle or ending written onto it (서버를 → 서버, 실패했지 → 실패). One list for both paths, so
// a prompt's words are the same words in `memory search` and in prompt-time recall. Pure.
import { withoutEnding } from '../text/bounded.js';

// Built on first use, and asked only of words that do not start with an ASCII character.
let hangulPattern: RegExp | undefined;

/** Whether `word` is written in Hangul syllables only. */
export function isHangul(word: string): boolean {
  return word !== '' && word.charCodeAt(0) >= 0x80 && (hangulPattern ??= /^[\uac00-\ud7a3]+$/).test(word);
}

// Particles and endings a typed word may carry that the stored text does not (`서버를` ↔ `서버`),
// longest first. Cut only when two syllables remain, so a word is never reduced to one syllable.
const KOREAN_ENDINGS = [
  '에서는',
  '으로는',
  '에게서',
  '이라는',
  '했는데',
  '하려고',
  '에서',
  '에게',
  '한테',
  '으로',
  '부터',
  '까지',
  '처럼',
  '보다',
  '라는',
  '이랑',
  '하고',
  '했던',
  '하는',
  '하기',
  '해서',
  '했다',
  '했어',
  '했지',
  '하다',
  '해줘',
  '됐어',
  '되는',
  '된다',
  '한',
  '된',
  '할',
  '함',
  '됨',
  '을',
  '를',
  '이',
  '가',
  '은',
  '는',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
  '랑',
];

/** A Korean word without a trailing particle or ending; other words unchanged. */
export function koreanStem(word: string): string {
  return isHangul(word) ? withoutEnding(word, KOREAN_ENDINGS, 2) : word;
}
