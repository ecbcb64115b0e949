// Read-mostly health checks of a memory database for `memory doctor`: SQLite and FTS5 integrity,
// journal mode, schema version, index row counts. Never creates, migrates or repairs anything.
import Database from 'better-sqlite3';
import { prepared, SCHEMA_VERSION } from './open.js';

export const FTS_TABLES = ['memories_fts', 'memories_trigram'] as const;

export interface FtsHealth {
  readonly table: (typeof FTS_TABLES)[number];
  /** null when the check passed, else SQLite's message. */
  readonly problem: string | null;
  readonly rows: number | null;
}

export interface DbHealth {
  /** `PRAGMA integrity_check` lines; `['ok']` when healthy. */
  readonly integrity: readonly string[];
  readonly journalMode: string;
  readonly schemaVersion: number;
  readonly expectedSchemaVersion: number;
  readonly memoryRows: number | null;
  readonly fts: readonly FtsHealth[];
}

/** Throws (SqliteError) when the file cannot be opened or read as a database at all. */
export function inspectDb(path: string): DbHealth {
  // Writable only because FTS5's integrity-check is spelled as an INSERT; it changes nothing.
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    const journalMode = String(db.pragma('journal_mode', { simple: true }));
    const schemaVersion = Number(db.pragma('user_version', { simple: true }));
    const memoryRows = count(db, 'memories');
    const fts = FTS_TABLES.map((table): FtsHealth => {
      try {
        prepared(db, `INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).run();
        return { table, problem: null, rows: count(db, table) };
      } catch (error) {
        return { table, problem: error instanceof Error ? error.message : String(error), rows: count(db, table) };
      }
    });
    return { integrity, journalMode, schemaVersion, expectedSchemaVersion: SCHEMA_VERSION, memoryRows, fts };
  } finally {
    db.close();
  }
}

export interface RowCounts {
  readonly memories: number;
  readonly errors: number;
  readonly summaries: number;
}

/** Row counts of a (scratch) database, to confirm a sample hook run stored what it should. */
export function rowCounts(path: string): RowCounts | null {
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: true, readonly: true });
  } catch {
    return null;
  }
  try {
    return {
      memories: count(db, 'memories') ?? 0,
      errors: Number((prepared(db, `SELECT count(*) AS n FROM memories WHERE type = 'error'`).get() as { n: number }).n),
      summaries: count(db, 'session_summaries') ?? 0,
    };
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/** SQL a person can paste into the sqlite3 shell to refill one FTS index from `memories`. */
export function ftsRebuildSql(table: (typeof FTS_TABLES)[number]): string {
  return table === 'memories_fts'
    ? "DELETE FROM memories_fts; INSERT INTO memories_fts (rowid, body, tags, file_path) SELECT id, content, tags, coalesce(file_path, '') FROM memories;"
    : 'DELETE FROM memories_trigram; INSERT INTO memories_trigram (rowid, body, tags) SELECT id, content, tags FROM memories;';
}

export const WAL_SQL = 'PRAGMA journal_mode=WAL';

function count(db: Database.Database, table: string): number | null {
  try {
    return Number((prepared(db, `SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  } catch {
    return null;
  }
}
