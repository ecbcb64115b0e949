// Whether a prompt may get recall at all, decided from the prompt alone before anything is opened:
// not a person's request (other sources, task notifications, slash commands), private, an
// acknowledgement, or too vague to search for. Pure.
import { lazyWordSet } from '../text/bounded.js';
import { charClasses, isIdentifierLike, queryWords, tokens, type QueryWord } from './words.js';

export type GateDecision =
  { readonly recall: true; readonly words: readonly QueryWord[] } | { readonly recall: false; readonly reason: string };

// Replies that move a conversation on without asking anything: matched as the whole prompt,
// after case, punctuation and emoji are dropped, also in runs ("ok, go on", "네 계속 진행해줘").
// The set is made on first use: most prompts the screen sees are gated before any word is read.
const isAcknowledgementWord = lazyWordSet(`
ok okay k kk yes y yep yup yeah ya sure fine good great nice cool perfect right correct exactly agreed alright
continue go on ahead proceed next keep going carry do it that this please pls thanks thank you ty thx lgtm
sounds looks good awesome done no nope nah stop wait hmm hm yes, np got
네 넵 넹 예 응 엉 어 그래 그래요 좋아 좋아요 좋습니다 좋네 오케이 ㅇㅋ ㅇㅇ ㅋㅋ ㄱㄱ ㄴㄴ 계속 계속해 계속해줘 계속해주세요
진행 진행해 진행해줘 진행해주세요 진행시켜 고마워 고마워요 감사 감사해요 감사합니다 알겠어 알겠어요 알았어 맞아 맞아요 아니 아니요
해줘 해주세요 해봐 부탁해 부탁해요 그렇게 해 다음 됐어 오키 ok요
`);

/** The gate over one UserPromptSubmit payload's `prompt` and `source`. */
export function recallGate(prompt: string, source = ''): GateDecision {
  if (source !== '' && source !== 'user') return { recall: false, reason: `source is ${source}, not user` };
  const text = prompt.trim();
  if (text === '') return { recall: false, reason: 'empty prompt' };
  if (isTaskNotification(text)) return { recall: false, reason: 'a <task-notification> envelope' };
  if (text.startsWith('/') || text.includes('<command-name>')) return { recall: false, reason: 'a slash command' };
  if (/<private>/i.test(text)) return { recall: false, reason: 'contains <private>' };
  if (isAcknowledgement(text)) return { recall: false, reason: 'an acknowledgement' };
  const words = queryWords(text);
  const named = tokens(text).some(isIdentifierLike);
  if (words.length < 2 && !named)
    return {
      recall: false,
      reason: `${words.length} informative word${words.length === 1 ? '' : 's'} and no identifier`,
    };
  if (words.length === 0) return { recall: false, reason: 'no word to search for' };
  return { recall: true, words };
}

/** The whole prompt is one envelope (an unclosed one counts: it is still not typed by a person). */
function isTaskNotification(text: string): boolean {
  if (!text.startsWith('<task-notification>')) return false;
  const end = text.indexOf('</task-notification>');
  return end === -1 || text.slice(end + '</task-notification>'.length).trim() === '';
}

function isAcknowledgement(text: string): boolean {
  const words = text.toLowerCase().replace(charClasses(text).other, ' ').split(/\s+/u).filter(Boolean);
  return words.length > 0 && words.length <= 6 && words.every(isAcknowledgementWord);
}
