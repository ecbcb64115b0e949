// SessionStart: this project's <memory-context> block (within SYNC_HOOK_BUDGET_MS, or nothing),
// the once-a-day repair notice for the user, and the hand-off of the daily maintenance to a
// detached process. Never creates the database.
import { childProcess } from '../runtime/builtins.js';
import { existsSync } from 'node:fs';
import { daysBefore } from '../text/age.js';
import { claimDailyCleanup } from '../faults/cleanup.js';
import { buildContext, SESSIONS_SHOWN } from '../session/context.js';
import { openErrors, recentByImportance, recentSummaries } from '../session/context-queries.js';
import { claimRepairNotice, repairNote } from '../faults/damage.js';
import { sinceStartMs, startSyncHookDeadline, SYNC_HOOK_BUDGET_MS } from '../db/deadline.js';
import { MemoryStore } from '../db/memories.js';
import { withReadableDb } from '../db/read-only.js';
import { IMPORTANCE } from '../memory.js';
import { isPlugin } from '../runtime/own-files.js';
import { NODE_FLAGS } from '../runtime/executables.js';
import type { HookInput } from './io.js';
import { adapterFor } from '../agents/adapter.js';
import { resolveProject } from '../capture/project.js';
import { drainPending, explainFault, noticeDamage } from '../faults/store-or-defer.js';

export interface SessionStartResult {
  /** The JSON envelope to print, or '' when there is nothing to say. */
  readonly output: string;
  /** Why the context is missing, for the hook's one stderr line; null when all went well. */
  readonly problem: Error | null;
}

export function buildSessionStartOutput({ input, env, config, agent = 'claude-code' }: HookInput): SessionStartResult {
  if (config.disabled) return { output: '', problem: null };
  const adapter = adapterFor(agent);
  const event = adapter.sessionStart(input);
  if (!event) return { output: '', problem: null };
  const started = sinceStartMs();
  startSyncHookDeadline();
  let notice: string | null = null;
  let problem: Error | null = null;
  try {
    notice = claimRepairNotice(config.dbPath, config.now());
  } catch (error) {
    problem = error instanceof Error ? error : new Error(String(error));
  }
  const project = resolveProject(env, event.cwd);
  const now = config.now();
  const since = daysBefore(now, config.contextDays);
  let context = '';
  try {
    context =
      withReadableDb(config.dbPath, { create: false }, (db, snapshot) => {
        const store = new MemoryStore(db);
        if (!snapshot && repairNote(config.dbPath) === null) drainPending(store, config, env);
        return buildContext({
          project: project.name,
          projectPath: project.path,
          ...(project.worktree === undefined ? {} : { worktreePath: project.worktree }),
          summaries: recentSummaries(db, project.path, SESSIONS_SHOWN, since),
          changes: recentByImportance(db, project.path, IMPORTANCE.change, 10, since),
          errors: openErrors(db, project.path, 5, since),
          maxChars: config.contextChars,
          now,
          searchCommand: isPlugin() ? '/mem:search' : '/mem',
          ...(event.source === 'startup' || event.source === 'clear' ? {} : { currentSessionId: event.sessionId }),
        });
      }) ?? '';
  } catch (error) {
    noticeDamage(config.dbPath, error);
    problem = explainFault(error, 'no memory context this time');
  }
  // Late context is worse than none: the turn has waited long enough. (Measured from here, not from
  // the process start, so that a machine slow to start Node does not lose the context as well.)
  if (context && sinceStartMs() - started > SYNC_HOOK_BUDGET_MS) {
    context = '';
    problem = new Error(`the memory context took longer than ${SYNC_HOOK_BUDGET_MS} ms; printed nothing this time`);
  }
  return { output: context || notice ? adapter.sessionStartOutput(context, notice) : '', problem };
}

/**
 * Starts the daily maintenance in a fully detached process (a child that inherited our stdio would keep
 * the synchronous SessionStart hook running). At most once a day; a no-op otherwise.
 */
export function scheduleDailyCleanup({ env, config }: HookInput, node: string, cleanupScript: string): void {
  if (config.disabled || !existsSync(config.dbPath)) return;
  try {
    if (!claimDailyCleanup(config.dbPath, config.now())) return;
  } catch {
    // The marker cannot be written (a read-only folder): the maintenance could not write either.
    return;
  }
  childProcess()
    .spawn(node, [...NODE_FLAGS, cleanupScript], { detached: true, stdio: 'ignore', env: { ...env } })
    .unref();
}
