// The files SQLite keeps beside a database (-wal, -shm), and the refusal to open a database whose
// sidecar is a symlink: SQLite opens them with O_CREAT and follows links, so it would write into
// whatever file the link points at.
import { lstatSync, realpathSync } from 'node:fs';
import { UnsafePathError } from '../io/safe-fs.js';

export { UnsafePathError };

const SIDECARS = ['-wal', '-shm'] as const;

/** The -wal and -shm paths SQLite uses for `dbPath` (beside the real file when `dbPath` is a link). */
export function sidecarPaths(dbPath: string): string[] {
  let real = dbPath;
  try {
    // The native realpath(3): the JavaScript one lstat()s each folder of the path in turn, in every
    // hook that opens the database.
    real = realpathSync.native(dbPath);
  } catch {
    // Not there yet: SQLite will create the sidecars beside the path itself.
  }
  return SIDECARS.map((suffix) => `${real}${suffix}`);
}

export function assertNoSymlinkedSidecar(dbPath: string): void {
  for (const path of sidecarPaths(dbPath)) {
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink())
      throw new UnsafePathError(path, 'is a symbolic link');
  }
}
