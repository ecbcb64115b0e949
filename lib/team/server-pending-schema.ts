// The team server's sixth migration: what waits for review lives beside the memories, not in them.
// memories holds approved rows only, each written once (its GIN entries made once, at push or at
// approval); pending and rejected rows live in pending_memories, with only the B-tree indexes review,
// counting and the dedupe key need, and a review moves rows between the two (the functions in
// server-routing-schema.ts). Before, approving was an UPDATE of memories.status: a new heap tuple
// and new entries in every index (status is in their predicates, so never a HOT update), and the
// table grew by the approved rows' size. The rows already waiting are moved by `memory team init`
// after this migration, in batches (movePendingRows), so no statement here reads the whole table.
import { MEMBER_ROLE, SCHEMA } from './server-names.js';
import { PENDING_FUNCTIONS } from './server-routing-schema.js';

const S = SCHEMA;
const mine = `(SELECT ${S}.my_projects())::text[]`;
const maintained = `(SELECT ${S}.my_maintained())::text[]`;
const hosts = `(SELECT ${S}.my_hosts())::uuid[]`;
const autoApproved = `(SELECT ${S}.my_auto_approved())::text[]`;
/** Where team status stops counting (server-review-queries.ts COUNT_CAP says the same). */
const COUNT_CAP_SQL = 100000;

export const PENDING_TABLE = `
  -- Same columns as memories; ids from the same sequence, so a row keeps its id when it moves.
  CREATE TABLE ${S}.pending_memories (
    id            bigint      PRIMARY KEY DEFAULT nextval('${S}.memories_id_seq'),
    host_id       uuid        NOT NULL REFERENCES ${S}.hosts (host_id),
    local_id      bigint      NOT NULL,
    author        name        NOT NULL DEFAULT current_user,
    host_name     text        NOT NULL,
    project       text        NOT NULL REFERENCES ${S}.projects (name) ON DELETE CASCADE ON UPDATE CASCADE,
    session_id    text        NOT NULL,
    tool_name     text        NOT NULL,
    type          text        NOT NULL,
    file_path     text,
    content       text        NOT NULL,
    tags          text        NOT NULL DEFAULT '',
    importance    smallint    NOT NULL,
    created_at    timestamptz NOT NULL,
    status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected')),
    review_reason text,
    reviewed_by   name,
    reviewed_at   timestamptz,
    pushed_at     timestamptz NOT NULL DEFAULT now(),
    request       text,
    intent        text,
    keys          text[],
    agent         text        CHECK (agent ~ '^[a-z][a-z0-9-]{0,39}$'),
    UNIQUE (host_id, local_id)
  );
  -- The review page (oldest first per project), --all's batches, the counts and expiry.
  CREATE INDEX pending_memories_review ON ${S}.pending_memories (project, status, created_at, id);
  -- A member's own waiting rows, for team status.
  CREATE INDEX pending_memories_author ON ${S}.pending_memories (project, author) WHERE status = 'pending';
  -- Rows pushed before schema v2 still without word keys (memory team init keys them).
  CREATE INDEX pending_memories_unkeyed ON ${S}.pending_memories (id) WHERE keys IS NULL;

  -- The projects of the role that approve every push, read once per statement like my_projects().
  CREATE FUNCTION ${S}.my_auto_approved() RETURNS text[] LANGUAGE sql STABLE AS
    $f$ SELECT ARRAY(SELECT p.name FROM ${S}.projects p JOIN ${S}.project_members pm ON pm.project = p.name
                     WHERE pm.member = current_user AND p.auto_approve) $f$;

  -- Maintainers see their projects' waiting rows; a member its own pushes; an outsider nothing.
  ALTER TABLE ${S}.pending_memories ENABLE ROW LEVEL SECURITY;
  CREATE POLICY pending_read ON ${S}.pending_memories FOR SELECT USING (
    project = ANY (${maintained}) OR (author = current_user AND project = ANY (${mine})));
  CREATE POLICY pending_write ON ${S}.pending_memories FOR INSERT WITH CHECK (
    author = current_user AND host_id = ANY (${hosts}) AND project = ANY (${mine}));
  CREATE POLICY pending_forget ON ${S}.pending_memories FOR DELETE USING (
    (author = current_user AND host_id = ANY (${hosts})) OR project = ANY (${maintained}));

  -- memories: approved rows only. A member writes there only into a project that approves every push
  -- (else into pending_memories); nobody updates a row's review state there (a review moves the row).
  DROP POLICY memories_read ON ${S}.memories;
  DROP POLICY memories_write ON ${S}.memories;
  DROP POLICY memories_review ON ${S}.memories;
  -- Still by status: until \`memory team init\` has moved them, rows waiting from before v6 are in memories too.
  CREATE POLICY memories_read ON ${S}.memories FOR SELECT USING (status = 'approved' AND project = ANY (${mine}));
  CREATE POLICY memories_write ON ${S}.memories FOR INSERT WITH CHECK (
    author = current_user AND host_id = ANY (${hosts}) AND project = ANY (${autoApproved}));
  REVOKE UPDATE (status, review_reason, reviewed_by, reviewed_at) ON ${S}.memories FROM ${MEMBER_ROLE};
  DROP TRIGGER memories_review ON ${S}.memories;

  -- Every row entering memories is approved: by its project's rule (no reviewer given: members cannot
  -- name one, see the grants) or by the review that moves it (which names its reviewer).
  CREATE FUNCTION ${S}.gate_memory() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    BEGIN
      NEW.status := 'approved';
      IF NEW.reviewed_by IS NULL THEN
        NEW.review_reason := NULL;
        NEW.reviewed_by := 'auto-approve';
        NEW.reviewed_at := now();
      END IF;
      RETURN NEW;
    END $f$;
  DROP TRIGGER memories_gate ON ${S}.memories;
  CREATE TRIGGER memories_gate BEFORE INSERT ON ${S}.memories FOR EACH ROW EXECUTE FUNCTION ${S}.gate_memory();
  ALTER TABLE ${S}.memories ALTER COLUMN status SET DEFAULT 'approved';
  -- NOT VALID: checked on every new row without reading the old ones, which movePendingRows sorts out.
  ALTER TABLE ${S}.memories ADD CONSTRAINT memories_approved_only CHECK (status = 'approved') NOT VALID;
  DROP INDEX ${S}.memories_pending;

  -- team status: waiting rows counted in pending_memories, approved ones in memories (all of its rows).
  CREATE OR REPLACE FUNCTION ${S}.review_counts()
    RETURNS TABLE (project text, pending bigint, approved bigint)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    SELECT pm.project,
           CASE WHEN pm.role = 'maintainer'
                THEN (SELECT count(*) FROM (SELECT 1 FROM ${S}.pending_memories q WHERE q.project = pm.project
                                            AND q.status = 'pending' LIMIT ${COUNT_CAP_SQL} + 1) t)
                ELSE (SELECT count(*) FROM (SELECT 1 FROM ${S}.pending_memories q WHERE q.project = pm.project
                                            AND q.status = 'pending' AND q.author = session_user LIMIT ${COUNT_CAP_SQL} + 1) t) END,
           (SELECT count(*) FROM (SELECT 1 FROM ${S}.memories m WHERE m.project = pm.project
                                  LIMIT ${COUNT_CAP_SQL} + 1) t)
    FROM ${S}.project_members pm WHERE pm.member = session_user $f$;
  ${PENDING_FUNCTIONS}

  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${S} FROM PUBLIC;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${S} TO ${MEMBER_ROLE};
  GRANT USAGE ON SEQUENCE ${S}.memories_id_seq TO ${MEMBER_ROLE};
  GRANT SELECT, DELETE,
        INSERT (host_id, local_id, host_name, project, session_id, tool_name, type, file_path, content, tags, importance,
                created_at, request, intent, keys, agent)
    ON ${S}.pending_memories TO ${MEMBER_ROLE};
`;
