// Read-only facts about a memory database for `memory doctor`: can it be opened, its schema,
// journal mode, integrity, and whether each search index answers for the newest memories.
// Reads only (query_only): no INSERT, not even FTS5's integrity-check command.
import type Database from 'better-sqlite3';
import { openConnection } from './driver.js';
import { quickCheck } from './health.js';
import { SCHEMA_VERSION } from './open.js';

export const FTS_TABLES = ['memory_words', 'memory_grams'] as const;
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
  /** Memories the batch indexer has not reached yet since the upgrade (search scans them meanwhile). */
  readonly unindexed: number;
  readonly indexes: readonly IndexProbe[];
}

export type ProbeResult =
  { readonly opened: true; readonly facts: DbFacts } | { readonly opened: false; readonly error: unknown };

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
      return {
        opened: true,
        facts: {
          schemaVersion,
          expectedSchemaVersion: SCHEMA_VERSION,
          journalMode,
          integrity: ['ok'],
          memoryRows: null,
          unindexed: 0,
          indexes: [],
        },
      };
    }
    const integrity = integrityCheck(db);
    const memoryRows = count(db, 'memories');
    // An older schema has other index tables: the next hook migrates it, and the index check waits.
    if (schemaVersion < SCHEMA_VERSION) {
      return {
        opened: true,
        facts: {
          schemaVersion,
          expectedSchemaVersion: SCHEMA_VERSION,
          journalMode,
          integrity,
          memoryRows,
          unindexed: 0,
          indexes: [],
        },
      };
    }
    const pending = pendingTo(db);
    const unindexed =
      pending === null ? 0 : Number(db.prepare('SELECT count(*) FROM memories WHERE id <= ?').pluck().get(pending));
    const indexes = FTS_TABLES.map((table) =>
      probeIndex(db, table, memoryRows === null ? null : memoryRows - unindexed, pending ?? 0),
    );
    return {
      opened: true,
      facts: {
        schemaVersion,
        expectedSchemaVersion: SCHEMA_VERSION,
        journalMode,
        integrity,
        memoryRows,
        unindexed,
        indexes,
      },
    };
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

function pendingTo(db: Database.Database): number | null {
  const row = db.prepare('SELECT pending_to FROM search_index_build WHERE id = 1').pluck().get() as number | undefined;
  return row ?? null;
}

function probeIndex(db: Database.Database, table: FtsTable, memoryRows: number | null, pendingTo: number): IndexProbe {
  let rows: number | null = null;
  try {
    rows = count(db, table);
    if (memoryRows !== null && rows !== memoryRows) {
      return {
        table,
        rows,
        problem: `holds ${rows} rows for ${memoryRows} memories: search misses or repeats results`,
      };
    }
    const newest = db
      .prepare(`SELECT id, content FROM memories WHERE id > ? ORDER BY id DESC LIMIT ${SAMPLE}`)
      .all(pendingTo) as { id: number; content: string }[];
    // The id cast: FTS5 seeks to an INTEGER rowid only (a bound JS number is a REAL), else it walks the term's whole list.
    const find = db.prepare(`SELECT 1 FROM ${table} WHERE ${table} MATCH ? AND rowid = CAST(? AS INTEGER)`);
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
  return table === 'memory_grams' ? word.slice(0, 3) : word;
}

function count(db: Database.Database, table: string): number | null {
  try {
    return Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  } catch {
    return null;
  }
}

/**
 * SQL a person can paste into the sqlite3 shell to rebuild the search indexes: it empties both and
 * marks every memory as waiting, and the batch indexer (`memory search`, the Stop hook) refills them.
 * Plain SQL: the text functions the triggers call exist only in this tool's own connections.
 */
export function ftsRebuildSql(): string {
  return (
    "INSERT INTO memory_words (memory_words) VALUES ('delete-all'); INSERT INTO memory_grams (memory_grams) VALUES ('delete-all'); " +
    'INSERT OR REPLACE INTO search_index_build (id, pending_to) SELECT 1, max(id) FROM memories HAVING count(*) > 0;'
  );
}

export const WAL_SQL = 'PRAGMA journal_mode=WAL';
