// The counts an import reports, and the small helpers both kinds of session file share.
import { REDACTED } from '../redact/redact.js';
import type { NewMemory } from '../memory.js';

export interface ImportSummary {
  files: number;
  sessions: number;
  /** Captured-tool calls paired with their result. */
  toolCalls: number;
  added: number;
  duplicates: number;
  /** Calls `memory forget` left a tombstone for: never stored again. */
  forgotten: number;
  /** Calls of sessions whose hooks ran with CLAUDE_MEMORY_DISABLE=1: never stored. */
  disabled: number;
  /** Calls from before the upgrade of sessions held then (a forget of theirs left no trace): kept out. */
  held: number;
  /** Calls the capture filters drop (read-only commands, lock files, interrupts…), as live. */
  noise: number;
  /** Calls refused before running: user rejections, hook blocks, validation errors. */
  notRun: number;
  tooOld: number;
  /** `[REDACTED]` marks in what was added. */
  redactions: number;
  badLines: number;
  /** Calls whose result never came (a session cut short, or still running). */
  unpaired: number;
  unreadableFiles: number;
  /** `--refresh`: stored rows re-derived with new text, rows already as today's capture makes them, and calls with no stored row. */
  refreshed: number;
  unchanged: number;
  notStored: number;
  /** Stopped by `signal` before the end: the counts say what was kept. */
  stopped: boolean;
}

// Rows are written one transaction per file; a giant file is cut into batches of this many, so
// live hooks never wait on the write lock for the seconds it takes to read hundreds of megabytes.
export const BATCH_SIZE = 1000;

export function emptySummary(): ImportSummary {
  return {
    files: 0,
    sessions: 0,
    toolCalls: 0,
    added: 0,
    duplicates: 0,
    forgotten: 0,
    disabled: 0,
    held: 0,
    noise: 0,
    notRun: 0,
    tooOld: 0,
    redactions: 0,
    badLines: 0,
    unpaired: 0,
    unreadableFiles: 0,
    refreshed: 0,
    unchanged: 0,
    notStored: 0,
    stopped: false,
  };
}

export function parseTime(value: string | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

export function countRedactions(memory: NewMemory): number {
  return occurrences(memory.content) + occurrences(memory.filePath ?? '') + occurrences(memory.intent ?? '');
}

function occurrences(text: string): number {
  let count = 0;
  for (let at = text.indexOf(REDACTED); at !== -1; at = text.indexOf(REDACTED, at + REDACTED.length)) count++;
  return count;
}
