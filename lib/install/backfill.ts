// Whether an install should suggest `memory import`: only when Claude Code still holds transcripts of
// sessions from before today and the database holds nothing from before today (never imported, and
// the hooks only just started). Read-only; when it cannot tell, it stays silent.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { holdsBefore } from '../db/counts.js';
import { withDb } from '../db/open.js';
import { findTranscripts } from '../import/files.js';
import { claudeDir, type Env } from '../paths.js';

export const BACKFILL_HINT =
  "Sessions before today are not in the database yet: 'memory import' backfills them from Claude Code's transcripts.";

export function needsBackfill(env: Env): boolean {
  try {
    const config = loadConfig(env);
    const now = config.now();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const older = findTranscripts([join(claudeDir(env), 'projects')]).files.some(
      (file) => statSync(file.path).mtimeMs < today.getTime(),
    );
    if (!older) return false;
    const held = withDb(config.dbPath, { create: false, readonly: true }, (db) => holdsBefore(db, today.toISOString()));
    return held !== true;
  } catch {
    return false;
  }
}
