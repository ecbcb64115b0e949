// What each hook does with its parsed stdin. Early exits come before the database is opened;
// none of these print, exit or read process state: hook-io.ts owns that.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { captureEvent } from './capture.js';
import { claimDailyCleanup, runCleanup } from './cleanup.js';
import { loadConfig } from './config.js';
import { buildContext, sessionStartOutput } from './context.js';
import { MemoryStore } from './db/memories.js';
import { openDb } from './db/open.js';
import { parseSessionStartEvent, parseStopEvent, parseToolEvent } from './payload.js';
import type { Env } from './paths.js';
import { resolveProject } from './project.js';
import { recordDraft } from './record.js';
import { summarizeSession } from './summary.js';

export interface HookInput {
  readonly input: Readonly<Record<string, unknown>>;
  readonly env: Env;
}

/** PostToolUse and PostToolUseFailure: one memory, or nothing for noise. */
export function handleToolEvent({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseToolEvent(input);
  if (!event) return;
  const draft = captureEvent(event);
  if (!draft) return;
  const project = resolveProject(env, event.cwd);
  const db = openDb(config.dbPath, { create: true });
  if (!db) return;
  try {
    recordDraft(new MemoryStore(db), draft, event, project, {
      createdAt: config.now(),
      toolUseId: event.toolUseId,
      source: 'hook',
      dedupeWindowSec: config.dedupeWindowSec,
    });
  } finally {
    db.close();
  }
}

/** Stop (every turn): upsert the session's structural summary so far. */
export function handleStop({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseStopEvent(input);
  if (!event) return;
  const db = openDb(config.dbPath, { create: false });
  if (!db) return;
  try {
    const store = new MemoryStore(db);
    const summary = summarizeSession(event.sessionId, store.sessionRows(event.sessionId), config.now());
    if (summary) store.upsertSummary(summary);
  } finally {
    db.close();
  }
}

/** SessionStart: the <memory-context> block for this project, or '' when there is none. */
export function buildSessionStartOutput({ input, env }: HookInput): string {
  const config = loadConfig(env);
  if (config.disabled) return '';
  const event = parseSessionStartEvent(input);
  if (!event) return '';
  const project = resolveProject(env, event.cwd);
  const db = openDb(config.dbPath, { create: false });
  if (!db) return '';
  try {
    const store = new MemoryStore(db);
    const context = buildContext({
      project: project.name,
      summaries: store.recentSummaries(project.path, 3),
      changes: store.recentByImportance(project.path, 2, 10),
      errors: store.recentByImportance(project.path, 3, 5),
      maxChars: config.contextChars,
    });
    return context ? sessionStartOutput(context) : '';
  } finally {
    db.close();
  }
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

/** The body of the detached cleanup process. */
export function cleanupNow(env: Env): number {
  const config = loadConfig(env);
  const db = openDb(config.dbPath, { create: false });
  if (!db) return 0;
  try {
    return runCleanup(new MemoryStore(db), config.now(), config.retentionDays);
  } finally {
    db.close();
  }
}
