// The detached daily cleanup (hooks/_cleanup.ts): deletes the memories past retention from an existing
// database. Never creates one; SessionStart decides when this runs (lib/cleanup.ts's throttle).
import { runCleanup } from '../cleanup.js';
import { loadConfig } from '../config.js';
import { MemoryStore } from '../db/memories.js';
import { withDb } from '../db/open.js';
import type { Env } from '../paths.js';

/** Rows deleted. */
export function cleanupNow(env: Env): number {
  const config = loadConfig(env);
  return withDb(config.dbPath, { create: false }, (db) => runCleanup(new MemoryStore(db), config.now(), config.retentionDays, config.errorRetentionDays)) ?? 0;
}
