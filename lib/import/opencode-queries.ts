// The reads of an OpenCode opencode.db (OpenCode ≥1.2): opened read-only through our driver, never
// written, its sessions read one at a time so a large history is not held in memory at once. A file
// without the tables and columns these queries read (another program's SQLite file, a schema OpenCode
// changed) is refused as a whole before anything is read.
import { openConnection, type Db } from '../db/driver.js';
import type { StoredMessage, StoredPart, StoredSession } from '../agents/opencode/stored.js';

const NEEDED: Readonly<Record<string, readonly string[]>> = {
  session: ['id', 'directory', 'time_created'],
  message: ['id', 'session_id', 'time_created', 'data'],
  part: ['id', 'message_id', 'session_id', 'time_created', 'data'],
};

export type OpencodeDb =
  { readonly ok: true; readonly db: OpencodeReader } | { readonly ok: false; readonly why: string };

export interface OpencodeReader {
  sessionIds(): StoredSession[];
  messages(sessionId: string): StoredMessage[];
  parts(sessionId: string): StoredPart[];
  close(): void;
}

/** The database at `path`, or why it cannot be read as OpenCode's (unreadable, not SQLite, another schema). */
export function openOpencodeDb(path: string): OpencodeDb {
  let db: Db;
  try {
    db = openConnection(path, { fileMustExist: true, readonly: true });
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
  try {
    // OpenCode writes it in WAL mode while it runs: wait for its writer rather than fail.
    db.pragma('busy_timeout = 5000');
    for (const [table, columns] of Object.entries(NEEDED)) {
      const have = new Set(
        (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((row) => row.name),
      );
      const lacking = columns.filter((column) => !have.has(column));
      if (lacking.length > 0) {
        db.close();
        return {
          ok: false,
          why: have.size === 0 ? `no table ${table}` : `table ${table} has no ${lacking.join(', ')}`,
        };
      }
    }
  } catch (error) {
    db.close();
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, db: reader(db) };
}

function reader(db: Db): OpencodeReader {
  return {
    sessionIds: () =>
      db.prepare(`SELECT id, directory FROM session ORDER BY time_created, id`).all() as StoredSession[],
    messages: (sessionId) =>
      db
        .prepare(
          `SELECT id, time_created AS timeCreated, data FROM message WHERE session_id = ? ORDER BY time_created, id`,
        )
        .all(sessionId) as StoredMessage[],
    parts: (sessionId) =>
      db
        .prepare(
          `SELECT message_id AS messageId, time_created AS timeCreated, data FROM part WHERE session_id = ? ORDER BY message_id, id`,
        )
        .all(sessionId) as StoredPart[],
    close: () => db.close(),
  };
}
