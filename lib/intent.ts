// A memory's intent: what the call was for, in the words of the session around it (the assistant's
// sentence before the call, the todo in progress, a Bash call's description) → one bounded, redacted
// line. Pure: the transcript readers and the live hook gather the parts; nothing here reads or stores.
import type { MemoryDraft } from './memory.js';
import { Redactor, stripUnstored } from './redact.js';
import { clip, head, oneLine, SCAN_MAX, stripAnsi } from './text.js';
import { str } from './unknown.js';

/** What a call's session said about it, as found; any part may be empty. */
export interface IntentParts {
  /** The assistant's text before the call (the whole block: the last sentences are picked here). */
  readonly narration: string;
  /** The todo (TodoWrite) or task (TaskCreate/TaskUpdate) in progress when the call was made. */
  readonly todo: string;
  /** A Bash call's `description`, when the memory's content does not carry it already. */
  readonly description: string;
}

export const NO_INTENT: IntentParts = { narration: '', todo: '', description: '' };

/** A stored intent never exceeds this; each part has its own smaller bound. */
export const INTENT_MAX = 320;
const NARRATION_MAX = 160;
const TODO_MAX = 100;
const DESCRIPTION_MAX = 100;
/** A last sentence shorter than this ("Let me check:") takes the one before it along. */
const SHORT_SENTENCE = 60;
/** Parts are joined with this; it never occurs inside a part (oneLine, and cut at it). */
export const INTENT_SEPARATOR = ' · ';

/** The intent to store for these parts: redacted together, `<private>` removed, bounded; null when none is left. */
export function intentToRecord(parts: IntentParts): string | null {
  const raw = [parts.narration, parts.todo, parts.description].map(prepare);
  // Redacted whole before the narration is cut to its last sentences: a secret split across lines
  // (a key block) is recognised in full.
  const redactor = new Redactor(raw);
  const [narration = '', todo = '', description = ''] = raw.map((text) => redactor.clean(text));
  const kept: string[] = [];
  const parted: Array<[string, number]> = [
    [lastSentences(narration), NARRATION_MAX],
    [todo, TODO_MAX],
    [description, DESCRIPTION_MAX],
  ];
  for (const [text, max] of parted) {
    const part = clip(oneLine(text).replaceAll(INTENT_SEPARATOR, ' '), max);
    // A todo often repeats the narration's words, a description the todo's: each is kept once.
    if (part && !kept.some((other) => other.toLowerCase().includes(part.toLowerCase()))) kept.push(part);
  }
  const text = clip(kept.join(INTENT_SEPARATOR), INTENT_MAX);
  return text === '' ? null : text;
}

function prepare(text: string): string {
  return stripUnstored(stripAnsi(head(text, SCAN_MAX)));
}

/**
 * The last sentence or two of an assistant's text: what it said it would do next. Code blocks and
 * markdown marks are left out; a short last sentence ("Let me check:") takes the one before along.
 */
export function lastSentences(text: string): string {
  if (!text) return '';
  // <private> goes before any cut, so a cut never leaves half a private span; a long message's end
  // is what precedes the call (its start may report on earlier work).
  const whole = stripUnstored(stripAnsi(text));
  const prose = (whole.length > 2000 ? whole.slice(-2000) : whole)
    .replace(/```[\s\S]*?(?:```|$)/g, '\n')
    .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)/gm, '')
    .replace(/\*\*|__|`/g, '');
  const sentences = prose
    .split(/(?<=[.!?。！？])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '[private]' && /[\p{L}\p{N}]/u.test(sentence));
  const last = sentences[sentences.length - 1] ?? '';
  const before = sentences[sentences.length - 2];
  return last.length < SHORT_SENTENCE && before ? `${before} ${last}` : last;
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
