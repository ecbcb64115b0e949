// Small health reads of a memory database: the daily quick_check, and the row counts doctor's
// sample hook runs confirm. Never creates, migrates or repairs anything.
import type Database from 'better-sqlite3';
import { openConnection } from './driver.js';
import { prepared } from './open.js';

/**
 * `PRAGMA quick_check` lines (`['ok']` when healthy). SQLite throws instead of listing when it
 * cannot read a page at all: that message is the finding then.
 */
export function quickCheck(db: Database.Database): string[] {
  try {
    return (db.pragma('quick_check') as { quick_check: string }[]).map((row) => row.quick_check);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) {
      return [`${code}: ${(error as Error).message}`];
    }
    throw error;
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
    db = openConnection(path, { fileMustExist: true, readonly: true });
  } catch {
    return null;
  }
  try {
    return {
      memories: count(db, 'memories') ?? 0,
      errors: Number(
        (prepared(db, `SELECT count(*) AS n FROM memories WHERE type = 'error'`).get() as { n: number }).n,
      ),
      summaries: count(db, 'session_summaries') ?? 0,
    };
  } catch {
    return null;
  } finally {
    db.close();
  }
}

function count(db: Database.Database, table: string): number | null {
  try {
    return Number((prepared(db, `SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  } catch {
    return null;
  }
}
