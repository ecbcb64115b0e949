// Databases written by the first implementation of this tool (no user_version): how their rows move into
// the v1 tables (lib/db/open.ts runs these once, in one transaction, before the migrations).

/**
 * Databases written by the first implementation of this tool (same path, same table names, no
 * user_version) are adopted, not rejected: their rows move into the v1 tables and the original
 * tables are kept, renamed `legacy_*`, untouched. The FTS tables and triggers are derived data and
 * are rebuilt by v1. If the old rows do not fit, the whole transaction rolls back and nothing changes.
 */
export const LEGACY_TABLE_RENAMES = `
  DROP TABLE IF EXISTS memory_words;
  DROP TABLE IF EXISTS memory_grams;
  DROP TABLE IF EXISTS memories_fts;
  DROP TABLE IF EXISTS memories_trigram;
  ALTER TABLE memories RENAME TO legacy_memories;
`;

export const LEGACY_SUMMARIES_RENAME = 'ALTER TABLE session_summaries RENAME TO legacy_session_summaries;';

export const LEGACY_MEMORIES_COPY = `
  INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags,
                        importance, created_at, source)
  SELECT coalesce(session_id, 'unknown'), coalesce(tool_name, 'unknown'),
         CASE WHEN type IN ('observation', 'file_edit', 'command', 'error') THEN type ELSE 'observation' END,
         coalesce(project, 'unknown'), coalesce(project, 'unknown'), file_path, coalesce(content, ''),
         coalesce(tags, ''), CASE WHEN importance BETWEEN 1 AND 3 THEN importance ELSE 1 END,
         coalesce(strftime('%Y-%m-%dT%H:%M:%fZ', created_at), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), 'legacy'
  FROM legacy_memories ORDER BY id;
`;

export const LEGACY_SUMMARIES_COPY = `
  INSERT OR IGNORE INTO session_summaries (session_id, project, project_path, summary, tools_used, files_changed,
                                           memory_count, error_count, duration_sec, started_at, ended_at, updated_at)
  SELECT s.session_id, coalesce(s.project, 'unknown'), coalesce(s.project, 'unknown'), coalesce(s.summary, ''),
         coalesce(s.tools_used, '[]'), coalesce(s.files_changed, '[]'), coalesce(s.memory_count, 0),
         (SELECT count(*) FROM memories m WHERE m.session_id = s.session_id AND m.type = 'error'),
         coalesce(s.duration_sec, 0),
         coalesce((SELECT min(created_at) FROM memories m WHERE m.session_id = s.session_id), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
         coalesce((SELECT max(created_at) FROM memories m WHERE m.session_id = s.session_id), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM legacy_session_summaries s WHERE s.session_id IS NOT NULL;
`;
