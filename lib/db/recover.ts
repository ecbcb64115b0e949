// Copies every memory and session summary that can still be read out of a damaged database into
// a new one, walking the tables by rowid ranges and splitting a range that hits a bad page until
// only the unreadable rows are left behind. Reads the damaged file read-only; never changes it.
import type Database from 'better-sqlite3';
import { openConnection } from './driver.js';
import { openDb } from './open.js';

export interface CopyResult {
  readonly memories: number;
  /** The best estimate of how many memories the damaged file held (never below `memories`). */
  readonly estimatedMemories: number;
  readonly summaries: number;
}

const MEMORY_COLUMNS = [
  'id',
  'session_id',
  'tool_name',
  'type',
  'project',
  'project_path',
  'file_path',
  'content',
  'tags',
  'importance',
  'created_at',
  'tool_use_id',
  'agent_id',
  'exit_code',
  'source',
] as const;
const SUMMARY_COLUMNS = [
  'session_id',
  'project',
  'project_path',
  'summary',
  'tools_used',
  'files_changed',
  'memory_count',
  'error_count',
  'duration_sec',
  'started_at',
  'ended_at',
  'updated_at',
] as const;
const RANGE = 256;

/**
 * Creates `target` (which must not exist) with the current schema and copies into it what `source`
 * still yields. The search indexes of `target` are filled by its triggers as rows arrive.
 * Throws when `source` cannot be opened at all for a reason other than damage (a lock, permissions).
 */
export function copyReadableRows(source: string, target: string): CopyResult {
  let from: Database.Database | null = null;
  try {
    from = openConnection(source, { fileMustExist: true, readonly: true });
    from.pragma('busy_timeout = 5000');
    from.pragma('user_version');
  } catch (error) {
    from?.close();
    if (!isCorrupt(error)) throw error;
    from = null;
  }
  const to = openDb(target, { create: true });
  if (!to) throw new Error(`could not create ${target}`);
  try {
    if (!from) return { memories: 0, estimatedMemories: 0, summaries: 0 };
    // A v3 file also carries the request each memory served; an older one has no such column.
    const memoryColumns: readonly string[] = hasRequestColumn(from) ? [...MEMORY_COLUMNS, 'request'] : MEMORY_COLUMNS;
    const insertMemory = to.prepare(
      `INSERT OR IGNORE INTO memories (${memoryColumns.join(', ')}) VALUES (${memoryColumns.map((c) => `@${c}`).join(', ')})`,
    );
    const insertSummary = to.prepare(
      `INSERT OR IGNORE INTO session_summaries (${SUMMARY_COLUMNS.join(', ')}) VALUES (${SUMMARY_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    const memoryTop = highestRowid(from, [
      'SELECT max(id) FROM memories',
      "SELECT seq FROM sqlite_sequence WHERE name = 'memories'",
      'SELECT max(id) FROM memory_words_docsize',
      'SELECT max(id) FROM memory_grams_docsize',
      'SELECT max(id) FROM memories_fts_docsize',
      'SELECT max(id) FROM memories_trigram_docsize',
    ]);
    const summaryTop = highestRowid(from, ['SELECT max(rowid) FROM session_summaries']);
    const copy = to.transaction(() => {
      const memories = walk(
        from,
        `SELECT ${memoryColumns.join(', ')} FROM memories NOT INDEXED WHERE id`,
        memoryTop,
        insertMemory,
      );
      const summaries = walk(
        from,
        `SELECT ${SUMMARY_COLUMNS.join(', ')} FROM session_summaries NOT INDEXED WHERE rowid`,
        summaryTop,
        insertSummary,
      );
      // Ids of lost memories are not handed out again.
      if (memoryTop > 0)
        to.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'memories'").run(memoryTop);
      return { memories, summaries };
    });
    const { memories, summaries } = copy();
    return { memories, estimatedMemories: Math.max(memories, estimateMemories(from)), summaries };
  } finally {
    from?.close();
    // A plain rollback-journal file: nothing of it is left in a -wal when it is renamed into place.
    to.pragma('journal_mode = DELETE');
    to.close();
  }
}

/**
 * Copies rows 1..top in ranges; a range that cannot be read is split down to single rows, read by
 * `= ?` (a range scan also steps onto the next page to find its end, which may be the bad one).
 */
function walk(from: Database.Database, selectWhereKey: string, top: number, insert: Database.Statement): number {
  let range: Database.Statement;
  let single: Database.Statement;
  try {
    range = from.prepare(`${selectWhereKey} BETWEEN ? AND ?`);
    single = from.prepare(`${selectWhereKey} = ?`);
  } catch (error) {
    // The schema itself is unreadable: nothing of this table can be found.
    if (isCorrupt(error)) return 0;
    throw error;
  }
  let copied = 0;
  const copyRange = (low: number, high: number): void => {
    let rows: Record<string, unknown>[];
    try {
      rows = (low === high ? single.all(low) : range.all(low, high)) as Record<string, unknown>[];
    } catch (error) {
      if (!isCorrupt(error) || low === high) return;
      const middle = Math.floor((low + high) / 2);
      copyRange(low, middle);
      copyRange(middle + 1, high);
      return;
    }
    for (const row of rows) {
      try {
        copied += insert.run(row).changes;
      } catch {
        // A row whose cells came back mangled (a NULL where the schema forbids one) is not a memory.
      }
    }
  };
  for (let low = 1; low <= top; low += RANGE) copyRange(low, Math.min(top, low + RANGE - 1));
  return copied;
}

/** The highest rowid any of `queries` can still tell (0 when none can). */
function highestRowid(db: Database.Database, queries: readonly string[]): number {
  let top = 0;
  for (const sql of queries) {
    try {
      top = Math.max(top, Number(db.prepare(sql).pluck().get() ?? 0));
    } catch {
      // That page is damaged too; another source may know.
    }
  }
  return top;
}

/** Row counts the damaged file can still give: the table itself, each index, each search index. */
function estimateMemories(db: Database.Database): number {
  const queries = [
    'SELECT count(*) FROM memories NOT INDEXED',
    'SELECT count(*) FROM memory_words_docsize',
    'SELECT count(*) FROM memory_grams_docsize',
    'SELECT count(*) FROM memories_fts_docsize',
    'SELECT count(*) FROM memories_trigram_docsize',
  ];
  try {
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'memories'")
      .pluck()
      .all() as string[];
    for (const name of indexes)
      queries.push(`SELECT count(*) FROM memories INDEXED BY "${name.replaceAll('"', '""')}"`);
  } catch {
    // The schema page itself is unreadable: the table and FTS counts still try.
  }
  return highestRowid(db, queries);
}

function hasRequestColumn(db: Database.Database): boolean {
  try {
    return db.prepare("SELECT 1 FROM pragma_table_info('memories') WHERE name = 'request'").get() !== undefined;
  } catch {
    return false;
  }
}

function isCorrupt(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
