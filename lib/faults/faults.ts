// What went wrong with the database, told by error codes (never by message text): the one
// vocabulary the hooks' stderr line, the spool and `memory doctor` share.
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemoryError } from '../errors.js';
import { describeError } from '../narrow.js';

export type Fault = 'locked' | 'disk-full' | 'not-writable' | 'damaged' | 'unsafe-path' | 'too-new' | 'addon' | 'other';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Below this much free space SQLite cannot grow the file, its WAL or its -shm for long. */
export const DISK_FULL_BYTES = 1024 * 1024;

/** Free bytes for an ordinary user on the file system holding `dir`; null when unknown. */
export function freeBytes(dir: string): number | null {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/**
 * The cause of a database error. SQLite reports a -shm or WAL it could not grow on a full disk
 * as an I/O error (SQLITE_IOERR_SHMSIZE, _WRITE…); given the database's path, the free space
 * on its disk tells those apart.
 */
export function faultOf(error: unknown, dbPath?: string): Fault {
  const code = codeOf(error);
  if (code.startsWith('SQLITE_IOERR') && dbPath !== undefined) {
    const free = freeBytes(dirname(dbPath));
    if (free !== null && free < DISK_FULL_BYTES) return 'disk-full';
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'locked';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT') return 'disk-full';
  if (
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_PERM') ||
    code.startsWith('SQLITE_AUTH')
  )
    return 'not-writable';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR') return 'not-writable';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'damaged';
  if (code === 'UNSAFE_PATH') return 'unsafe-path';
  if (code === 'SCHEMA_TOO_NEW') return 'too-new';
  if (code === 'ERR_DLOPEN_FAILED') return 'addon';
  return 'other';
}

/** The cause in the user's words, for a hook's one stderr line. */
export const FAULT_WORDS: Readonly<Record<Fault, string>> = {
  locked: 'the database is locked by another process',
  'disk-full': 'the disk is full',
  'not-writable': 'the database or its folder is not writable',
  damaged: 'the database file is damaged',
  'unsafe-path': 'a file beside the database is unsafe',
  'too-new': 'the database is from a newer version',
  addon: 'the SQLite driver does not load in this Node',
  other: 'the database could not be written',
};

/**
 * A command's error as the user should read it: a damaged file, whichever command met it (told by
 * SQLite's error code), names `memory doctor`; anything else is left as it is.
 */
export function withDamageHint(error: unknown, dbPath: string): unknown {
  if (faultOf(error, dbPath) !== 'damaged') return error;
  return new MemoryError(
    `${dbPath} is damaged (${describeError(error)}); run memory doctor to see what can be recovered`,
  );
}
