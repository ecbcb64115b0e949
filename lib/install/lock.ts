// One install or uninstall at a time per Claude directory: an exclusive lock file holding the
// owner's pid. A second run waits for the first to finish; a lock whose owner died is taken over.
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class LockError extends Error {
  override readonly name = 'LockError';
}

export interface LockOptions {
  /** How long to wait for another run to finish. */
  readonly waitMs?: number;
  /** Told once when the lock is held by another live process. */
  readonly onWait?: (ownerPid: number) => void;
}

export interface Lock {
  release(): void;
}

export function acquireLock(path: string, options: LockOptions = {}): Lock {
  const deadline = Date.now() + (options.waitMs ?? 300_000);
  let told = false;
  for (;;) {
    if (tryCreate(path)) return { release: () => releaseIfOurs(path) };
    const owner = ownerOf(path);
    if (owner !== null && !isAlive(owner)) {
      breakStale(path, owner);
      continue;
    }
    if (Date.now() > deadline)
      throw new LockError(`another install is still running (pid ${owner ?? '?'}, lock ${path})`);
    if (!told && owner !== null) {
      options.onWait?.(owner);
      told = true;
    }
    sleep(50);
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EEXIST') return false;
    // The run we waited for failed and removed the directory it had created for its lock.
    if (code === 'ENOENT') {
      mkdirSync(dirname(path), { recursive: true });
      return false;
    }
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The pid in the lock file; null while its owner has created it but not yet written to it. */
function ownerOf(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Several waiters may find the same dead owner at once: each renames the lock to a name of its own
 * first, and only the one whose rename succeeded checks it is still the dead owner's before deleting.
 */
function breakStale(path: string, deadPid: number): void {
  const claimed = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, claimed);
  } catch {
    return; // someone else moved it first
  }
  if (ownerOf(claimed) === deadPid) {
    rmSync(claimed, { force: true });
  } else {
    // A live owner took the lock between our read and our rename: hand it back (link never
    // overwrites, so a lock created meanwhile stays).
    try {
      linkSync(claimed, path);
    } finally {
      rmSync(claimed, { force: true });
    }
  }
}

function releaseIfOurs(path: string): void {
  if (ownerOf(path) === process.pid) rmSync(path, { force: true });
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
