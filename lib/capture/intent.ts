// A memory's intent: what the call was for, in the words of the session around it (the assistant's
// sentence before the call, the todo in progress, a failed Bash call's description) → one bounded,
// redacted line. Pure: the transcript readers and the live hook gather the parts; nothing here reads
// or stores. (Terse: every hook that stores carries it.)
import { INTENT_MAX, type MemoryDraft } from '../memory.js';
import { Redactor, stripUnstored } from '../redact/redact.js';
import { clip, head, oneLine, SCAN_MAX, stripAnsi } from '../text/bounded.js';
import { str } from '../narrow.js';

/** What a call's session said about it, as found; any part may be empty. */
export interface IntentParts {
  /** The assistant's text before the call (the whole block: its last sentences are picked here). */
  readonly narration: string;
  /** The todo (TodoWrite) or task (TaskCreate/TaskUpdate) in progress when the call was made. */
  readonly todo: string;
  /** A Bash call's `description`, when the memory's content does not carry it already. */
  readonly description: string;
}

export const NO_INTENT: IntentParts = { narration: '', todo: '', description: '' };

export { INTENT_MAX };
/** Between the parts; never inside one (each is cut to one line, and this is taken out of it). */
export const INTENT_SEPARATOR = ' \u00b7 ';

/** The intent to store for these parts: redacted together, `<private>` removed, bounded; null when none is left. */
export function intentToRecord(parts: IntentParts): string | null {
  const raw = [parts.narration, parts.todo, parts.description].map((text) =>
    stripUnstored(stripAnsi(head(text, SCAN_MAX))),
  );
  // Redacted whole before the narration is cut to its last sentences: a secret split across lines
  // (a key block) is recognised in full.
  const redactor = new Redactor(raw);
  const kept: string[] = [];
  raw.forEach((text, i) => {
    const clean = redactor.clean(text);
    const part = clip(oneLine(i ? clean : lastSentences(clean)).replaceAll(INTENT_SEPARATOR, ' '), i ? 100 : 160);
    // A todo often repeats the narration's words, a description the todo's: each is kept once.
    if (part && !kept.some((other) => other.toLowerCase().includes(part.toLowerCase()))) kept.push(part);
  });
  return clip(kept.join(INTENT_SEPARATOR), INTENT_MAX) || null;
}

/**
 * The last sentence or two of an assistant's text: what it said it would do next. Code blocks and
 * markdown marks are left out; a short last sentence ("Let me check:") takes the one before along.
 */
export function lastSentences(text: string): string {
  // <private> goes before any cut, so a cut never leaves half a private span; a long message's end
  // is what precedes the call (its start may report on earlier work).
  const sentences = stripUnstored(stripAnsi(text))
    .slice(-2000)
    .replace(/```[\s\S]*?(?:```|$)/g, '\n')
    .replace(/^\s*(?:#+\s|[-*+]\s|\d+[.)]\s|>)|\*\*|__|`/gm, '')
    .split(/(?<=[.!?\u3002\uff01\uff1f])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '[private]' && /[\p{L}\p{N}]/u.test(sentence));
  const last = sentences.pop() ?? '';
  const before = sentences.pop();
  return last.length < 60 && before ? `${before} ${last}` : last;
}

/**
 * The intent a memory stores: `parts` with a Bash call's description when its content does not
 * already carry it (a successful command shows it as `# description`; a failure does not).
 */
export function memoryIntent(
  parts: IntentParts,
  draft: Pick<MemoryDraft, 'toolName' | 'type'>,
  input: Readonly<Record<string, unknown>>,
): string | null {
  const description = draft.toolName === 'Bash' && draft.type === 'error' ? str(input['description']) : '';
  return intentToRecord({ ...parts, description });
}
