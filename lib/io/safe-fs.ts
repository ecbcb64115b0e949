// Files and folders this package creates beside the database: owner-only (0600 files, 0700
// folders), written through a fresh temp file and renamed, never opened through a symlink.
import {
  closeSync,
  constants,
  fstatSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

function ownUid(): number | undefined {
  return process.geteuid?.();
}

/** Creates `dir` (0700) or checks the existing one is a real folder of ours that nobody else can write. */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink() || !stat.isDirectory()) throw new UnsafePathError(dir, 'is not a folder');
  const uid = ownUid();
  if (uid !== undefined && stat.uid !== uid)
    throw new UnsafePathError(dir, `belongs to another user (uid ${stat.uid})`);
  if ((stat.mode & 0o077) !== 0)
    throw new UnsafePathError(dir, `is open to other users (${(stat.mode & 0o777).toString(8)})`);
}

/** A path we will not write through: a symlink, another user's file, or a folder others can write. */
export class UnsafePathError extends Error {
  override readonly name = 'UnsafePathError';
  readonly code = 'UNSAFE_PATH';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path} ${reason}`);
  }
}

let writes = 0;

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Writes `path` whole or not at all: a new 0600 temp file beside it (O_EXCL, O_NOFOLLOW), then a
 * rename, which replaces a symlink at `path` rather than writing into its target.
 */
export function writeFileAtomic(path: string, data: string, mtime?: Date): void {
  // Unique without randomness: no other live process has this pid, a dead one's leftover has another
  // start time, and O_EXCL refuses to write into anything that is already there.
  writes += 1;
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now().toString(36)}.${writes}.tmp`);
  const fd = openSync(temp, CREATE_FLAGS, 0o600);
  try {
    try {
      writeSync(fd, data);
      if (mtime) futimesSync(fd, mtime, mtime);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Already renamed or never created.
    }
    throw error;
  }
}

/** Reads a regular file of at most `maxBytes` without following a symlink; null when it is anything else. */
export function readRegularFile(path: string, maxBytes: number): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return null;
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** mtime of a regular file at `path` (not through a link), or null. */
export function regularFileMtime(path: string): number | null {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  return stat?.isFile() ? stat.mtimeMs : null;
}
