// Rewrites stored text in place with a function (the current secret rules): memories' content, tags,
// file path, request and intent, session summaries (their request, last answer and file lists), the
// prompts each session was given, and the legacy tables an
// adopted database keeps. Rows are read and written in batches, one short transaction each, so hooks are not held up;
// the FTS indexes follow through the update triggers. Then the old bytes are dropped from disk.
import { openForReading } from './read-only.js';
import type { Db } from './open.js';
import { withBusyRetry } from './open.js';

/** What a rewrite may know of the row besides its text: the column of each field, and its tool. */
export interface RewriteRow {
  /** The column each field comes from (a JSON list's column once per item). */
  readonly columns: readonly string[];
  /** The row's `tool_name`, for a table that has one. */
  readonly toolName: string | null;
}

/** Related text fields of one row in, the same fields rewritten out. */
export type RewriteFields = (fields: readonly string[], row: RewriteRow) => string[];

export interface RewriteCounts {
  /** Rows whose text changed (or would change), per kind. */
  readonly memories: number;
  readonly summaries: number;
  readonly prompts: number;
  readonly legacy: number;
  /** Ids of the memories that changed, at most MAX_IDS of them. */
  readonly memoryIds: readonly number[];
  readonly rowsChecked: number;
}

interface TableSpec {
  readonly table: string;
  readonly kind: 'memories' | 'summaries' | 'prompts' | 'legacy';
  /** Plain text columns. */
  readonly text: readonly string[];
  /** Columns holding a JSON array of strings (file lists). */
  readonly json: readonly string[];
  /** Whether the table has a `tool_name` column, read and never written. */
  readonly tool: boolean;
  /**
   * Two prompts of a session that differ only in their secret are one prompt once redacted: the row
   * rewritten replaces the other (the table keeps a session's prompt texts unique).
   */
  readonly merge?: boolean;
}

const MAX_IDS = 50;

function tablesOf(db: Db): TableSpec[] {
  const columns = (table: string): Set<string> =>
    new Set(db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
  const specs: TableSpec[] = [
    {
      table: 'memories',
      kind: 'memories',
      text: ['content', 'tags', 'file_path', 'request', 'intent'],
      json: [],
      tool: true,
    },
    {
      table: 'session_summaries',
      kind: 'summaries',
      text: ['summary', 'request', 'outcome'],
      json: ['files_changed'],
      tool: false,
    },
    { table: 'prompts', kind: 'prompts', text: ['text'], json: [], tool: false, merge: true },
  ];
  // Kept untouched by the adoption of a first-design database: they hold the original text.
  for (const [table, text, json] of [
    ['legacy_memories', ['content', 'tags', 'file_path'], []],
    ['legacy_session_summaries', ['summary'], ['files_changed']],
  ] as const) {
    const have = columns(table);
    if (have.size === 0) continue;
    specs.push({
      table,
      kind: 'legacy',
      text: text.filter((c) => have.has(c)),
      json: json.filter((c) => have.has(c)),
      tool: have.has('tool_name'),
    });
  }
  return specs;
}

/**
 * Runs `rewrite` over every stored row; with `apply`, writes the rows that changed (batches of
 * `batchSize`, each in its own IMMEDIATE transaction). Without it, only counts them (read-only).
 */
export function rewriteStored(db: Db, rewrite: RewriteFields, apply: boolean, batchSize = 500): RewriteCounts {
  if (apply) db.pragma('secure_delete = ON');
  const counts = { memories: 0, summaries: 0, prompts: 0, legacy: 0, rowsChecked: 0 };
  const memoryIds: number[] = [];
  for (const spec of tablesOf(db)) {
    const columns = [...spec.text, ...spec.json];
    if (columns.length === 0) continue;
    const read = spec.tool ? [...columns, 'tool_name'] : columns;
    const select = db.prepare(
      `SELECT rowid AS rid, ${read.join(', ')} FROM ${spec.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    const update = db.prepare(
      `UPDATE ${spec.merge ? 'OR REPLACE ' : ''}${spec.table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE rowid = @rid`,
    );
    for (let after = Number.MIN_SAFE_INTEGER; ;) {
      const rows = select.all(after, batchSize) as Array<Record<string, unknown> & { rid: number }>;
      if (rows.length === 0) break;
      after = (rows[rows.length - 1] as { rid: number }).rid;
      const changed = rows.flatMap((row) => {
        const next = rewriteRow(row, spec, rewrite);
        return next ? [next] : [];
      });
      counts.rowsChecked += rows.length;
      counts[spec.kind] += changed.length;
      if (spec.kind === 'memories')
        memoryIds.push(...changed.slice(0, MAX_IDS - memoryIds.length).map((row) => row['rid'] as number));
      if (apply && changed.length > 0) {
        withBusyRetry(() =>
          db
            .transaction(() => {
              for (const row of changed) update.run(row);
            })
            .immediate(),
        );
      }
      if (rows.length < batchSize) break;
    }
  }
  return { ...counts, memoryIds };
}

/** The row's columns rewritten, or null when nothing changed. */
function rewriteRow(
  row: Record<string, unknown>,
  spec: TableSpec,
  rewrite: RewriteFields,
): Record<string, unknown> | null {
  const texts = spec.text.map((column) => (typeof row[column] === 'string' ? (row[column] as string) : ''));
  const lists = spec.json.map((column) => parseList(row[column]));
  const fields = [...texts, ...lists.flatMap((list) => list ?? [])];
  const columns = [...spec.text, ...spec.json.flatMap((column, i) => (lists[i] ?? []).map(() => column))];
  const toolName = spec.tool && typeof row['tool_name'] === 'string' ? row['tool_name'] : null;
  const out = rewrite(fields, { columns, toolName });
  if (out.every((field, i) => field === fields[i])) return null;
  const next: Record<string, unknown> = { rid: row['rid'] };
  spec.text.forEach((column, i) => {
    next[column] = row[column] === null ? null : out[i];
  });
  let at = texts.length;
  spec.json.forEach((column, i) => {
    const list = lists[i];
    if (!list) {
      next[column] = row[column];
      return;
    }
    next[column] = JSON.stringify(out.slice(at, at + list.length));
    at += list.length;
  });
  return next;
}

function parseList(value: unknown): string[] | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? (parsed as string[]) : null;
  } catch {
    return null;
  }
}

/**
 * Drops what the rewrite left behind: FTS segments still holding old tokens (optimize merges them),
 * freed pages (VACUUM rebuilds the file), and the WAL frames with the old rows (checkpoint TRUNCATE).
 */
export function dropOldBytes(db: Db): void {
  withBusyRetry(() =>
    db
      .transaction(() => {
        db.prepare("INSERT INTO memory_words (memory_words) VALUES ('optimize')").run();
        db.prepare("INSERT INTO memory_grams (memory_grams) VALUES ('optimize')").run();
      })
      .immediate(),
  );
  db.pragma('wal_checkpoint(TRUNCATE)');
  withBusyRetry(() => db.exec('VACUUM'));
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/**
 * What `memory doctor` reports: rows the rules would change, read through a read-only connection (of
 * a migrated copy when an older build wrote the file: the rules read today's columns).
 */
export function countStoredRewrites(path: string, rewrite: RewriteFields): RewriteCounts {
  const handle = openForReading(path, { create: false, readonly: true });
  if (!handle) throw new Error(`no database at ${path}`);
  try {
    handle.db.pragma('busy_timeout = 2000');
    return rewriteStored(handle.db, rewrite, false);
  } finally {
    handle.close();
  }
}
