// The MCP server's one handle on the database: opened `query_only` on first use, never created,
// reopened when the file is replaced (moved aside, restored), and store failures turned into one
// sentence for the model. Loaded lazily so the `initialize` handshake never pays for SQLite.
import { statSync } from 'node:fs';
import { isBusy, StoreError, type Db } from '../db/open.js';
import { openForReading, type ReadHandle } from '../db/read-only.js';

/** A failure the model should see as a tool error: what happened and what the user can do. */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
}

export class MemoryReader {
  private handle: ReadHandle | null = null;
  private identity = '';

  constructor(readonly dbPath: string) {}

  /** Runs `work` on the database; null when there is no database file (yet). */
  read<T>(work: (db: Db) => T): T | null {
    try {
      const db = this.connection();
      return db === null ? null : work(db);
    } catch (error) {
      // A damaged or replaced file must not stay open: the next call starts from scratch.
      this.close();
      throw unavailable(error, this.dbPath);
    }
  }

  close(): void {
    const handle = this.handle;
    this.handle = null;
    this.identity = '';
    handle?.close();
  }

  private connection(): Db | null {
    const stat = statSync(this.dbPath, { throwIfNoEntry: false });
    if (!stat) {
      this.close();
      return null;
    }
    const identity = `${stat.dev}:${stat.ino}`;
    if (this.handle && identity === this.identity) return this.handle.db;
    this.close();
    // A database this user cannot write beside (a read-only home) is read from a snapshot.
    this.handle = openForReading(this.dbPath, { create: false, queryOnly: true });
    this.identity = identity;
    return this.handle?.db ?? null;
  }
}

const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_INDEX']);

function unavailable(error: unknown, dbPath: string): StoreUnavailable {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (isBusy(error))
    return new StoreUnavailable(`the memory database is locked by another process (${code}); try again in a moment`);
  if (DAMAGED.has(code))
    return new StoreUnavailable(
      `the memory database at ${dbPath} is damaged or not a database (${code}); the user can run \`memory doctor\` to see how to repair it`,
    );
  if (error instanceof StoreError) return new StoreUnavailable(`${error.message} (\`memory doctor\` explains)`);
  if (code.startsWith('SQLITE_') || code.startsWith('E')) {
    return new StoreUnavailable(
      `the memory database at ${dbPath} cannot be read (${code}); the user can run \`memory doctor\``,
    );
  }
  return new StoreUnavailable(
    `reading the memory database failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}
