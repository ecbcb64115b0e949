// Which SQLite driver this Node can use, decided once per process: better-sqlite3's addon when it
// loads, else Node's own node:sqlite when it has FTS5, else none (the hooks then stay off and say
// why). Never loads an addon that would crash the process: a crash cannot be caught, an error can.
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { isPlugin } from '../runtime/own-files.js';
import { openNodeSqlite, nodeSqliteProblem } from './node-sqlite.js';

export type Db = Database.Database;

export interface ConnectionOptions {
  readonly readonly?: boolean;
  readonly fileMustExist?: boolean;
}

export type DriverName = 'better-sqlite3' | 'node:sqlite';

export type DriverState =
  | {
      readonly ok: true;
      readonly name: DriverName;
      readonly open: (path: string, options: ConnectionOptions) => Db;
      readonly addonProblem?: string;
    }
  | { readonly ok: false; readonly problem: string; readonly fix: string };

/**
 * The Node-API version the plugin's better-sqlite3 (13, prebuilt) needs. Loading it on an older Node
 * (20) is a segmentation fault, so the version is checked before the `require`. ./install.sh builds
 * better-sqlite3 12 for the Node it runs under: nothing to check there (0).
 */
const PLUGIN_ADDON_MIN_NAPI = 10;

function addonMinNapi(): number {
  return isPlugin() ? PLUGIN_ADDON_MIN_NAPI : 0;
}

/** Thrown by `openConnection` when no driver can be used: the message says what is missing. */
export class NoDriverError extends Error {
  override readonly name = 'NoDriverError';
  readonly code = 'NO_DRIVER';
}

let decided: DriverState | undefined;

/** The driver this process uses (decided on the first call, then the same answer). */
export function sqliteDriver(): DriverState {
  decided ??= decide();
  return decided;
}

/** Opens a connection through this process's driver; NoDriverError when there is none. */
export function openConnection(path: string, options: ConnectionOptions): Db {
  const driver = sqliteDriver();
  if (!driver.ok) throw new NoDriverError(`${driver.problem}; ${driver.fix}`);
  return driver.open(path, options);
}

/**
 * Whether Node's own node:sqlite goes before the addon: for the ./install.sh runtime, on Node 22 and
 * newer (where node:sqlite holds our database, nodeSqliteProblem() still decides). Two reasons:
 * - Speed: it is part of the Node binary, so a hook does not load and initialise a native addon. On
 *   Node 22 a stored Edit went from 1.57× to 0.96× the CommonJS floor, session-start from 2.03× to
 *   1.41×, a search from 2.11× to 1.53× (BENCHMARKS.md, "node:sqlite on Node 22").
 * - On Node 24 and newer, better-sqlite3 before 13 wraps its objects in node::ObjectWrap, whose
 *   destructor aborts the whole process when the garbage collector frees a connection or statement at
 *   the wrong moment (SIGABRT, `Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook;
 *   better-sqlite3 issue #1515, closed without a fix, gone in 13, which needs Node 22 and so is only
 *   the plugin's). A hook that aborts is a failed hook, whatever it had done.
 * The plugin keeps its better-sqlite3 13 first: 13 has no such abort, and it was not measured against
 * node:sqlite.
 */
export function builtinFirst(nodeVersion: string, addonMinNapi: number): boolean {
  return addonMinNapi === 0 && Number(nodeVersion.split('.')[0]) >= 22;
}

function decide(): DriverState {
  const major = Number(process.versions.node.split('.')[0]);
  if (builtinFirst(process.versions.node, addonMinNapi()) && nodeSqliteProblem() === null)
    return {
      ok: true,
      name: 'node:sqlite',
      open: openNodeSqlite,
      addonProblem:
        major >= 24
          ? `its SQLite addon (better-sqlite3 12) can abort Node ${major} when it frees a connection`
          : 'it starts faster than the SQLite addon',
    };
  const addonProblem = loadAddon();
  if (typeof addonProblem !== 'string') return { ok: true, name: 'better-sqlite3', open: addonProblem };
  const builtinProblem = nodeSqliteProblem();
  if (builtinProblem === null) return { ok: true, name: 'node:sqlite', open: openNodeSqlite, addonProblem };
  return {
    ok: false,
    problem: `under Node ${process.version}, ${addonProblem}, and ${builtinProblem}`,
    fix:
      addonMinNapi() > 0
        ? 'make Node 22.16 or newer the `node` on your PATH, then start a new session'
        : 'run ./install.sh again with this Node (it rebuilds better-sqlite3 for it), or use Node 22.16 or newer',
  };
}

/** better-sqlite3's constructor when its addon loads here, else why not (one clause). */
function loadAddon(): ((path: string, options: ConnectionOptions) => Db) | string {
  const napi = Number(process.versions.napi ?? 0);
  if (napi < addonMinNapi()) return `its SQLite addon (better-sqlite3) needs Node 22.14 or newer`;
  let Constructor: typeof Database;
  try {
    Constructor = requireBetterSqlite3();
    // The package loads its addon on the first construction: prove it here, not in a hook's open.
    new Constructor(':memory:').close();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'MODULE_NOT_FOUND') return 'its SQLite addon (better-sqlite3) is not installed';
    const message = error instanceof Error ? error.message : String(error);
    const first = message.split('\n')[0] ?? '';
    return /NODE_MODULE_VERSION|compiled against a different Node/.test(message)
      ? 'its SQLite addon (better-sqlite3) was built for another Node version'
      : `its SQLite addon (better-sqlite3) does not load (${first.slice(0, 160)})`;
  }
  return (path, options) =>
    new Constructor(path, { readonly: options.readonly ?? false, fileMustExist: options.fileMustExist ?? false });
}

/**
 * better-sqlite3 is a native addon: it stays outside the bundles, in the node_modules/ beside them, and
 * is loaded with a require made from this module's own place (a bundle's file, or tsc's dist/lib/db/).
 */
function requireBetterSqlite3(): typeof Database {
  return createRequire(import.meta.url)('better-sqlite3') as typeof Database;
}
