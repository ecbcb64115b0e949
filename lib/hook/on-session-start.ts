// SessionStart: this project's <memory-context> block, and the hand-off of the daily cleanup to a
// detached process. Never creates the database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { daysBefore } from '../age.js';
import { claimDailyCleanup } from '../cleanup.js';
import { loadConfig } from '../config.js';
import { buildContext, sessionStartOutput } from '../context.js';
import { MemoryStore } from '../db/memories.js';
import { withDb } from '../db/open.js';
import { IMPORTANCE } from '../memory.js';
import type { HookInput } from './io.js';
import type { Env } from '../paths.js';
import { parseSessionStartEvent } from './payload.js';
import { resolveProject } from '../project.js';

/** The JSON envelope to print, or '' when there is nothing to say. */
export function buildSessionStartOutput({ input, env }: HookInput): string {
  const config = loadConfig(env);
  if (config.disabled) return '';
  const event = parseSessionStartEvent(input);
  if (!event) return '';
  const project = resolveProject(env, event.cwd);
  const now = config.now();
  const since = daysBefore(now, config.contextDays);
  const context = withDb(config.dbPath, { create: false }, (db) => {
    const store = new MemoryStore(db);
    return buildContext({
      project: project.name,
      projectPath: project.path,
      summaries: store.recentSummaries(project.path, 3, since),
      changes: store.recentByImportance(project.path, IMPORTANCE.change, 10, since),
      errors: store.openErrors(project.path, 5, since),
      maxChars: config.contextChars,
      now,
      ...(event.source === 'startup' || event.source === 'clear' ? {} : { currentSessionId: event.sessionId }),
    });
  });
  return context ? sessionStartOutput(context) : '';
}

/**
 * Starts the daily cleanup in a fully detached process (a child that inherited our stdio would keep
 * the synchronous SessionStart hook running). At most once a day; a no-op otherwise.
 */
export function scheduleDailyCleanup(env: Env, node: string, cleanupScript: string): void {
  const config = loadConfig(env);
  if (config.disabled || !existsSync(config.dbPath)) return;
  if (!claimDailyCleanup(config.dbPath, config.now())) return;
  spawn(node, [cleanupScript], { detached: true, stdio: 'ignore', env: { ...env } }).unref();
}
