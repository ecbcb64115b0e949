// Run-wide setup in vitest's main process, before any worker starts: where the run's temp files go.
//
// The tests make thousands of short-lived files and folders (sandboxes, SQLite databases, runtime
// copies, a PostgreSQL database per team test). On this project's 2-core machine /tmp is ext4, where
// creating a file after many deletions scans the inode bitmaps (find_inode_bit, recently_deleted):
// about a third of the team tests' PostgreSQL time and ~15 % of the suite's wall time went there.
// So, unless the caller chose a TMPDIR, the run's temp files go to a fresh folder on the RAM file
// system (/dev/shm, as /tmp is on many distributions) when it has room for them, removed at the end.
// What the tests prove does not change: real files on a real POSIX file system either way.
import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

const RAM_FS = '/dev/shm';
/** What the run may need at once (a 100 MB transcript, runtime copies, the PostgreSQL cluster), with room to spare. */
const ROOM_BYTES = 2 * 1024 ** 3;

export default function setup(): (() => void) | undefined {
  if (process.env['TMPDIR']) return undefined;
  const dir = ramTempDir();
  if (!dir) return undefined;
  // Workers are started after this and inherit it; so do the processes the tests spawn.
  process.env['TMPDIR'] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

function ramTempDir(): string | null {
  try {
    const fs = statfsSync(RAM_FS);
    if (fs.bavail * fs.bsize < ROOM_BYTES) return null;
    // No word a test searches for in the name: stored file paths are searched and ranked too (a
    // `cmh-tests-` folder made "test" a word of every row, and no longer a rare one).
    const dir = mkdtempSync(join(RAM_FS, 'cmh-'));
    // Like /tmp: anyone may make a folder of their own in it (PostgreSQL runs as `postgres` under root).
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return null;
  }
}
