// Opens the one shared SQLite file: owner-only permissions, WAL, busy timeout, forward migrations;
// the statement cache and the transaction helpers every other lib/db/ module uses.
// Never deletes, truncates or replaces an existing file, however broken: someone's history is in it.
import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { activeDeadline, sinceStartMs } from './deadline.js';
import { openConnection } from './driver.js';
import { registerIndexFunctions } from './index-functions.js';
import { assertNoSymlinkedSidecar } from './sidecars.js';
import {
  LEGACY_MEMORIES_COPY,
  LEGACY_SUMMARIES_COPY,
  LEGACY_SUMMARIES_RENAME,
  LEGACY_TABLE_RENAMES,
} from './legacy-schema.js';
import { HOLD_SESSIONS, MIGRATIONS, TOMBSTONES_SINCE } from './schema.js';

export type Db = Database.Database;
/** A prepared statement, for the subjects' queries modules (they never import the driver). */
export type { Statement };

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface OpenOptions {
  /** Create the file (and its directory) when missing; readers pass false and get null instead. */
  readonly create: boolean;
  readonly readonly?: boolean;
  /** Read-write handle that refuses every write (`query_only`): no WAL switch, no migration. */
  readonly queryOnly?: boolean;
  /** A process that reads scattered rows once and exits (a search, recall): see ONE_SHOT_CACHE_PAGES. */
  readonly oneShot?: boolean;
}

/**
 * SQLite's page cache for a one-shot reader. A search or recall reads a few hundred scattered pages
 * (1,000 hits' document sizes, 400 rows' ordering columns) once, and every page SQLite caches is fresh
 * memory the kernel must fault in. A small cache reuses its buffers and still holds the trees' upper
 * pages, which every lookup passes through (its gain is in BENCHMARKS.md). Writers and the servers
 * that answer many queries keep the driver's default (better-sqlite3 builds SQLite with a large
 * cache): a big write transaction would spill to the WAL early, and a server reads pages again.
 */
export const ONE_SHOT_CACHE_PAGES = 32;

/** Opens and migrates the database; null when it does not exist and `create` is false. */
export function openDb(path: string, options: OpenOptions): Db | null {
  if (!existsSync(path)) {
    if (!options.create) return null;
    createPrivateFile(path);
  } else if (!options.readonly) {
    privatizeEmptyFile(path);
  }
  // SQLite opens <db>-wal and <db>-shm with O_CREAT and follows links: it would write into the target.
  assertNoSymlinkedSidecar(path);
  const deadline = activeDeadline();
  const db = openConnection(path, { fileMustExist: true, readonly: options.readonly ?? false });
  try {
    registerIndexFunctions(db);
    // busy_timeout first: switching to WAL and migrating both need locks other processes may hold.
    // A hook waits no longer than its deadline; the CLI waits the usual 5 s.
    db.pragma(`busy_timeout = ${deadline ? Math.max(1, Math.min(5000, deadline.remainingMs())) : 5000}`);
    if (options.oneShot) db.pragma(`cache_size = ${ONE_SHOT_CACHE_PAGES}`);
    if (options.queryOnly) {
      // Not SQLITE_OPEN_READONLY: a read-only handle cannot create the WAL index a reader needs.
      db.pragma('query_only = ON');
      assertSchemaReadable(db);
    } else if (!options.readonly) {
      ensureWal(db);
      db.pragma('synchronous = NORMAL');
      migrate(db);
    } else {
      assertSchemaReadable(db);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens the database, runs `work` and always closes it. Null when the file does not exist and
 * `create` is false (so `work` itself should not return null).
 */
export function withDb<T>(path: string, options: OpenOptions, work: (db: Db) => T): T | null {
  const db = openDb(path, options);
  if (!db) return null;
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function createPrivateFile(path: string): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  // SQLite gives -wal and -shm the permissions of the main file, so 0600 here covers all three.
  closeSync(openSync(path, 'a', 0o600));
}

/** An empty file someone created at our path (touch, a 0644 umask) becomes ours: 0600 like a new one. */
function privatizeEmptyFile(path: string): void {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat?.isFile() && stat.size === 0 && stat.uid === process.geteuid?.() && (stat.mode & 0o077) !== 0)
    chmodSync(path, 0o600);
}

/** Ends the switch-to-WAL retries: a lock held this long is not a race between openers. */
const WAL_SWITCH_MAX_MS = 1000;

function ensureWal(db: Db): void {
  // Reading the mode of a database that is already WAL (every one after its first open) takes no
  // write lock, so only a brand-new file ever tries to switch.
  if (String(db.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal') return;
  const deadline = activeDeadline();
  const giveUpAt = sinceStartMs() + Math.min(WAL_SWITCH_MAX_MS, deadline ? deadline.remainingMs() : WAL_SWITCH_MAX_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (String(mode).toLowerCase() === 'wal') return;
      throw new StoreError(`could not switch the database to WAL (journal_mode is ${String(mode)})`, 'NO_WAL');
    } catch (error) {
      // Switching modes reports SQLITE_BUSY without waiting while other processes open the new
      // file: retry briefly, bounded in time, never once per busy timeout.
      if (isBusy(error) && sinceStartMs() < giveUpAt) {
        sleepMs(10 + Math.min(attempt, 10) * 5);
        continue;
      }
      throw error;
    }
  }
}

export const SCHEMA_VERSION = MIGRATIONS.length;

const migratedHere = new WeakSet<Db>();

/** Whether this connection ran a migration when it opened: such a process has spent its spare time. */
export function migratedOnOpen(db: Db): boolean {
  return migratedHere.has(db);
}

function migrate(db: Db): void {
  if (userVersion(db) === SCHEMA_VERSION) return;
  migratedHere.add(db);
  db.transaction(() => {
    // Re-read inside the write lock: another hook may have migrated while we waited.
    const current = userVersion(db);
    if (current > SCHEMA_VERSION) {
      throw tooNew(current);
    }
    const legacy = current === 0 && hasTable(db, 'memories');
    const legacySummaries = legacy && hasTable(db, 'session_summaries');
    if (legacy) {
      // The old triggers write to the FTS tables dropped below: they go first.
      dropAll(db, 'TRIGGER', "type = 'trigger'");
      db.exec(LEGACY_TABLE_RENAMES);
      if (legacySummaries) db.exec(LEGACY_SUMMARIES_RENAME);
      // Their indexes moved with them and may carry the names v1 is about to create.
      dropAll(db, 'INDEX', "type = 'index' AND sql IS NOT NULL AND tbl_name LIKE 'legacy_%'");
    }
    for (let version = current; version < SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version] as string);
    if (legacy) db.exec(LEGACY_MEMORIES_COPY);
    if (legacySummaries) db.exec(LEGACY_SUMMARIES_COPY);
    if (current < TOMBSTONES_SINCE) db.exec(HOLD_SESSIONS);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/** Drops every schema object of `kind` that `where` selects from sqlite_master. */
function dropAll(db: Db, kind: 'TRIGGER' | 'INDEX', where: string): void {
  const names = db.prepare(`SELECT name FROM sqlite_master WHERE ${where}`).pluck().all() as string[];
  for (const name of names) db.exec(`DROP ${kind} "${name.replaceAll('"', '""')}"`);
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function assertSchemaReadable(db: Db): void {
  const current = userVersion(db);
  if (current > SCHEMA_VERSION) throw tooNew(current);
  // Readers that can read a migrated copy instead (lib/db/read-only.ts) catch this one.
  if (current < SCHEMA_VERSION) {
    throw new StoreError(
      `database schema v${current} needs migrating; \`memory doctor --repair\` migrates it (so does the next captured tool call)`,
      'SCHEMA_OLD',
    );
  }
}

/** A file a newer build wrote: this one leaves it as it is, and says how to get back to the newer build. */
function tooNew(current: number): StoreError {
  return new StoreError(
    `database schema v${current} is newer than this claude-memory-hooks (v${SCHEMA_VERSION}), which leaves it as it is: ` +
      'install the newer version again',
    'SCHEMA_TOO_NEW',
  );
}

function userVersion(db: Db): number {
  return Number(db.pragma('user_version', { simple: true }));
}

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
export function sleepMs(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/**
 * Runs `work` in one IMMEDIATE transaction. Transactions opened inside it (MemoryStore.insert's)
 * become savepoints, so a batch of inserts costs one commit.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return withBusyRetry(() => db.transaction(work).immediate());
}

// Statements compiled once per connection: a hook prepares each on first use, and a long-lived caller
// (the benchmarks, a future server) searches many times; compiling an FTS query costs about as much
// as running a small one. Every static statement of the storage core and the queries modules goes through here.
const statementCache = new WeakMap<Db, Map<string, Statement>>();

export function prepared(db: Db, sql: string): Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/**
 * Runs a write transaction, retrying when the busy timeout expired under extreme contention.
 * Under a hook's deadline the busy timeout already spent the time there was: no retry.
 */
export function withBusyRetry<T>(work: () => T, attempts = 5): T {
  if (activeDeadline()) attempts = 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return work();
    } catch (error) {
      if (attempt >= attempts || !isBusy(error)) throw error;
      sleepMs(25 * attempt + Math.floor(Math.random() * 50));
    }
  }
}
