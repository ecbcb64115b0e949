// A damaged SQLite header (the file's first 100 bytes) rebuilt on a scratch copy, so that repair can
// read the pages behind it: the magic string, page size, format bytes and size in pages, the fields
// nothing else in the file can be read without. Never writes to the damaged file itself.
import { closeSync, copyFileSync, existsSync, openSync, readSync, statSync, writeSync } from 'node:fs';

const MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1');
const HEADER_BYTES = 100;
const WAL_HEADER_BYTES = 32;
const PAGE_SIZES = [4096, 1024, 2048, 8192, 16384, 32768, 65536, 512];

/**
 * The page sizes worth trying, most likely first: the one the WAL's own header names when there is a
 * WAL (which the copy then carries), else every size SQLite allows that divides the file.
 */
export function pageSizeCandidates(source: string): { readonly sizes: readonly number[]; readonly wal: boolean } {
  const size = statSync(source, { throwIfNoEntry: false })?.size ?? 0;
  if (size < HEADER_BYTES * 2) return { sizes: [], wal: false };
  const fromWal = walPageSize(`${source}-wal`);
  if (fromWal !== null && size % fromWal === 0) return { sizes: [fromWal], wal: true };
  return { sizes: PAGE_SIZES.filter((pageSize) => size % pageSize === 0), wal: false };
}

/** Copies `source` (and its WAL when `wal`) to `scratch` and rebuilds the copy's header for `pageSize`. */
export function writeRebuiltCopy(source: string, scratch: string, pageSize: number, wal: boolean): void {
  copyFileSync(source, scratch);
  if (wal) copyFileSync(`${source}-wal`, `${scratch}-wal`);
  const size = statSync(scratch).size;
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(scratch, 'r+');
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0);
    MAGIC.copy(header, 0);
    header.writeUInt16BE(pageSize === 65536 ? 1 : pageSize, 16);
    // File format write/read versions: 2 reads through the WAL, 1 without one.
    header[18] = wal ? 2 : 1;
    header[19] = wal ? 2 : 1;
    header[20] = 0; // no bytes reserved at the end of each page
    header[21] = 64; // the payload fractions SQLite requires
    header[22] = 32;
    header[23] = 32;
    // The size in pages is trusted only when bytes 92-95 repeat the change counter (24-27).
    header.writeUInt32BE(size / pageSize, 28);
    header.copy(header, 92, 24, 28);
    const format = header.readUInt32BE(44);
    if (format < 1 || format > 4) header.writeUInt32BE(4, 44);
    const encoding = header.readUInt32BE(56);
    if (encoding < 1 || encoding > 3) header.writeUInt32BE(1, 56);
    writeSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
}

function walPageSize(wal: string): number | null {
  if (!existsSync(wal)) return null;
  const header = Buffer.alloc(WAL_HEADER_BYTES);
  let fd: number | null = null;
  try {
    fd = openSync(wal, 'r');
    if (readSync(fd, header, 0, WAL_HEADER_BYTES, 0) < WAL_HEADER_BYTES) return null;
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
  const magic = header.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return null;
  const pageSize = header.readUInt32BE(8);
  return PAGE_SIZES.includes(pageSize) ? pageSize : null;
}
