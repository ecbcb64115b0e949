// Node 20's stand-in for Node's compile cache (module.enableCompileCache, 22.1 and newer): a bundle
// loaded through vm.Script with V8's code cache, kept in a folder of this user's own. Without it Node 20
// compiles the whole bundle in every short-lived process (what it saves: BENCHMARKS.md, "Node 20's code
// cache"). Anything wrong with the cache (a folder someone else owns, a full disk, an entry V8 rejects)
// costs only the compile it would have saved.
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * The cache folder: the system's temp folder (where Node's own cache goes), one per user, 0700. A
 * folder another user could write to is never read: a cache entry is code this process runs.
 */
export function codeCacheDir(): string | null {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  const dir = join(tmpdir(), `claude-memory-hooks-code-cache-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stats = lstatSync(dir);
    return stats.isDirectory() && stats.uid === uid && (stats.mode & 0o077) === 0 ? dir : null;
  } catch {
    return null;
  }
}

/** A short, stable name for a bundle's path (FNV-1a): two copies of one bundle keep entries apart. */
function pathKey(path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** What every entry of this copy of `bundle` starts with, whatever its Node or its version of the file. */
const prefixOf = (bundle: string): string => `${basename(bundle)}-${pathKey(bundle)}-`;

/**
 * The entry for `bundle` in this Node: V8 checks an entry's version and flags but not its source text,
 * so the name carries what tells one copy of a bundle from another (its size, time and inode).
 */
function entryFor(dir: string, bundle: string): string {
  const { size, mtimeMs, ino } = statSync(bundle);
  return join(dir, `${prefixOf(bundle)}${process.version}-${process.arch}-${size}-${mtimeMs}-${ino}.v8`);
}

function readEntry(entry: string): Buffer | undefined {
  try {
    return readFileSync(entry);
  } catch {
    return undefined;
  }
}

/**
 * Written whole under a name of this process's, then renamed: a reader never meets half an entry. The
 * bundle's older entries (another version of it, another Node) go, so upgrades leave nothing behind.
 */
function writeEntry(entry: string, prefix: string, data: Buffer): void {
  const part = `${entry}.${process.pid}`;
  try {
    const fd = openSync(part, 'wx', 0o600);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(part, entry);
    for (const name of readdirSync(dirname(entry)))
      if (name.startsWith(prefix) && name.endsWith('.v8') && join(dirname(entry), name) !== entry)
        rmSync(join(dirname(entry), name), { force: true });
  } catch {
    // A full disk or a folder gone: the next process compiles, as Node 20 always did.
  }
}

/**
 * Runs `bundle` (a CommonJS file) as require would, its compiled code read from the cache when an entry
 * is there and V8 takes it, else compiled. A new entry is written as the process exits, so it holds
 * every function the run compiled, not only the top level.
 */
export function requireWithCodeCache(bundle: string, dir: string): void {
  const entry = entryFor(dir, bundle);
  const cachedData = readEntry(entry);
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  if (cachedData === undefined || script.cachedDataRejected === true)
    process.once('exit', () => writeEntry(entry, prefixOf(bundle), script.createCachedData()));
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    dirname(bundle),
  );
}
