// `memory doctor`'s checks of the database's files and folder, before anything opens it: a full disk,
// a planted symlink or someone else's file beside it, what cannot be written, and who else can read it.
import { accessSync, constants, existsSync, lstatSync, readlinkSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { DISK_FULL_BYTES, freeBytes } from '../faults/faults.js';
import { cleanupMarkerPath, repairNotePath } from '../paths.js';
import { sidecarPaths } from '../db/sidecars.js';
import type { DbCheck } from './check.js';

/** Adds the check when the disk is full; true then. */
export function checkDisk(dir: string, checks: DbCheck[]): boolean {
  const free = freeBytes(dir);
  if (free === null || free >= DISK_FULL_BYTES) return false;
  checks.push({
    status: 'fail',
    message: `the disk holding ${dir} is full (${Math.floor(free / 1024)} KB free): new memories cannot be written and are kept for later`,
    fix: `free some space on that disk; nothing needs doing to the database, and the kept events are stored by the next tool call`,
  });
  return true;
}

/** -wal, -shm and our own files beside the database: never a symlink, never someone else's. */
export function checkPlantedFiles(dbPath: string): DbCheck[] {
  const checks: DbCheck[] = [];
  const uid = process.geteuid?.();
  for (const path of [...sidecarPaths(dbPath), cleanupMarkerPath(dbPath), repairNotePath(dbPath), `${dbPath}.spool`]) {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isSymbolicLink()) {
      checks.push({
        status: 'fail',
        message: `${path} is a symbolic link (to ${safeReadlink(path)}): the hooks refuse to write through it, so nothing is stored`,
        fix: `rm "${path}" (removes the link only; it is recreated as a plain file)`,
      });
    } else if (uid !== undefined && stat.uid !== uid) {
      checks.push({
        status: 'fail',
        message: `${path} belongs to another user (uid ${stat.uid}): the hooks cannot write it`,
        fix: `sudo chown "$(id -un)" "${path}"`,
      });
    }
  }
  return checks;
}

function safeReadlink(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}

/** Owner-writable file, -wal, -shm and folder; returns true when any is not. */
export function checkWritable(dbPath: string, checks: DbCheck[]): boolean {
  let failed = false;
  // A read-only file opened by SQLite leaves -wal and -shm with its mode: they need the chmod too.
  const readOnly = [dbPath, ...sidecarPaths(dbPath)].filter((path) => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    return stat?.isFile() && !ownerCanWrite(path, stat);
  });
  if (readOnly.length > 0) {
    checks.push({
      status: 'fail',
      message: `${readOnly.join(', ')} ${readOnly.length === 1 ? 'is' : 'are'} read-only: new memories cannot be stored and are kept for later`,
      fix: `chmod u+w ${readOnly.map((path) => `"${path}"`).join(' ')}`,
    });
    failed = true;
  }
  const blocked = unwritableFolder(dirname(dbPath));
  if (blocked) {
    checks.push({
      status: 'fail',
      message: `${blocked.path} ${blocked.why}: SQLite cannot create the database's -wal and -shm files there, so nothing is stored`,
      fix: `chmod u+w "${blocked.path}"`,
    });
    failed = true;
  }
  return failed;
}

export function unwritableFolder(dir: string): { path: string; why: string } | null {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) return null;
  return ownerCanWrite(dir, stat) ? null : { path: dir, why: 'is not writable' };
}

/** The owner's write bit, and for a non-root user what the kernel says (root writes regardless). */
function ownerCanWrite(path: string, stat: Stats): boolean {
  if ((stat.mode & 0o200) === 0) return false;
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export function existingAncestor(dir: string): string {
  let current = dir;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

export function checkPrivacy(dbPath: string): DbCheck[] {
  const checks: DbCheck[] = [];
  const loose = ['', '-wal', '-shm']
    .map((suffix) => `${dbPath}${suffix}`)
    .filter((path) => {
      const stat = lstatSync(path, { throwIfNoEntry: false });
      return stat?.isFile() && (stat.mode & 0o077) !== 0;
    });
  checks.push(
    loose.length === 0
      ? { status: 'ok', message: 'database file is private (0600)' }
      : {
          status: 'fail',
          message: `readable by other users: ${loose.map((path) => `${path} (${modeOf(path)})`).join(', ')}`,
          fix: `chmod 600 ${loose.map((path) => `"${path}"`).join(' ')}`,
        },
  );
  const dir = dirname(dbPath);
  const dirMode = statSync(dir).mode;
  checks.push(
    (dirMode & 0o022) === 0
      ? { status: 'ok', message: `${dir} is not group/world-writable (${modeOf(dir)})` }
      : {
          status: 'fail',
          message: `${dir} is writable by other users (${modeOf(dir)}): they could replace the database`,
          fix: `chmod go-w "${dir}"`,
        },
  );
  return checks;
}

function modeOf(path: string): string {
  return (statSync(path).mode & 0o777).toString(8).padStart(4, '0');
}
