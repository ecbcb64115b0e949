// What Claude Code itself keeps: it deletes session transcripts older than `cleanupPeriodDays`
// (settings.json, 30 days by default, at the startup of any Claude Code process), so an import can
// reach no further back; the memory keeps what the hooks captured for its own retention instead.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { claudeDir, type Env } from '../paths.js';
import type { TranscriptFile } from './files.js';

/** Claude Code's default, when settings.json does not set cleanupPeriodDays. */
export const DEFAULT_CLEANUP_PERIOD_DAYS = 30;
const SETTINGS_MAX_BYTES = 4 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CleanupPeriod {
  readonly days: number;
  /** Whether settings.json sets it (otherwise Claude Code's default applies). */
  readonly set: boolean;
  readonly settingsPath: string;
}

/** Claude Code's `cleanupPeriodDays` from the user's settings.json (a positive whole number), else the default. */
export function cleanupPeriod(env: Env): CleanupPeriod {
  const settingsPath = join(claudeDir(env), 'settings.json');
  let value: unknown;
  try {
    // Followed if it is a link: dotfile managers keep settings.json elsewhere.
    const size = statSync(settingsPath, { throwIfNoEntry: false })?.size ?? 0;
    const text = size > 0 && size <= SETTINGS_MAX_BYTES ? readFileSync(settingsPath, 'utf8') : '{}';
    value = (JSON.parse(text) as Record<string, unknown> | null)?.['cleanupPeriodDays'];
  } catch {
    value = undefined; // unreadable or not JSON: Claude Code would not read it either
  }
  return typeof value === 'number' && Number.isInteger(value) && value >= 1
    ? { days: value, set: true, settingsPath }
    : { days: DEFAULT_CLEANUP_PERIOD_DAYS, set: false, settingsPath };
}

/** When the oldest of these transcripts was last written (what the cleanup's age is measured by); null for none. */
export function oldestTranscript(files: readonly TranscriptFile[]): Date | null {
  let oldest = Infinity;
  for (const file of files) {
    const mtime = statSync(file.path, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime !== undefined && mtime < oldest) oldest = mtime;
  }
  return oldest === Infinity ? null : new Date(oldest);
}

/** The setting in words: "after 30 days (cleanupPeriodDays, Claude Code's default)". */
export function describePeriod(period: CleanupPeriod): string {
  return `after ${period.days} day${period.days === 1 ? '' : 's'} (cleanupPeriodDays${period.set ? ` in ${period.settingsPath}` : ", Claude Code's default"})`;
}

/** Whole days between `then` and `now`. */
export function daysAgo(then: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / DAY_MS));
}

/**
 * The note `memory import` adds when it was asked to reach further back (the memory's retention)
 * than Claude Code keeps transcripts; null when Claude Code keeps at least that long.
 */
export function importReachNote(
  period: CleanupPeriod,
  retentionDays: number,
  oldest: Date | null,
  now: Date,
): string | null {
  // No transcript at all is a first day (install.sh --import), not history lost to the cleanup.
  if (period.days >= retentionDays || oldest === null) return null;
  return [
    `Note: Claude Code deletes session transcripts ${describePeriod(period)}, so this import could not reach the ${retentionDays} days the memory keeps: the oldest transcript left was last written ${oldest.toISOString().slice(0, 10)} (${daysAgo(oldest, now)} days ago).`,
    `What the hooks captured live before then is in the memory already. To keep transcripts longer, raise cleanupPeriodDays in ${period.settingsPath}.`,
  ].join('\n');
}
