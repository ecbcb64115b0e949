// Reads and writes of the capture path (hooks and imports): insert with database-enforced dedupe,
// the session rows Stop folds, the rows SessionStart shows, and the retention cleanup.
import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';
import { withBusyRetry } from './open.js';

export interface NewMemory {
  readonly sessionId: string;
  readonly toolName: string;
  readonly type: string;
  readonly project: string;
  readonly projectPath: string;
  readonly filePath: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: number;
  readonly createdAt: string;
  readonly toolUseId: string | null;
  readonly agentId: string | null;
  readonly exitCode: number | null;
  readonly source: 'hook' | 'import';
}

export type InsertOutcome = 'stored' | 'duplicate-tool-use' | 'duplicate-content';

export interface SessionRow {
  readonly type: string;
  readonly toolName: string;
  readonly filePath: string | null;
  readonly content: string;
  readonly createdAt: string;
  readonly project: string;
  readonly projectPath: string;
}

export interface SessionSummaryRow {
  readonly sessionId: string;
  readonly project: string;
  readonly projectPath: string;
  readonly summary: string;
  readonly toolsUsed: readonly string[];
  readonly filesChanged: readonly string[];
  readonly memoryCount: number;
  readonly errorCount: number;
  readonly durationSec: number;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly updatedAt: string;
}

export interface ContextRow {
  readonly content: string;
  readonly filePath: string | null;
  readonly createdAt: string;
}

export interface ContextSummaryRow {
  readonly summary: string;
  readonly endedAt: string;
}

/** Hot-path statements, prepared once per process on first use. */
export class MemoryStore {
  private readonly statements = new Map<string, Statement>();

  constructor(readonly db: Db) {}

  private statement(sql: string): Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /**
   * Stores one memory unless it is a duplicate (see findDuplicate). The check and the insert share
   * one IMMEDIATE transaction, so the rule holds across the many hook processes that write at once.
   */
  insert(memory: NewMemory, dedupeWindowSec: number): InsertOutcome {
    const insert = this.statement(`
      INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags,
                            importance, created_at, tool_use_id, agent_id, exit_code, source)
      VALUES (@sessionId, @toolName, @type, @project, @projectPath, @filePath, @content, @tags,
              @importance, @createdAt, @toolUseId, @agentId, @exitCode, @source)`);
    const write = this.db.transaction((): InsertOutcome => {
      const duplicate = this.findDuplicate(memory, dedupeWindowSec);
      if (duplicate) return duplicate;
      insert.run(memory);
      return 'stored';
    });
    return withBusyRetry(() => write.immediate());
  }

  /**
   * Why `memory` would not be stored: its tool_use_id is known, or the same session stored the same
   * content within `dedupeWindowSec` of it. Read-only, so a dry run can ask it too.
   */
  findDuplicate(memory: NewMemory, dedupeWindowSec: number): Exclude<InsertOutcome, 'stored'> | null {
    const byToolUse = this.statement('SELECT 1 FROM memories WHERE tool_use_id = ?');
    const byContent = this.statement(
      'SELECT 1 FROM memories WHERE session_id = ? AND created_at BETWEEN ? AND ? AND content = ? LIMIT 1',
    );
    if (memory.toolUseId && byToolUse.get(memory.toolUseId)) return 'duplicate-tool-use';
    const time = Date.parse(memory.createdAt);
    const from = new Date(time - dedupeWindowSec * 1000).toISOString();
    const to = new Date(time + dedupeWindowSec * 1000).toISOString();
    return byContent.get(memory.sessionId, from, to, memory.content) ? 'duplicate-content' : null;
  }

  sessionRows(sessionId: string, limit = 10000): SessionRow[] {
    return this.statement(`
      SELECT type, tool_name AS toolName, file_path AS filePath, content, created_at AS createdAt,
             project, project_path AS projectPath
      FROM memories WHERE session_id = ? ORDER BY created_at, id LIMIT ?`).all(sessionId, limit) as SessionRow[];
  }

  upsertSummary(row: SessionSummaryRow): void {
    const upsert = this.statement(`
      INSERT INTO session_summaries (session_id, project, project_path, summary, tools_used, files_changed,
                                     memory_count, error_count, duration_sec, started_at, ended_at, updated_at)
      VALUES (@sessionId, @project, @projectPath, @summary, @toolsUsed, @filesChanged,
              @memoryCount, @errorCount, @durationSec, @startedAt, @endedAt, @updatedAt)
      ON CONFLICT (session_id) DO UPDATE SET
        project = excluded.project, project_path = excluded.project_path, summary = excluded.summary,
        tools_used = excluded.tools_used, files_changed = excluded.files_changed,
        memory_count = excluded.memory_count, error_count = excluded.error_count,
        duration_sec = excluded.duration_sec, started_at = excluded.started_at,
        ended_at = excluded.ended_at, updated_at = excluded.updated_at`);
    withBusyRetry(() =>
      upsert.run({ ...row, toolsUsed: JSON.stringify(row.toolsUsed), filesChanged: JSON.stringify(row.filesChanged) }),
    );
  }

  recentSummaries(projectPath: string, limit: number): ContextSummaryRow[] {
    return this.statement(`
      SELECT summary, ended_at AS endedAt FROM session_summaries
      WHERE project_path = ? ORDER BY ended_at DESC LIMIT ?`).all(projectPath, limit) as ContextSummaryRow[];
  }

  recentByImportance(projectPath: string, importance: number, limit: number): ContextRow[] {
    return this.statement(`
      SELECT content, file_path AS filePath, created_at AS createdAt FROM memories
      WHERE project_path = ? AND importance = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
      .all(projectPath, importance, limit) as ContextRow[];
  }

  /**
   * Deletes memories older than `cutoff` except errors (importance 3), in small transactions so
   * capture hooks waiting on the write lock are never held up for long. Returns rows deleted.
   */
  deleteExpired(cutoffIso: string, batchSize = 2000): number {
    const batch = this.statement(`
      DELETE FROM memories WHERE id IN (
        SELECT id FROM memories WHERE created_at < ? AND importance < 3 LIMIT ?)`);
    let total = 0;
    for (;;) {
      const { changes } = withBusyRetry(() => batch.run(cutoffIso, batchSize));
      total += changes;
      if (changes < batchSize) return total;
    }
  }
}
