// Rows → the bounded, escaped <memory-context> block SessionStart prints. Phrased as facts,
// never as instructions; every stored string passes through safeLine() before it is printed.
import { CONTEXT_CHARS_MAX } from './config.js';
import type { ContextRow, ContextSummaryRow } from './memory.js';
import { cleanText, escapeXml, safeLine } from './sanitize.js';

export const LINE_MAX = 200;

export interface ContextInput {
  readonly project: string;
  readonly summaries: readonly ContextSummaryRow[];
  readonly changes: readonly ContextRow[];
  readonly errors: readonly ContextRow[];
  /** Soft size in characters; clamped to CONTEXT_CHARS_MAX. */
  readonly maxChars: number;
}

interface Section {
  readonly title: string;
  readonly lines: string[];
  readonly candidates: readonly string[];
}

/** The whole block, or '' when there is nothing to say. */
export function buildContext(input: ContextInput): string {
  const budget = Math.min(Math.max(input.maxChars, 300), CONTEXT_CHARS_MAX);
  const open = `<memory-context project="${escapeXml(cleanText(input.project)).slice(0, 200)}">`;
  const intro = 'Activity recorded by claude-memory-hooks in earlier sessions of this project, newest first.';
  const close = '</memory-context>';
  const sections: Section[] = [
    { title: '## Recent sessions', lines: [], candidates: input.summaries.map((row) => line(row.endedAt, withoutFooter(row.summary))) },
    { title: '## Recent errors', lines: [], candidates: input.errors.map((row) => line(row.createdAt, row.content)) },
    { title: '## Recent changes', lines: [], candidates: input.changes.map((row) => line(row.createdAt, row.content)) },
  ];
  if (sections.every((section) => section.candidates.length === 0)) return '';

  // Round-robin so one long section cannot starve the others when the budget is tight.
  let used = open.length + intro.length + close.length + 2;
  for (let index = 0, added = true; added; index++) {
    added = false;
    for (const section of sections) {
      const candidate = section.candidates[index];
      if (candidate === undefined) continue;
      const cost = candidate.length + 1 + (section.lines.length === 0 ? section.title.length + 1 : 0);
      if (used + cost > budget) continue;
      section.lines.push(candidate);
      used += cost;
      added = true;
    }
  }
  const order = [sections[0], sections[2], sections[1]] as Section[];
  const body = order.filter((section) => section.lines.length > 0).flatMap((section) => [section.title, ...section.lines]);
  if (body.length === 0) return '';
  return [open, intro, ...body, close].join('\n');
}

/**
 * A summary without its `[N memories, Ns, tools: …]` line: counts the model has no use for. Summaries
 * stored by earlier versions say `observations` there.
 */
function withoutFooter(summary: string): string {
  return summary.split('\n').filter((part) => !/^\[\d+ (?:memory|memories|observations?), /.test(part)).join('\n');
}

/** One bullet: the date, then the stored text with its line breaks shown as ` | `. */
function line(isoTime: string, text: string): string {
  const prefix = `- [${escapeXml(cleanText(isoTime.slice(0, 10)))}] `;
  const flat = text.split('\n').map((part) => part.trim()).filter(Boolean).join(' | ');
  return prefix + safeLine(flat, LINE_MAX - prefix.length);
}

/**
 * The JSON envelope Claude Code reads from a SessionStart hook's stdout: the context for the model,
 * and optionally a `systemMessage`, which Claude Code shows to the user and not to the model.
 */
export function sessionStartOutput(context: string, systemMessage: string | null = null): string {
  const envelope: Record<string, unknown> = {};
  if (systemMessage) envelope['systemMessage'] = systemMessage;
  if (context) envelope['hookSpecificOutput'] = { hookEventName: 'SessionStart', additionalContext: context };
  return `${JSON.stringify(envelope)}\n`;
}
