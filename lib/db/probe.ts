// Read-only facts about a memory database for `memory doctor`: can it be opened, its schema,
// journal mode, integrity, and whether each search index answers for the newest memories.
// Reads only (query_only): no INSERT, not even FTS5's integrity-check command.
import type Database from 'better-sqlite3';
import { openConnection } from './driver.js';
import { quickCheck } from './health.js';
import { SCHEMA_VERSION } from './open.js';

export const FTS_TABLES = ['memories_fts', 'memories_trigram'] as const;
export type FtsTable = (typeof FTS_TABLES)[number];

export interface IndexProbe {
  readonly table: FtsTable;
  readonly rows: number | null;
  /** null when the index holds one row per memory and finds the newest ones; else what is wrong. */
  readonly problem: string | null;
}

export interface DbFacts {
  readonly schemaVersion: number;
  readonly expectedSchemaVersion: number;
  readonly journalMode: string;
  /** `PRAGMA integrity_check` lines, `['ok']` when healthy; a read error is a finding too. */
  readonly integrity: readonly string[];
  readonly memoryRows: number | null;
  readonly indexes: readonly IndexProbe[];
}

export type ProbeResult = { readonly opened: true; readonly facts: DbFacts } | { readonly opened: false; readonly error: unknown };

/** How many of the newest memories each index is asked to find. */
const SAMPLE = 20;

export function probeDb(path: string, busyTimeoutMs = 1500): ProbeResult {
  let db: Database.Database;
  try {
    // Not `readonly: true`: a read-only connection leaves behind the -wal and -shm it had to create,
    // which the last read-write connection removes on close. query_only forbids every write.
    db = openConnection(path, { fileMustExist: true });
  } catch (error) {
    return { opened: false, error };
  }
  try {
    db.pragma('query_only = 1');
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // The first read: a lock, a wrong file or a damaged header show up here.
    const schemaVersion = Number(db.pragma('user_version', { simple: true }));
    const journalMode = String(db.pragma('journal_mode', { simple: true }));
    if (schemaVersion > SCHEMA_VERSION) {
      return { opened: true, facts: { schemaVersion, expectedSchemaVersion: SCHEMA_VERSION, journalMode, integrity: ['ok'], memoryRows: null, indexes: [] } };
    }
    const integrity = integrityCheck(db);
    const memoryRows = count(db, 'memories');
    const indexes = FTS_TABLES.map((table) => probeIndex(db, table, memoryRows));
    return { opened: true, facts: { schemaVersion, expectedSchemaVersion: SCHEMA_VERSION, journalMode, integrity, memoryRows, indexes } };
  } catch (error) {
    return { opened: false, error };
  } finally {
    db.close();
  }
}

function integrityCheck(db: Database.Database): string[] {
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
  } catch (error) {
    if (isCorrupt(error)) return quickCheck(db);
    throw error;
  }
}

function isCorrupt(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

function probeIndex(db: Database.Database, table: FtsTable, memoryRows: number | null): IndexProbe {
  let rows: number | null = null;
  try {
    rows = count(db, table);
    if (memoryRows !== null && rows !== memoryRows) {
      return { table, rows, problem: `holds ${rows} rows for ${memoryRows} memories: search misses or repeats results` };
    }
    const newest = db.prepare(`SELECT id, content FROM memories ORDER BY id DESC LIMIT ${SAMPLE}`).all() as { id: number; content: string }[];
    const find = db.prepare(`SELECT 1 FROM ${table} WHERE ${table} MATCH ? AND rowid = ?`);
    for (const memory of newest) {
      const term = probeTerm(memory.content, table);
      if (term && !find.get(`"${term}"`, memory.id)) {
        return { table, rows, problem: `does not find memory #${memory.id} by "${term}": search misses results` };
      }
    }
    return { table, rows, problem: null };
  } catch (error) {
    return { table, rows, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** A word of the content each tokenizer must find: a whole ASCII word, or three of its letters. */
function probeTerm(content: string, table: FtsTable): string | null {
  const word = /[A-Za-z0-9]{3,}/.exec(content)?.[0];
  if (!word) return null;
  return table === 'memories_trigram' ? word.slice(0, 3) : word;
}

function count(db: Database.Database, table: string): number | null {
  try {
    return Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  } catch {
    return null;
  }
}

/** SQL a person can paste into the sqlite3 shell to refill one FTS index from `memories`. */
export function ftsRebuildSql(table: FtsTable): string {
  return table === 'memories_fts'
    ? "DELETE FROM memories_fts; INSERT INTO memories_fts (rowid, body, tags, file_path) SELECT id, content, tags, coalesce(file_path, '') FROM memories;"
    : 'DELETE FROM memories_trigram; INSERT INTO memories_trigram (rowid, body, tags) SELECT id, content, tags FROM memories;';
}

export const WAL_SQL = 'PRAGMA journal_mode=WAL';
