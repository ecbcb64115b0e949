// The reads that still work on a damaged database: rows by rowid ranges, a range that hits a bad page split
// down to single rows; a scan kept up to its first bad page; the highest rowid, the row counts, the columns and
// keys any surviving structure can still tell. recover-queries.ts copies with them. Never writes.
import type { Db, Statement } from '../db/open.js';

type Connection = Db;
type Row = Record<string, unknown>;

const RANGE = 256;

const SEARCH_INDEXES = ['memory_words', 'memory_grams', 'memories_fts', 'memories_trigram'];
export const SEARCH_INDEX_TOPS = SEARCH_INDEXES.map((name) => `SELECT max(id) FROM ${name}_docsize`);
export const SEARCH_INDEX_COUNTS = SEARCH_INDEXES.map((name) => `SELECT count(*) FROM ${name}_docsize`);

/**
 * Copies rows 1..top in ranges; a range that cannot be read is split down to single rows, read by
 * `= ?` (a range scan also steps onto the next page to find its end, which may be the bad one).
 */
export function walk(from: Connection, selectWhereKey: string, top: number, keep: (row: Row) => void): void {
  let range: Statement;
  let single: Statement;
  try {
    range = from.prepare(`${selectWhereKey} BETWEEN ? AND ?`);
    single = from.prepare(`${selectWhereKey} = ?`);
  } catch (error) {
    // The table's definition itself is unreadable: nothing of it can be found.
    if (isCorrupt(error)) return;
    throw error;
  }
  const copyRange = (low: number, high: number): void => {
    let rows: Row[];
    try {
      rows = (low === high ? single.all(low) : range.all(low, high)) as Row[];
    } catch (error) {
      if (!isCorrupt(error) || low === high) return;
      const middle = Math.floor((low + high) / 2);
      copyRange(low, middle);
      copyRange(middle + 1, high);
      return;
    }
    for (const row of rows) keep(row);
  };
  for (let low = 1; low <= top; low += RANGE) copyRange(low, Math.min(top, low + RANGE - 1));
}

/** Keeps the rows a scan yields until it reaches a page it cannot read. */
export function scan(from: Connection, sql: string, keep: (row: Row) => void): void {
  try {
    for (const row of from.prepare(sql).iterate()) keep(row as Row);
  } catch (error) {
    if (!isCorrupt(error)) throw error;
  }
}

/** The highest rowid any of `queries` can still tell (0 when none can). */
export function highestRowid(db: Connection, queries: readonly string[]): number {
  return bestOf(db, queries) ?? 0;
}

function bestOf(db: Connection, queries: readonly string[]): number | null {
  let best: number | null = null;
  for (const sql of queries) {
    try {
      const value = Number(db.prepare(sql).pluck().get() ?? 0);
      best = Math.max(best ?? 0, value);
    } catch {
      // That page is damaged too (or the structure does not exist); another source may know.
    }
  }
  return best;
}

/** Row counts the damaged file can still give: the table itself, each of its indexes, `extra`. */
export function estimateRows(db: Connection, table: string, extra: readonly string[]): number | null {
  const queries = [`SELECT count(*) FROM ${quote(table)} NOT INDEXED`, ...extra];
  try {
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?")
      .pluck()
      .all(table) as string[];
    for (const name of indexes) queries.push(`SELECT count(*) FROM ${quote(table)} INDEXED BY ${quote(name)}`);
  } catch {
    // The schema page itself is unreadable: the table's own count still tries.
  }
  return bestOf(db, queries);
}

export function columnsOf(db: Connection, table: string): string[] {
  try {
    return db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(table) as string[];
  } catch {
    return [];
  }
}

export function primaryKeyOf(db: Connection, table: string): string[] {
  try {
    return db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk').pluck().all(table) as string[];
  } catch {
    return [];
  }
}

export const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export function isCorrupt(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
