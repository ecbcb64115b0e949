// Copies every row that can still be read out of a damaged database into a new one, table by table
// and column by column, walking rowid tables by ranges and splitting a range that hits a bad page until
// only the unreadable rows are left behind. Reads the damaged file read-only; never changes it.
import { rmSync } from 'node:fs';
import { openConnection } from '../db/driver.js';
import { pageSizeCandidates, writeRebuiltCopy } from '../db/header.js';
import { openDb, type Db } from '../db/open.js';
import {
  columnsOf,
  estimateRows,
  highestRowid,
  isCorrupt,
  primaryKeyOf,
  quote,
  scan,
  SEARCH_INDEX_COUNTS,
  SEARCH_INDEX_TOPS,
  walk,
} from './damaged-file-queries.js';

export interface TableCopy {
  readonly table: string;
  readonly recovered: number;
  /** How many rows the damaged file held, as far as any of its structures can still tell; null when none can. */
  readonly estimated: number | null;
}

export interface CopyResult {
  /** False when not even the list of tables could be read: nothing was copied and `target` was not created. */
  readonly readable: boolean;
  /** Whether the file's first 100 bytes had to be rebuilt before anything could be read. */
  readonly headerRebuilt: boolean;
  readonly tables: readonly TableCopy[];
  readonly memories: number;
  /** The best estimate of how many memories the damaged file held (never below `memories`). */
  readonly estimatedMemories: number;
  readonly summaries: number;
}

// Filled again by the new file's triggers from the rows copied (counts, file tallies, the search
// indexes), or written by SQLite itself: copying them would only carry the damage over.
const DERIVED = new Set(['memory_counts', 'memory_files', 'search_index_build', 'sqlite_sequence']);

type Connection = Db;
type Row = Record<string, unknown>;

/**
 * Creates `target` (which must not exist) with the current schema and copies into it what `source`
 * still yields. Throws when `source` cannot be opened at all for a reason other than damage (a lock,
 * permissions).
 */
export function copyReadableRows(source: string, target: string): CopyResult {
  const scratch = `${target}.source`;
  try {
    let from = openSource(source);
    const headerRebuilt = from === null;
    from ??= withRebuiltHeader(source, scratch);
    if (!from)
      return { readable: false, headerRebuilt: false, tables: [], memories: 0, estimatedMemories: 0, summaries: 0 };
    try {
      return { ...copyInto(from, target), headerRebuilt };
    } finally {
      from.close();
    }
  } finally {
    removeFiles(scratch);
  }
}

function copyInto(from: Connection, target: string): Omit<CopyResult, 'headerRebuilt'> {
  const to = openDb(target, { create: true });
  if (!to) throw new Error(`could not create ${target}`);
  try {
    const tables = copyTables(from, to);
    const count = (name: string): TableCopy | undefined => tables.find((table) => table.table === name);
    const memories = count('memories')?.recovered ?? 0;
    return {
      readable: true,
      tables,
      memories,
      estimatedMemories: Math.max(memories, count('memories')?.estimated ?? 0),
      summaries: count('session_summaries')?.recovered ?? 0,
    };
  } finally {
    // A plain rollback-journal file: nothing of it is left in a -wal when it is renamed into place.
    to.pragma('journal_mode = DELETE');
    to.close();
  }
}

/** A read-only connection whose table list can be read; null when the file is too damaged for that. */
function openSource(path: string, readonly = true): Connection | null {
  let db: Connection | null = null;
  try {
    db = openConnection(path, { fileMustExist: true, readonly });
    db.pragma('busy_timeout = 5000');
    db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get();
    return db;
  } catch (error) {
    db?.close();
    if (!isCorrupt(error)) throw error;
    return null;
  }
}

interface SourceTable {
  readonly name: string;
  readonly sql: string;
  readonly withoutRowid: boolean;
}

function copyTables(from: Connection, to: Connection): TableCopy[] {
  const listed = readSchema(from);
  const copies: TableCopy[] = [];
  const work = to.transaction(() => {
    // Memories first: the other tables point at their ids.
    const ordered = [...listed].sort((a, b) => Number(b.name === 'memories') - Number(a.name === 'memories'));
    for (const table of ordered) {
      const copy = copyTable(from, to, table);
      if (copy) copies.push(copy);
    }
    keepSequences(from, to, copies);
  });
  work();
  return copies;
}

/** The ordinary tables of `from` (virtual tables, their shadow tables and derived ones left out). */
function readSchema(from: Connection): SourceTable[] {
  const rows = from
    .prepare(
      "SELECT t.name AS name, t.wr AS wr, m.sql AS sql FROM pragma_table_list t JOIN sqlite_master m ON m.name = t.name AND m.type = 'table' WHERE t.schema = 'main' AND t.type = 'table'",
    )
    .all() as Array<{ name: string; wr: number; sql: string | null }>;
  return rows
    .filter((row) => row.sql !== null && !row.name.startsWith('sqlite_') && !DERIVED.has(row.name))
    .map((row) => ({ name: row.name, sql: row.sql as string, withoutRowid: row.wr === 1 }));
}

function copyTable(from: Connection, to: Connection, table: SourceTable): TableCopy | null {
  const quoted = quote(table.name);
  // A table the current schema does not make (the team's, a legacy one) is made as the old file had it.
  if (columnsOf(to, table.name).length === 0) to.exec(table.sql);
  const targetColumns = new Set(columnsOf(to, table.name));
  const columns = columnsOf(from, table.name).filter((column) => targetColumns.has(column));
  if (columns.length === 0) return null;
  const insert = to.prepare(
    `INSERT OR IGNORE INTO ${quoted} (${columns.map(quote).join(', ')}) VALUES (${columns.map((_, i) => `@c${i}`).join(', ')})`,
  );
  let recovered = 0;
  const keep = (row: Row): void => {
    try {
      recovered += insert.run(row).changes;
    } catch {
      // A row whose cells came back mangled (a NULL where the schema forbids one) is not worth keeping.
    }
  };
  const select = `SELECT ${columns.map((column, i) => `${quote(column)} AS c${i}`).join(', ')} FROM ${quoted} NOT INDEXED`;
  if (table.withoutRowid) {
    const key = primaryKeyOf(from, table.name).map(quote);
    const order = key.length > 0 ? key : columns.map(quote);
    scan(from, `${select} ORDER BY ${order.join(', ')}`, keep);
    scan(from, `${select} ORDER BY ${order.map((column) => `${column} DESC`).join(', ')}`, keep);
  } else {
    const top = highestRowid(from, [
      `SELECT max(rowid) FROM ${quoted}`,
      `SELECT seq FROM sqlite_sequence WHERE name = ${literal(table.name)}`,
      ...(table.name === 'memories' ? SEARCH_INDEX_TOPS : []),
    ]);
    walk(from, `${select} WHERE rowid`, top, keep);
    // Rows above the highest rowid anything could tell (the table's last page unreadable).
    scan(from, `${select} WHERE rowid > ${top} ORDER BY rowid DESC`, keep);
  }
  const estimated = estimateRows(from, table.name, table.name === 'memories' ? SEARCH_INDEX_COUNTS : []);
  return { table: table.name, recovered, estimated: estimated === null ? null : Math.max(estimated, recovered) };
}

/** Ids of lost rows are not handed out again: each AUTOINCREMENT counter is kept at its highest. */
function keepSequences(from: Connection, to: Connection, copies: readonly TableCopy[]): void {
  let sequences: Array<{ name: string; seq: number }> = [];
  try {
    sequences = from.prepare('SELECT name, seq FROM sqlite_sequence').all() as typeof sequences;
  } catch {
    // Unreadable: the copied rows' own highest ids still hold their counters.
  }
  for (const { name, seq } of sequences) {
    if (!copies.some((copy) => copy.table === name) || typeof seq !== 'number') continue;
    const top = Math.max(seq, highestRowid(from, [`SELECT max(rowid) FROM ${quote(name)}`]));
    to.prepare(
      'INSERT INTO sqlite_sequence (name, seq) SELECT @name, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = @name)',
    ).run({ name });
    to.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?').run(top, name);
  }
}

/**
 * A copy of `source` at `scratch` with its header rebuilt (lib/db/header.ts), opened; null when no page
 * size gives a readable table list.
 */
function withRebuiltHeader(source: string, scratch: string): Connection | null {
  const { sizes, wal } = pageSizeCandidates(source);
  for (const pageSize of sizes) {
    removeFiles(scratch);
    writeRebuiltCopy(source, scratch, pageSize, wal);
    try {
      // A copy with its WAL is opened read-write: only a writer can rebuild the WAL index of a scratch file.
      const db = openSource(scratch, !wal);
      if (db && readSchema(db).length > 0) return db;
      db?.close();
    } catch {
      // Not even this page size gives a readable file.
    }
  }
  removeFiles(scratch);
  return null;
}

export function removeFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
