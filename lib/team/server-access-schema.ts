// Part of the team server's second migration: row-level security the planner turns into index
// conditions. The role's projects, maintained projects and hosts are arrays read once per statement
// (each policy calls them in an uncorrelated scalar subquery, an InitPlan), where schema v1 called
// a SECURITY DEFINER function once per row. Review counts for `team status` come from one function.
import { MEMBER_ROLE, SCHEMA } from './server-names.js';

const S = SCHEMA;
// Wrapped in a scalar subquery, each call is made once per statement; a bare call in a policy would be
// made for every row. They run as the caller and read the membership tables under their own
// policies, which show each role its own rows.
const mine = `(SELECT ${S}.my_projects())::text[]`;
const maintained = `(SELECT ${S}.my_maintained())::text[]`;
const hosts = `(SELECT ${S}.my_hosts())::uuid[]`;

export const ACCESS_BY_ARRAYS = `
  CREATE FUNCTION ${S}.my_projects() RETURNS text[] LANGUAGE sql STABLE AS
    $f$ SELECT ARRAY(SELECT pm.project FROM ${S}.project_members pm WHERE pm.member = current_user) $f$;
  CREATE FUNCTION ${S}.my_maintained() RETURNS text[] LANGUAGE sql STABLE AS
    $f$ SELECT ARRAY(SELECT pm.project FROM ${S}.project_members pm WHERE pm.member = current_user AND pm.role = 'maintainer') $f$;
  CREATE FUNCTION ${S}.my_hosts() RETURNS uuid[] LANGUAGE sql STABLE AS
    $f$ SELECT ARRAY(SELECT h.host_id FROM ${S}.hosts h WHERE h.owner = current_user) $f$;

  DROP POLICY memories_read ON ${S}.memories;
  DROP POLICY memories_write ON ${S}.memories;
  DROP POLICY memories_review ON ${S}.memories;
  DROP POLICY memories_forget ON ${S}.memories;
  CREATE POLICY memories_read ON ${S}.memories FOR SELECT USING (
    (status = 'approved' AND project = ANY (${mine}))
    OR project = ANY (${maintained})
    OR (author = current_user AND project = ANY (${mine})));
  CREATE POLICY memories_write ON ${S}.memories FOR INSERT WITH CHECK (
    author = current_user AND host_id = ANY (${hosts}) AND project = ANY (${mine}));
  CREATE POLICY memories_review ON ${S}.memories FOR UPDATE
    USING (project = ANY (${maintained})) WITH CHECK (project = ANY (${maintained}));
  CREATE POLICY memories_forget ON ${S}.memories FOR DELETE USING (
    (author = current_user AND host_id = ANY (${hosts})) OR project = ANY (${maintained}));

  DROP POLICY summaries_read ON ${S}.session_summaries;
  DROP POLICY summaries_write ON ${S}.session_summaries;
  DROP POLICY summaries_update ON ${S}.session_summaries;
  DROP POLICY summaries_forget ON ${S}.session_summaries;
  CREATE POLICY summaries_read ON ${S}.session_summaries FOR SELECT USING (
    (status = 'approved' AND project = ANY (${mine}))
    OR project = ANY (${maintained})
    OR (author = current_user AND project = ANY (${mine})));
  CREATE POLICY summaries_write ON ${S}.session_summaries FOR INSERT WITH CHECK (
    author = current_user AND host_id = ANY (${hosts}) AND project = ANY (${mine}));
  CREATE POLICY summaries_update ON ${S}.session_summaries FOR UPDATE
    USING ((author = current_user AND host_id = ANY (${hosts})) OR project = ANY (${maintained}))
    WITH CHECK ((author = current_user AND host_id = ANY (${hosts}) AND project = ANY (${mine}))
                OR project = ANY (${maintained}));
  CREATE POLICY summaries_forget ON ${S}.session_summaries FOR DELETE USING (
    (author = current_user AND host_id = ANY (${hosts})) OR project = ANY (${maintained}));

  DROP POLICY tombstones_read ON ${S}.tombstones;
  DROP POLICY tombstones_write ON ${S}.tombstones;
  CREATE POLICY tombstones_read ON ${S}.tombstones FOR SELECT USING (
    host_id = ANY (${hosts}) OR project = ANY (${maintained}));
  CREATE POLICY tombstones_write ON ${S}.tombstones FOR INSERT WITH CHECK (
    author = current_user AND (host_id = ANY (${hosts}) OR project = ANY (${maintained})));

  -- Pending and approved memories per project of the login role, for \`team status\`: counted from the
  -- (project, status, created_at) index; a member counts the project's approved rows and their own
  -- pending ones, a maintainer every pending one (what each may read).
  CREATE FUNCTION ${S}.review_counts()
    RETURNS TABLE (project text, pending bigint, approved bigint)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    SELECT pm.project,
           CASE WHEN pm.role = 'maintainer'
                THEN (SELECT count(*) FROM ${S}.memories m WHERE m.project = pm.project AND m.status = 'pending')
                ELSE (SELECT count(*) FROM ${S}.memories m WHERE m.project = pm.project AND m.status = 'pending'
                                                            AND m.author = session_user) END,
           (SELECT count(*) FROM ${S}.memories m WHERE m.project = pm.project AND m.status = 'approved')
    FROM ${S}.project_members pm WHERE pm.member = session_user $f$;

  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${S} FROM PUBLIC;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${S} TO ${MEMBER_ROLE};
`;
