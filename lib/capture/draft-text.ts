// The pieces every kind of captured memory is made with: redaction over all of an event's fields at once,
// the bound on stored content, tags. Shared by file edits (capture.ts) and commands (command-capture.ts). Pure: no I/O.
import { Redactor as FieldRedactor, stripUnstored } from '../redact/redact.js';
import { clip, head, SCAN_MAX, stripAnsi } from '../text/bounded.js';

/** Stored content never exceeds this, whatever the payload's size. */
export const CONTENT_MAX = 2000;

/** Private spans removed and every field cut to scan size; then secrets found across all of them. */
export class Redactor {
  private readonly fields: FieldRedactor;
  constructor(fields: readonly string[]) {
    this.fields = new FieldRedactor(fields.map(prepare));
  }
  clean(text: string): string {
    return this.fields.clean(prepare(text));
  }
}

function prepare(text: string): string {
  return stripUnstored(stripAnsi(head(text, SCAN_MAX)));
}

export function joinTags(tags: readonly string[]): string {
  const clean = tags.map((tag) => tag.toLowerCase().replace(/[^a-z0-9_.-]/g, '')).filter(Boolean);
  return [...new Set(clean)].join(',');
}

export function bound(content: string): string {
  return clip(content, CONTENT_MAX);
}
