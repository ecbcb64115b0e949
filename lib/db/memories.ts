// The `memories` and `session_summaries` rows of the capture path (hooks and imports): insert with
// database-enforced dedupe, the session rows Stop folds, the rows SessionStart shows, retention.
import {
  IMPORTANCE, type ContextRow, type ContextSummaryRow, type Importance, type InsertOutcome, type NewMemory, type SessionRow,
  type SessionSummaryRow,
} from '../memory.js';
import { prepared, withBusyRetry, type Db } from './open.js';

export class MemoryStore {
  constructor(readonly db: Db) {}

  /**
   * Stores one memory unless it is a duplicate (see findDuplicate). The check and the insert share
   * one IMMEDIATE transaction, so the rule holds across the many hook processes that write at once.
   */
  insert(memory: NewMemory, dedupeWindowSec: number): InsertOutcome {
    const insert = prepared(this.db, `
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
    const byToolUse = prepared(this.db, 'SELECT 1 FROM memories WHERE tool_use_id = ?');
    const byContent = prepared(this.db,
      'SELECT 1 FROM memories WHERE session_id = ? AND created_at BETWEEN ? AND ? AND content = ? LIMIT 1',
    );
    if (memory.toolUseId && byToolUse.get(memory.toolUseId)) return 'duplicate-tool-use';
    const time = Date.parse(memory.createdAt);
    const from = new Date(time - dedupeWindowSec * 1000).toISOString();
    const to = new Date(time + dedupeWindowSec * 1000).toISOString();
    return byContent.get(memory.sessionId, from, to, memory.content) ? 'duplicate-content' : null;
  }

  sessionRows(sessionId: string, limit = 10000): SessionRow[] {
    return prepared(this.db, `
      SELECT type, tool_name AS toolName, file_path AS filePath, content, created_at AS createdAt,
             project, project_path AS projectPath
      FROM memories WHERE session_id = ? ORDER BY created_at, id LIMIT ?`).all(sessionId, limit) as SessionRow[];
  }

  upsertSummary(row: SessionSummaryRow): void {
    const upsert = prepared(this.db, `
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
    return prepared(this.db, `
      SELECT summary, ended_at AS endedAt FROM session_summaries
      WHERE project_path = ? ORDER BY ended_at DESC LIMIT ?`).all(projectPath, limit) as ContextSummaryRow[];
  }

  /** Whether a session already has a summary (a live Stop hook, or an earlier import, wrote one). */
  hasSummary(sessionId: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM session_summaries WHERE session_id = ?').get(sessionId) !== undefined;
  }

  recentByImportance(projectPath: string, importance: Importance, limit: number): ContextRow[] {
    return prepared(this.db, `
      SELECT content, file_path AS filePath, created_at AS createdAt FROM memories
      WHERE project_path = ? AND importance = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
      .all(projectPath, importance, limit) as ContextRow[];
  }

  /**
   * Deletes memories older than `cutoff` except errors (importance 3), in small transactions so
   * capture hooks waiting on the write lock are never held up for long. Returns rows deleted.
   */
  deleteExpired(cutoffIso: string, batchSize = 2000): number {
    const batch = prepared(this.db, `
      DELETE FROM memories WHERE id IN (
        SELECT id FROM memories WHERE created_at < ? AND importance < ? LIMIT ?)`);
    let total = 0;
    for (;;) {
      const { changes } = withBusyRetry(() => batch.run(cutoffIso, IMPORTANCE.error, batchSize));
      total += changes;
      if (changes < batchSize) return total;
    }
  }
}
