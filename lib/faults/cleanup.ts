// The retention cleanup: what it deletes (old non-error memories), and the once-a-day throttle
// that keeps it off SessionStart's path: a marker beside the database, replaced through a temp file
// and a rename so that a symlink planted at its path is never written through.
import type { MemoryStore } from '../db/memories.js';
import { pruneInjections } from '../recall/queries.js';
import { cleanupMarkerPath } from '../paths.js';
import { regularFileMtime, writeFileAtomic } from '../io/safe-fs.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * True when a cleanup is due; claims the day by touching the marker first, so the many
 * SessionStarts of one morning start at most a handful of cleanups, not one each.
 */
export function claimDailyCleanup(dbPath: string, now: Date): boolean {
  const marker = cleanupMarkerPath(dbPath);
  const mtime = regularFileMtime(marker);
  if (mtime !== null && now.getTime() - mtime < DAY_MS && mtime <= now.getTime()) return false;
  writeFileAtomic(marker, `${now.toISOString()}\n`, now);
  return true;
}

export function retentionCutoff(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
}

/**
 * Deletes memories past retention, errors past their longer retention, the summaries and prompts
 * of sessions with no memory left, and old recall records; the FTS indexes follow through triggers.
 */
export function runCleanup(store: MemoryStore, now: Date, retentionDays: number, errorRetentionDays = 365): number {
  const errorDays = Math.max(retentionDays, errorRetentionDays);
  const deleted = store.deleteExpired(retentionCutoff(now, retentionDays), 2000, retentionCutoff(now, errorDays));
  // Which memories a session was shown matters while the session may be resumed, not for ever.
  pruneInjections(store.db, retentionCutoff(now, retentionDays));
  return deleted;
}
