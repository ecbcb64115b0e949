// The `memories` and `session_summaries` rows of the capture path (hooks and imports): insert with
// database-enforced dedupe, the session rows Stop folds, the rows SessionStart shows, retention.
import {
  DEFAULT_AGENT,
  IMPORTANCE,
  type InsertOutcome,
  type NewMemory,
  type SessionRow,
  type SessionSummaryRow,
} from '../memory.js';
import { prepared, withBusyRetry, type Db } from './open.js';
import { resolveErrors } from './resolution.js';
import { isForgotten, isHeld } from './tombstones.js';
import { isSessionDisabled } from './disabled-sessions.js';

/** How much of a prompt a memory keeps as its request: the start of a prompt says what it asks. */
export const REQUEST_MAX = 500;

// The request a memory served: the session's latest prompt at or before it (the UserPromptSubmit hook
// and transcript catch-up record them, already redacted and without <private> parts).
export const requestOf = (sessionId: string, createdAt: string): string => `SELECT substr(p.text, 1, ${REQUEST_MAX})
  FROM prompts p WHERE p.session_id = ${sessionId} AND p.created_at <= ${createdAt}
  ORDER BY p.created_at DESC, p.id DESC LIMIT 1`;
const REQUEST_OF_SESSION = requestOf('@sessionId', '@createdAt');

export const COLUMNS = `session_id, tool_name, type, project, project_path, file_path, content,
tags, importance, created_at, tool_use_id, agent_id, exit_code, source, command_key, request, intent, agent`;
const INSERT = `INSERT INTO memories (${COLUMNS})
VALUES (@sessionId, @toolName, @type, @project, @projectPath, @filePath, @content, @tags, @importance,
@createdAt, @toolUseId, @agentId, @exitCode, @source, @key, coalesce(@request, (${REQUEST_OF_SESSION})), @intent, @agent)`;

/**
 * The same content in the same session within a time window. The content's length and ending, then
 * the whole second, lead the index it reads (memories_dedupe), so only look-alike rows of the window
 * are compared whole, however long the session; `+created_at` (exact to the millisecond) keeps SQLite
 * from choosing the session's time index instead, which reads every row of the window.
 */
export const DUPLICATE_CONTENT = `SELECT 1 FROM memories WHERE session_id = @sessionId
AND length(content) = length(@content) AND substr(content, -16) = substr(@content, -16)
AND unixepoch(created_at) BETWEEN unixepoch(@from) AND unixepoch(@to)
AND +created_at BETWEEN @from AND @to AND content = @content LIMIT 1`;

/** What `refresh` did with one re-derived memory. */
export type RefreshOutcome = 'refreshed' | 'unchanged' | 'missing';

interface StoredForRefresh {
  readonly id: number;
  readonly sessionId: string;
  readonly createdAt: string;
  readonly type: string;
  readonly content: string;
  readonly tags: string;
  readonly filePath: string | null;
  readonly importance: number;
  readonly exitCode: number | null;
  readonly commandKey: string | null;
  readonly request: string | null;
  readonly intent: string | null;
}

/**
 * Which calls of held sessions (lib/db/tombstones.ts isHeld) to store: all that a live hook captures, which
 * happens now (the default); of what is read back from a transcript (import, Stop's catch-up), only what the
 * user asked for.
 */
export type AdmitHeld = (memory: NewMemory) => boolean;
export const LIVE: AdmitHeld = () => true;
/** What findDuplicate asks of the database beyond the memory's own rows; a batch keeps the answers (memory-batch.ts). */
export interface Asked {
  /** A row with this tool_use_id is stored. */
  toolUse(db: Db, toolUseId: string): boolean;
  forgotten(db: Db, memory: NewMemory): boolean;
  disabled(db: Db, sessionId: string): boolean;
  held(db: Db, memory: NewMemory): boolean;
}
const ASK: Asked = {
  toolUse: (db, id) => !!prepared(db, 'SELECT 1 FROM memories WHERE tool_use_id = ?').get(id),
  forgotten: isForgotten,
  disabled: isSessionDisabled,
  held: isHeld,
};
/** Read back from a transcript, nothing asked for: a held session's older calls stay out. */
export const ADMIT_NONE: AdmitHeld = () => false;

export class MemoryStore {
  constructor(readonly db: Db) {}

  /**
   * Stores one memory unless it is a duplicate (see findDuplicate). The check and the insert share
   * one IMMEDIATE transaction, so the rule holds across the many hook processes that write at once.
   * Inside a caller's transaction it is a savepoint: a caller may catch its failure and go on. A batch
   * (an import's) has its own path to the same outcome: lib/db/memory-batch.ts.
   */
  insert(memory: NewMemory, dedupeWindowSec: number, admitHeld: AdmitHeld = LIVE): InsertOutcome {
    return withBusyRetry(() => this.db.transaction(() => this.store(memory, dedupeWindowSec, admitHeld)).immediate());
  }

  private store(memory: NewMemory, dedupeWindowSec: number, admitHeld: AdmitHeld): InsertOutcome {
    const duplicate = this.findDuplicate(memory, dedupeWindowSec, admitHeld);
    if (duplicate) return duplicate;
    const { commandKey: key, ...row } = memory;
    const { lastInsertRowid } = prepared(this.db, INSERT).run({
      ...row,
      key: key?.key ?? null,
      request: memory.request ?? null,
      intent: memory.intent ?? null,
      agent: memory.agent ?? DEFAULT_AGENT,
    });
    // A command that ran cleanly resolves this project's earlier failures of the same command.
    if (key && memory.type === 'command')
      resolveErrors(this.db, memory.projectPath, key, Number(lastInsertRowid), memory.createdAt);
    return 'stored';
  }

  /**
   * Why `memory` would not be stored: its tool_use_id is known, it was forgotten, its session ran with
   * memory off, it is a held session's call from before the upgrade that `admitHeld` does not admit, or
   * the same session stored the same content within `dedupeWindowSec` of it. Read-only, so a dry run can
   * ask it too.
   */
  findDuplicate(
    memory: NewMemory,
    dedupeWindowSec: number,
    admitHeld: AdmitHeld = LIVE,
    ask: Asked = ASK,
  ): Exclude<InsertOutcome, 'stored'> | null {
    const byContent = prepared(this.db, DUPLICATE_CONTENT);
    if (memory.toolUseId && ask.toolUse(this.db, memory.toolUseId)) return 'duplicate-tool-use';
    if (ask.forgotten(this.db, memory)) return 'forgotten';
    if (ask.disabled(this.db, memory.sessionId)) return 'disabled';
    if (!admitHeld(memory) && ask.held(this.db, memory)) return 'held';
    const time = Date.parse(memory.createdAt);
    const from = new Date(time - dedupeWindowSec * 1000).toISOString();
    const to = new Date(time + dedupeWindowSec * 1000).toISOString();
    return byContent.get({ sessionId: memory.sessionId, content: memory.content, from, to })
      ? 'duplicate-content'
      : null;
  }

  /**
   * `memory import --refresh`: the stored row with this memory's tool_use_id takes the memory's content,
   * kind, tags, file, request and intent (re-derived by today's capture); its id, time and session stay.
   * With `apply` false, only says what would happen (read-only).
   */
  refresh(memory: NewMemory, apply: boolean): RefreshOutcome {
    if (!memory.toolUseId) return 'missing';
    const stored = prepared(
      this.db,
      `
      SELECT id, session_id AS sessionId, created_at AS createdAt, type, content, tags, file_path AS filePath,
             importance, exit_code AS exitCode, command_key AS commandKey, request, intent
      FROM memories WHERE tool_use_id = ?`,
    ).get(memory.toolUseId) as StoredForRefresh | undefined;
    if (!stored) return 'missing';
    const request =
      memory.request ??
      (prepared(this.db, REQUEST_OF_SESSION)
        .pluck()
        .get({ sessionId: stored.sessionId, createdAt: stored.createdAt }) as string | undefined) ??
      null;
    const next = {
      type: memory.type,
      content: memory.content,
      tags: memory.tags,
      filePath: memory.filePath,
      importance: memory.importance,
      exitCode: memory.exitCode,
      commandKey: memory.commandKey?.key ?? null,
      request,
      intent: memory.intent ?? null,
    };
    const same = (Object.keys(next) as Array<keyof typeof next>).every((key) => next[key] === stored[key]);
    if (same) return 'unchanged';
    if (apply) {
      withBusyRetry(() =>
        prepared(
          this.db,
          `
        UPDATE memories SET type = @type, content = @content, tags = @tags, file_path = @filePath, importance = @importance,
               exit_code = @exitCode, command_key = @commandKey, request = @request, intent = @intent
        WHERE id = @id`,
        ).run({ ...next, id: stored.id }),
      );
    }
    return 'refreshed';
  }

  /**
   * Stop's catch-up: the transcript's intent for a row the live hook stored from its payload (which
   * has a failed command's description at most). A row whose intent already holds more is left alone.
   */
  completeIntent(toolUseId: string, intent: string): void {
    withBusyRetry(() =>
      prepared(
        this.db,
        `UPDATE memories SET intent = @intent
        WHERE tool_use_id = @toolUseId AND (intent IS NULL OR length(intent) < length(@intent))`,
      ).run({ toolUseId, intent }),
    );
  }

  sessionRows(sessionId: string, limit = 10000): SessionRow[] {
    return prepared(
      this.db,
      `
      SELECT type, tool_name AS toolName, file_path AS filePath, content, created_at AS createdAt,
             project, project_path AS projectPath, resolved_at AS resolvedAt
      FROM memories WHERE session_id = ? ORDER BY created_at, id LIMIT ?`,
    ).all(sessionId, limit) as SessionRow[];
  }

  /** Where the session last stopped, as its summary keeps it (a turn's end that says nothing keeps it). */
  storedOutcome(sessionId: string): string | null {
    const row = prepared(this.db, 'SELECT outcome FROM session_summaries WHERE session_id = ?').get(sessionId) as
      { outcome: string | null } | undefined;
    return row?.outcome ?? null;
  }

  upsertSummary(row: SessionSummaryRow): void {
    const upsert = prepared(
      this.db,
      `
      INSERT INTO session_summaries (session_id, project, project_path, summary, tools_used, files_changed,
                                     memory_count, error_count, duration_sec, started_at, ended_at, updated_at,
                                     request, outcome, agent)
      VALUES (@sessionId, @project, @projectPath, @summary, @toolsUsed, @filesChanged,
              @memoryCount, @errorCount, @durationSec, @startedAt, @endedAt, @updatedAt, @request, @outcome, @agent)
      ON CONFLICT (session_id) DO UPDATE SET
        project = excluded.project, project_path = excluded.project_path, summary = excluded.summary,
        tools_used = excluded.tools_used, files_changed = excluded.files_changed,
        memory_count = excluded.memory_count, error_count = excluded.error_count,
        duration_sec = excluded.duration_sec, started_at = excluded.started_at,
        ended_at = excluded.ended_at, updated_at = excluded.updated_at,
        request = coalesce(excluded.request, request), outcome = coalesce(excluded.outcome, outcome)`,
    );
    withBusyRetry(() =>
      upsert.run({
        ...row,
        toolsUsed: JSON.stringify(row.toolsUsed),
        filesChanged: JSON.stringify(row.filesChanged),
        request: row.request ?? null,
        outcome: row.outcome ?? null,
        agent: row.agent ?? DEFAULT_AGENT,
      }),
    );
  }

  /** Whether a session already has a summary (a live Stop hook, or an earlier import, wrote one). */
  hasSummary(sessionId: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM session_summaries WHERE session_id = ?').get(sessionId) !== undefined;
  }

  /**
   * Deletes memories older than `cutoff` except errors (importance 3), and errors older than
   * `errorCutoffIso`, in small transactions so capture hooks waiting on the write lock are never held
   * up for long. Returns rows deleted.
   */
  deleteExpired(cutoffIso: string, batchSize = 2000, errorCutoffIso = ''): number {
    const batch = prepared(
      this.db,
      `
      DELETE FROM memories WHERE id IN (
        SELECT id FROM memories WHERE (created_at < ? AND importance < ?) OR (type = 'error' AND created_at < ?) LIMIT ?)`,
    );
    let total = 0;
    for (;;) {
      const { changes } = withBusyRetry(() => batch.run(cutoffIso, IMPORTANCE.error, errorCutoffIso, batchSize));
      total += changes;
      if (changes < batchSize) break;
    }
    // A summary, prompts and read offsets describe memories; once those are all gone, so are they.
    withBusyRetry(() =>
      this.db
        .transaction(() => {
          prepared(
            this.db,
            `DELETE FROM session_summaries WHERE ended_at < ?
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.session_id = session_summaries.session_id)`,
          ).run(cutoffIso);
          prepared(
            this.db,
            `DELETE FROM prompts WHERE created_at < ?
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.session_id = prompts.session_id)`,
          ).run(cutoffIso);
          prepared(this.db, 'DELETE FROM transcript_reads WHERE updated_at < ?').run(cutoffIso);
        })
        .immediate(),
    );
    return total;
  }
}
