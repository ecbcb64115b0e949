// The team server's fourth migration: which coding agent made each memory (claude-code, codex,
// gemini, …), as the local record says; and an index of the rows still without word keys. Adding a column without a default is instant on a server that
// holds rows (no rewrite); rows pushed before it keep NULL (not recorded). A search keeps one agent's
// rows when the client sets `memory_team.search_agent` for its statement (see searchTeam).
import { MEMBER_ROLE, SCHEMA } from './server-names.js';

const S = SCHEMA;
/** Where team status stops counting (server-review-queries.ts COUNT_CAP says the same). */
const COUNT_CAP_SQL = 100000;

/** The customised setting a search names its agent in (empty or unset: every agent). */
export const SEARCH_AGENT_SETTING = `${S}.search_agent`;

export const AGENT_COLUMN = `
  ALTER TABLE ${S}.memories ADD COLUMN agent text;
  -- A name, never free text; NOT VALID: checked on every new row, without reading the old ones (all NULL).
  ALTER TABLE ${S}.memories ADD CONSTRAINT memories_agent_name CHECK (agent ~ '^[a-z][a-z0-9-]{0,39}$') NOT VALID;

  -- The rows still waiting for their word keys (pushed before v2), so \`memory team init\` finds them, or
  -- that there are none, without reading the table: empty on a server keyed already.
  CREATE INDEX memories_unkeyed ON ${S}.memories (id) WHERE keys IS NULL;

  CREATE OR REPLACE FUNCTION ${S}.search_scope(p_project text, p_type text, p_since timestamptz) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    SELECT format('m.status = ''approved'' AND m.project = ANY(%L::text[])', ARRAY(
             SELECT pm.project FROM ${S}.project_members pm
             WHERE pm.member = session_user AND (p_project IS NULL OR pm.project = p_project)))
        || CASE WHEN p_type IS NULL THEN '' ELSE format(' AND m.type = %L', p_type) END
        || CASE WHEN p_since IS NULL THEN '' ELSE format(' AND m.created_at >= %L::timestamptz', p_since) END
        || CASE WHEN coalesce(current_setting('${SEARCH_AGENT_SETTING}', true), '') = '' THEN ''
                ELSE format(' AND m.agent = %L', current_setting('${SEARCH_AGENT_SETTING}', true)) END $f$;

  DROP FUNCTION ${S}.search_rows(bigint[]);
  CREATE FUNCTION ${S}.search_rows(p_ids bigint[])
    RETURNS TABLE (id text, project text, author text, host_id text, host_name text, local_id text, session_id text,
                   tool_name text, type text, file_path text, content text, tags text, importance integer, created_at text,
                   agent text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    BEGIN
      RETURN QUERY EXECUTE format('SELECT m.id::text, m.project, m.author::text, m.host_id::text, m.host_name, m.local_id::text,'
        ' m.session_id, m.tool_name, m.type, m.file_path, m.content, m.tags, m.importance::integer,'
        ' to_char(m.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.MS"Z"''), m.agent'
        ' FROM ${S}.memories m WHERE m.id = ANY($1) AND %s', ${S}.search_scope(NULL, NULL, NULL)) USING p_ids;
    END $f$;

  -- A member's own pending rows, counted without reading the project's whole backlog (rows leave it
  -- when approved, so it stays the size of the backlog).
  CREATE INDEX memories_pending ON ${S}.memories (project, author) WHERE status = 'pending';

  -- team status's counts stop at ${COUNT_CAP_SQL} + 1 (shown "${COUNT_CAP_SQL}+"): counting every row of a project
  -- of a million rows costs seconds and tells no more.
  CREATE OR REPLACE FUNCTION ${S}.review_counts()
    RETURNS TABLE (project text, pending bigint, approved bigint)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    SELECT pm.project,
           CASE WHEN pm.role = 'maintainer'
                THEN (SELECT count(*) FROM (SELECT 1 FROM ${S}.memories m WHERE m.project = pm.project AND m.status = 'pending'
                                            LIMIT ${COUNT_CAP_SQL} + 1) t)
                ELSE (SELECT count(*) FROM (SELECT 1 FROM ${S}.memories m WHERE m.project = pm.project AND m.status = 'pending'
                                            AND m.author = session_user LIMIT ${COUNT_CAP_SQL} + 1) t) END,
           (SELECT count(*) FROM (SELECT 1 FROM ${S}.memories m WHERE m.project = pm.project AND m.status = 'approved'
                                  LIMIT ${COUNT_CAP_SQL} + 1) t)
    FROM ${S}.project_members pm WHERE pm.member = session_user $f$;

  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${S} FROM PUBLIC;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${S} TO ${MEMBER_ROLE};
  GRANT INSERT (agent) ON ${S}.memories TO ${MEMBER_ROLE};
`;
