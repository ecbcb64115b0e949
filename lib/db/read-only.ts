// Reading a database this user may not write: a read-only ~/.claude, or a read-only file whose -shm
// cannot be made. SQLite reads a WAL database only through its -shm beside it, so when that cannot be
// created the file is read from a private snapshot (a hard link, else a copy) in a temp folder,
// opened read-only: every write is refused there, never silently lost. A reader (the page, the MCP
// server) that finds a file an older build wrote, not migrated yet, reads a private migrated copy:
// the file itself is migrated only by what may write to it (a hook, import, doctor).
import { copyFileSync, existsSync, linkSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openConnection } from './driver.js';
import { openDb, StoreError, type Db, type OpenOptions } from './open.js';

export interface ReadHandle {
  readonly db: Db;
  /** True when `db` reads a snapshot: nothing can be written, and the spool cannot be drained. */
  readonly snapshot: boolean;
  close(): void;
}

/** Opens `path` as `options` say, or read-only from a snapshot when this user cannot write beside it; null when missing. */
export function openForReading(path: string, options: OpenOptions): ReadHandle | null {
  let db: Db | null;
  try {
    db = openDb(path, options);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'SCHEMA_OLD' && (options.readonly || options.queryOnly))
      return openMigratedCopy(path, options);
    if (!cannotWrite(error) || !existsSync(path)) throw error;
    return openSnapshot(path, options);
  }
  return db && { db, snapshot: false, close: () => db.close() };
}

/** `work` on the database, read from a snapshot when need be (see openForReading); null when missing. */
export function withReadableDb<T>(
  path: string,
  options: OpenOptions,
  work: (db: Db, snapshot: boolean) => T,
): T | null {
  const handle = openForReading(path, options);
  if (!handle) return null;
  try {
    return work(handle.db, handle.snapshot);
  } finally {
    handle.close();
  }
}

function openSnapshot(path: string, options: OpenOptions): ReadHandle {
  const dir = mkdtempSync(join(tmpdir(), 'memory-read-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const copy = join(dir, 'memory.db');
    try {
      linkSync(path, copy);
    } catch {
      // Another file system, or a link the kernel refuses: a copy reads the same.
      copyFileSync(path, copy);
    }
    // Committed rows not yet checkpointed live in the WAL: the snapshot reads them too.
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    const db = openDb(copy, { create: false, readonly: true, ...(options.oneShot ? { oneShot: true } : {}) });
    if (!db) throw new Error(`could not read ${path}`);
    db.pragma('query_only = ON');
    return {
      db,
      snapshot: true,
      close: () => {
        db.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * A consistent copy of an older file (VACUUM INTO reads it in one read transaction, whatever a hook
 * writes meanwhile), migrated in a private temp folder and then refused every write.
 */
function openMigratedCopy(path: string, options: OpenOptions): ReadHandle {
  const dir = mkdtempSync(join(tmpdir(), 'memory-read-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const copy = join(dir, 'memory.db');
    const source = openConnection(path, { fileMustExist: true, readonly: true });
    try {
      source.prepare('VACUUM INTO ?').run(copy);
    } finally {
      source.close();
    }
    const db = openDb(copy, { create: false, ...(options.oneShot ? { oneShot: true } : {}) });
    if (!db) throw new Error(`could not read ${path}`);
    db.pragma('query_only = ON');
    return {
      db,
      snapshot: true,
      close: () => {
        db.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/** SQLite could not open or write beside the file for lack of permission. */
function cannotWrite(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'EACCES' || code === 'EPERM')
  );
}
