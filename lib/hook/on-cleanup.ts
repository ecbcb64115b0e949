// The detached daily maintenance (hooks/_cleanup.ts) of an existing database: a quick_check first
// (a damaged file gets the repair note and is left alone), then what the spool holds, then the
// memories past retention. Never creates a database; SessionStart decides when this runs.
import { runCleanup } from '../faults/cleanup.js';
import { loadConfig } from '../config/config.js';
import { clearDamageNote, noteDamage } from '../faults/damage.js';
import { MAINTENANCE_BUDGET_MS, startDeadline } from '../db/deadline.js';
import { quickCheck } from '../db/health.js';
import { MemoryStore } from '../db/memories.js';
import { withDb } from '../db/open.js';
import { indexPending } from '../db/search-index.js';
import type { Env } from '../paths.js';
import { drainPending, noticeDamage } from '../faults/store-or-defer.js';

/** Rows deleted. */
export function cleanupNow(env: Env): number {
  const config = loadConfig(env);
  const deadline = startDeadline(MAINTENANCE_BUDGET_MS);
  try {
    return (
      withDb(config.dbPath, { create: false }, (db) => {
        const findings = quickCheck(db);
        if (findings.length !== 1 || findings[0] !== 'ok') {
          noteDamage(config.dbPath, `quick_check: ${findings.slice(0, 3).join('; ')}`);
          return 0;
        }
        clearDamageNote(config.dbPath);
        const store = new MemoryStore(db);
        drainPending(store, config, env);
        const deleted = runCleanup(store, config.now(), config.retentionDays, config.errorRetentionDays);
        // Memories that predate the search index (an upgrade): as many as the budget allows, a batch at a time.
        indexPending(db, Number.MAX_SAFE_INTEGER, { until: () => deadline.remainingMs() < 2000 });
        return deleted;
      }) ?? 0
    );
  } catch (error) {
    noticeDamage(config.dbPath, error);
    throw error;
  }
}
