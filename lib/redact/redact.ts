// Secret redaction and <private> stripping, applied to everything before it is stored or sent:
// captured tool calls, imports, prompts and assistant messages, rows rewritten by `memory redact`.
// The rules are data (lib/redact/*-rules.ts), each with samples it must redact and code it must keep.
// Never logs what it finds.
import { applySpans, findSpans, REDACTED, type Span } from './engine.js';
import { SECRET_RULES } from './rules.js';
import { type StoredRow, withoutKeyFileContent } from './stored.js';

export { REDACTED } from './engine.js';
export type { SecretRule } from './engine.js';
export { SECRET_RULES } from './rules.js';

// Literal re-occurrences of a secret are only chased for values long enough to be unambiguous.
const MIN_ECHO_LENGTH = 6;

/**
 * The related texts of one event (a command, its description and output; a file path and its
 * content), redacted together: a secret recognised in one is redacted in all of them, because
 * commands echo their arguments in errors and output. `<private>` spans and our own injected
 * blocks are removed first.
 * This is the one entry point for anything that stores or sends text.
 */
export function redactFields(fields: readonly string[]): string[] {
  const redactor = new Redactor(fields.map(stripUnstored));
  return fields.map((field) => redactor.clean(stripUnstored(field)));
}

/**
 * The text fields of one stored row as capture keeps them today (what `memory redact` writes and
 * `memory doctor` counts): the secret rules, and a key file's content replaced by its note.
 */
export function redactStoredRow(fields: readonly string[], row: StoredRow): string[] {
  return withoutKeyFileContent(fields, redactFields(fields), row);
}

/** One text on its own (see redactFields). */
export function redactText(text: string): string {
  return redactFields([text])[0] as string;
}

/** Scans related fields once; `clean` redacts any of them (or a part of one) consistently. */
export class Redactor {
  private readonly spans = new Map<string, Span[]>();
  private readonly secrets: string[];

  constructor(fields: readonly string[]) {
    const found = new Set<string>();
    for (const field of fields) {
      const spans = this.spansOf(field);
      for (const span of spans) found.add(field.slice(span.start, span.end));
    }
    this.secrets = [...found].filter((secret) => secret.length >= MIN_ECHO_LENGTH).sort((a, b) => b.length - a.length);
  }

  clean(text: string): string {
    if (!text) return text;
    let out = applySpans(text, this.spansOf(text));
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }

  private spansOf(text: string): Span[] {
    let spans = this.spans.get(text);
    if (!spans) {
      spans = findSpans(text, SECRET_RULES);
      this.spans.set(text, spans);
    }
    return spans;
  }
}

/** Secret values recognised anywhere in `texts`, longest first. */
export function findSecrets(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const span of findSpans(text, SECRET_RULES)) found.add(text.slice(span.start, span.end));
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** Redacts every rule match, then every other occurrence of a secret in `knownSecrets`. */
export function redact(text: string, knownSecrets: readonly string[] = []): string {
  if (!text) return text;
  let out = applySpans(text, findSpans(text, SECRET_RULES));
  for (const secret of knownSecrets) {
    if (secret.length >= MIN_ECHO_LENGTH && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * What is never stored: `<private>` spans, and the blocks this package itself put into the model's
 * context (`<memory-context>`, `<memory-recall>`), which the model may echo into a command, a file
 * or a prompt: storing them would feed recall its own output.
 */
export function stripUnstored(text: string): string {
  return stripPrivate(stripInjected(text));
}

/** Removes our `<memory-context …>` and `<memory-recall …>` blocks (an unclosed one runs to the end). */
export function stripInjected(text: string): string {
  if (!text || !/<memory-(?:context|recall)[\s>]/i.test(text)) return text;
  return text.replace(/<(memory-(?:context|recall))(?:\s[^>]*)?>[\s\S]*?(?:<\/\1\s*>|$)/gi, '');
}

/** Removes `<private>…</private>` spans (an unclosed tag hides everything after it). */
export function stripPrivate(text: string): string {
  if (!text || !/<private>/i.test(text)) return text;
  return text.replace(/<private>[\s\S]*?(?:<\/private>|$)/gi, '[private]');
}
