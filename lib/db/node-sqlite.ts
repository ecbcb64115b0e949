// Node's built-in node:sqlite behind the part of better-sqlite3's API that lib/db/ uses (prepare,
// run/get/all/iterate, pluck, pragma, exec, transaction with .immediate, close), so the same code
// runs on it when the addon cannot load. Used only where it has FTS5 with trigram (official Node
// 22.16+ and 24 builds): without it the schema cannot be created and search cannot run.
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';

type Db = Database.Database;

/** The slice of node:sqlite this adapter calls (typed here: @types/node 20 does not know the module). */
interface NodeStatement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate?(...params: unknown[]): IterableIterator<unknown>;
  setAllowUnknownNamedParameters?(enabled: boolean): void;
}
interface NodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  function(
    name: string,
    options: { deterministic?: boolean; varargs?: boolean },
    fn: (...args: unknown[]) => unknown,
  ): void;
  close(): void;
  readonly isOpen?: boolean;
  readonly isTransaction?: boolean;
}
interface NodeSqliteModule {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean; open?: boolean }) => NodeDatabase;
}

let loaded: NodeSqliteModule | null | undefined;

/**
 * node:sqlite, loaded once. Node 22 prints an ExperimentalWarning the first time: every command line
 * we write quiets it with Node's own flag (NODE_FLAGS, lib/runtime/executables.ts).
 */
function nodeSqlite(): NodeSqliteModule | null {
  if (loaded !== undefined) return loaded;
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  try {
    loaded =
      typeof getBuiltin === 'function'
        ? ((getBuiltin.call(process, 'node:sqlite') as NodeSqliteModule | undefined) ?? null)
        : null;
  } catch {
    loaded = null;
  }
  return loaded;
}

/** Null when node:sqlite can hold our database here, else why not (one clause). */
export function nodeSqliteProblem(): string | null {
  const sqlite = nodeSqlite();
  if (!sqlite) return "Node's own node:sqlite is missing (it needs Node 22.13 or newer)";
  try {
    const db = new sqlite.DatabaseSync(':memory:');
    try {
      db.exec("CREATE VIRTUAL TABLE probe USING fts5 (body, tokenize = 'trigram')");
    } finally {
      db.close();
    }
    return null;
  } catch {
    return "Node's own node:sqlite lacks FTS5 with trigram (it needs Node 22.16 or newer)";
  }
}

/** Opens `path` with node:sqlite, shaped as a better-sqlite3 connection. */
export function openNodeSqlite(
  path: string,
  options: { readonly readonly?: boolean; readonly fileMustExist?: boolean },
): Db {
  const sqlite = nodeSqlite();
  if (!sqlite) throw new Error('node:sqlite is not available in this Node');
  if (options.fileMustExist && path !== ':memory:' && !existsSync(path)) {
    throw Object.assign(new Error(`unable to open database file: ${path}`), {
      name: 'SqliteError',
      code: 'SQLITE_CANTOPEN',
    });
  }
  const raw = translated(() => new sqlite.DatabaseSync(path, options.readonly ? { readOnly: true } : {}));
  return new NodeSqliteConnection(raw, path, options.readonly ?? false) as unknown as Db;
}

// SQLite's primary result codes by number, named as better-sqlite3 names them in `error.code`
// (lib/faults/faults.ts and isBusy read those names).
const RESULT_CODES = [
  'OK',
  'ERROR',
  'INTERNAL',
  'PERM',
  'ABORT',
  'BUSY',
  'LOCKED',
  'NOMEM',
  'READONLY',
  'INTERRUPT',
  'IOERR',
  'CORRUPT',
  'NOTFOUND',
  'FULL',
  'CANTOPEN',
  'PROTOCOL',
  'EMPTY',
  'SCHEMA',
  'TOOBIG',
  'CONSTRAINT',
  'MISMATCH',
  'MISUSE',
  'NOLFS',
  'AUTH',
  'FORMAT',
  'RANGE',
  'NOTADB',
];

/** Runs `work`, giving a node:sqlite error better-sqlite3's shape: `code` = `SQLITE_BUSY`, … */
function translated<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    const errcode = (error as { errcode?: unknown } | null)?.errcode;
    if (typeof errcode !== 'number' || !(error instanceof Error)) throw error;
    const name = RESULT_CODES[errcode & 0xff] ?? 'ERROR';
    throw Object.assign(new Error(error.message), { name: 'SqliteError', code: `SQLITE_${name}` });
  }
}

/** better-sqlite3 spreads arrays into positional parameters; node:sqlite takes them one by one. */
function flatten(params: readonly unknown[]): unknown[] {
  return params.flatMap((param) => (Array.isArray(param) ? param : [param]));
}

class NodeSqliteStatement {
  private plucked = false;
  constructor(private readonly statement: NodeStatement) {
    // better-sqlite3 ignores object keys the SQL does not name; node:sqlite refuses them unless told.
    statement.setAllowUnknownNamedParameters?.(true);
  }
  pluck(toggle = true): this {
    this.plucked = toggle;
    return this;
  }
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint } {
    const result = translated(() => this.statement.run(...flatten(params)));
    return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
  }
  get(...params: unknown[]): unknown {
    const row = translated(() => this.statement.get(...flatten(params)));
    return row === undefined || row === null ? undefined : this.shape(row);
  }
  all(...params: unknown[]): unknown[] {
    return translated(() => this.statement.all(...flatten(params))).map((row) => this.shape(row));
  }
  *iterate(...params: unknown[]): IterableIterator<unknown> {
    for (const row of this.all(...params)) yield row;
  }
  private shape(row: unknown): unknown {
    if (this.plucked) return Object.values(row as Record<string, unknown>)[0];
    // node:sqlite rows have a null prototype; better-sqlite3's are plain objects.
    return { ...(row as Record<string, unknown>) };
  }
}

class NodeSqliteConnection {
  private depth = 0;
  private closed = false;
  constructor(
    private readonly raw: NodeDatabase,
    readonly name: string,
    readonly readonly: boolean,
  ) {}

  get open(): boolean {
    return !this.closed;
  }
  get inTransaction(): boolean {
    return this.raw.isTransaction ?? this.depth > 0;
  }
  get memory(): boolean {
    return this.name === ':memory:';
  }
  prepare(sql: string): NodeSqliteStatement {
    return new NodeSqliteStatement(translated(() => this.raw.prepare(sql)));
  }
  exec(sql: string): this {
    translated(() => this.raw.exec(sql));
    return this;
  }
  /** As better-sqlite3's: a scalar SQL function (the search index triggers call some). */
  function(
    name: string,
    options: { deterministic?: boolean; varargs?: boolean },
    fn: (...args: never[]) => unknown,
  ): this {
    translated(() =>
      this.raw.function(
        name,
        { deterministic: options.deterministic ?? false, varargs: options.varargs ?? false },
        fn as (...args: unknown[]) => unknown,
      ),
    );
    return this;
  }
  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.prepare(`PRAGMA ${source}`).all() as Array<Record<string, unknown>>;
    if (!options.simple) return rows;
    const first = rows[0];
    return first === undefined ? undefined : Object.values(first)[0];
  }
  close(): this {
    if (!this.closed) this.raw.close();
    this.closed = true;
    return this;
  }
  /** As better-sqlite3's: a function that runs `work` in a transaction; nested ones become savepoints. */
  transaction<A extends unknown[], R>(
    work: (...args: A) => R,
  ): ((...args: A) => R) & Record<'deferred' | 'immediate' | 'exclusive', (...args: A) => R> {
    const run =
      (begin: string) =>
      (...args: A): R => {
        if (this.depth > 0) return this.savepoint(() => work(...args));
        this.exec(begin);
        this.depth++;
        try {
          const result = work(...args);
          this.exec('COMMIT');
          return result;
        } catch (error) {
          if (this.raw.isTransaction !== false) {
            try {
              this.exec('ROLLBACK');
            } catch {
              // SQLite may already have rolled back (a full disk, an interrupt): nothing left to undo.
            }
          }
          throw error;
        } finally {
          this.depth--;
        }
      };
    return Object.assign(run('BEGIN'), {
      deferred: run('BEGIN DEFERRED'),
      immediate: run('BEGIN IMMEDIATE'),
      exclusive: run('BEGIN EXCLUSIVE'),
    });
  }
  private savepoint<R>(work: () => R): R {
    const name = `memory_savepoint_${this.depth}`;
    this.exec(`SAVEPOINT ${name}`);
    this.depth++;
    try {
      const result = work();
      this.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.exec(`ROLLBACK TO ${name}`);
      this.exec(`RELEASE ${name}`);
      throw error;
    } finally {
      this.depth--;
    }
  }
}
