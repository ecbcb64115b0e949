// The time a hook process may spend waiting on the database, as one deadline per process.
// A hook process does one job, so the database layer reads the active deadline wherever it would
// otherwise wait (busy timeout, retries) instead of each caller passing it down.

/** Synchronous hooks (SessionStart, Stop, UserPromptSubmit) hold up the user's turn: about 1.5 s in all. */
export const SYNC_HOOK_BUDGET_MS = 1500;
/** The detached daily maintenance may wait longer; it still must not hang for ever. */
export const MAINTENANCE_BUDGET_MS = 20_000;

/**
 * Milliseconds since this process started, monotonic: what deadlines count in. process.uptime()
 * rather than performance.now(): the `performance` global loads perf_hooks on first use, in every
 * hook. Both count from the start of the process.
 */
export function sinceStartMs(): number {
  return process.uptime() * 1000;
}

export class Deadline {
  constructor(private readonly at: number) {}

  /** `ms` after `from` (a `sinceStartMs()` reading). */
  static after(ms: number, from = sinceStartMs()): Deadline {
    return new Deadline(from + ms);
  }

  remainingMs(): number {
    return Math.max(0, Math.floor(this.at - sinceStartMs()));
  }

  expired(): boolean {
    return this.remainingMs() <= 0;
  }
}

let active: Deadline | null = null;

/** Sets the deadline every database wait of this process honours, `ms` from now; returns it. */
export function startDeadline(ms: number): Deadline {
  active = Deadline.after(ms);
  return active;
}

/** A synchronous hook's waits end SYNC_HOOK_BUDGET_MS after the process started. */
export function startSyncHookDeadline(): Deadline {
  // sinceStartMs() counts from the start of the process. A start slowed by a busy machine
  // still leaves a few reads their chance; a lock held by someone else still costs at most this.
  active = Deadline.after(Math.max(SYNC_HOOK_BUDGET_MS, sinceStartMs() + SYNC_HOOK_FLOOR_MS), 0);
  return active;
}

const SYNC_HOOK_FLOOR_MS = 300;

/** The deadline set by this process, or null (the CLI waits as long as SQLite's default busy handler). */
export function activeDeadline(): Deadline | null {
  return active;
}
