// The retention cleanup: what it deletes (old non-error memories), and the once-a-day throttle
// that keeps it off SessionStart's path. The marker is a file next to the database.
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import type { MemoryStore } from './db/memories.js';
import { cleanupMarkerPath } from './paths.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * True when a cleanup is due; claims the day by touching the marker first, so the many
 * SessionStarts of one morning start at most a handful of cleanups, not one each.
 */
export function claimDailyCleanup(dbPath: string, now: Date): boolean {
  const marker = cleanupMarkerPath(dbPath);
  const stat = statSync(marker, { throwIfNoEntry: false });
  if (stat && now.getTime() - stat.mtimeMs < DAY_MS && stat.mtimeMs <= now.getTime()) return false;
  writeFileSync(marker, `${now.toISOString()}\n`, { mode: 0o600 });
  utimesSync(marker, now, now);
  return true;
}

export function retentionCutoff(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
}

/**
 * Deletes memories past retention, errors past their longer retention, and the summaries and
 * prompts of sessions with no memory left; the FTS indexes follow through triggers.
 */
export function runCleanup(store: MemoryStore, now: Date, retentionDays: number, errorRetentionDays = 365): number {
  const errorDays = Math.max(retentionDays, errorRetentionDays);
  return store.deleteExpired(retentionCutoff(now, retentionDays), 2000, retentionCutoff(now, errorDays));
}
