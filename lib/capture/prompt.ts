// A user's prompt, or the session's last answer → the bounded, redacted text worth keeping. Skips
// what no person typed (task notifications, slash-command expansions, system prompts). Pure: the
// recording hook calls it before it opens anything, and a later recall concern can reuse it.
import { findSecrets, redact, stripUnstored } from '../redact/redact.js';
import { isPersonRequest } from './person-request.js';
import { clip, head, SCAN_MAX, stripAnsi } from '../text/bounded.js';

/** Stored prompts and last answers never exceed this. */
export const PROMPT_MAX = 1000;

/** The prompt to store, or null when it is not a person's request (or nothing is left of it). */
export function promptToRecord(prompt: string, source = ''): string | null {
  return isPersonRequest(prompt, source) ? keepable(prompt.trim()) : null;
}

/** A Stop payload's `last_assistant_message`, bounded and redacted; null when empty. */
export function outcomeToRecord(message: string): string | null {
  return message.trim() === '' ? null : keepable(message);
}

function keepable(raw: string): string | null {
  const text = stripUnstored(stripAnsi(head(raw, SCAN_MAX)));
  const cleaned = redact(text, findSecrets([text]))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cleaned === '' ? null : clip(cleaned, PROMPT_MAX);
}
