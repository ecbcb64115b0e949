// Before a hook does any work: should this copy run at all, and can it store anything here?
// - The plugin stays silent when ./install.sh's hooks are registered too (they capture; one copy
//   is enough, and `memory doctor` says how to remove the other).
// - Without a SQLite driver that works in this Node, every hook stays off without a word on
//   stderr, and SessionStart tells the user (not the model) once a day in one line.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config/config.js';
import { sqliteDriver } from '../db/driver.js';
import { installShCaptures, isPlugin } from '../runtime/own-files.js';
import { driverNoticePath, type Env } from '../paths.js';
import { regularFileMtime, writeFileAtomic } from '../io/safe-fs.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Gate =
  | { readonly run: true }
  /** `notice`: the one line SessionStart shows the user (a `systemMessage`), when it is due. */
  | { readonly run: false; readonly notice: string | null };

export function hookGate(hookName: string, env: Env, config: Config, now = new Date()): Gate {
  if (isPlugin() && installShCaptures(env, hookName)) return { run: false, notice: null };
  const driver = sqliteDriver();
  // Switched off on purpose: the session's id is recorded when a driver can, and there is nothing to tell.
  if (config.disabled) return driver.ok ? { run: true } : { run: false, notice: null };
  if (driver.ok) return { run: true };
  const notice =
    hookName === 'session-start' ? claimDriverNotice(config.dbPath, `${driver.problem}; ${driver.fix}`, now) : null;
  return { run: false, notice };
}

/** The line to show, at most once a day (the note's mtime is when the user was last told). */
export function claimDriverNotice(dbPath: string, problem: string, now: Date): string | null {
  const path = driverNoticePath(dbPath);
  const told = regularFileMtime(path);
  if (told !== null && now.getTime() - told < DAY_MS && told <= now.getTime()) return null;
  try {
    // Claude Code's folder exists in real use; the database's own may not yet (nothing was ever stored).
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileAtomic(path, `${problem}\n`, now);
  } catch {
    // Cannot remember having told: telling again next session is better than never.
  }
  return `claude-memory-hooks records nothing: ${problem} (\`memory doctor\` says more)`;
}
