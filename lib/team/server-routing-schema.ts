// Part of the team server's sixth migration (server-pending-schema.ts): the functions that write the
// two tables. A push routes each row by its project's rule (memories when it approves every push,
// else pending_memories) and adds a key already in either table nowhere; a review moves rows between
// them, in batches of its own transactions. The dedupe key (host, local id) is unique in each table,
// and a host's advisory lock keeps a push and a move of that host's rows from crossing: a push holds
// it shared for its statement, a move exclusively, so a push never checks the other table before a
// move commits and then finds the key gone from its own (the one way a key could end up in both).
import { SCHEMA } from './server-names.js';

const S = SCHEMA;

/** Every column a row carries from one table to the other, but its id and review state. */
export const MEMORY_BODY =
  'host_id, local_id, author, host_name, project, session_id, tool_name, type, file_path, content, tags, importance, ' +
  'created_at, pushed_at, request, intent, keys, agent';
const PUSHED =
  'host_id, local_id, host_name, project, session_id, tool_name, type, file_path, content, tags, importance, ' +
  'created_at, request, intent, keys, agent';
const PUSHED_AS = (alias: string) =>
  PUSHED.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');

/** Moves the rows `ids` of one table to the other with the review state given; counts the rows moved. */
const move = (from: string, to: string, review: string) => `
      WITH moved AS (DELETE FROM ${S}.${from} x WHERE x.id = ANY (ids) RETURNING x.*),
           put AS (INSERT INTO ${S}.${to} (id, ${MEMORY_BODY}, status, review_reason, reviewed_by, reviewed_at)
                   ${to === 'memories' ? 'OVERRIDING SYSTEM VALUE' : ''}
                   SELECT id, ${MEMORY_BODY}, ${review} FROM moved ON CONFLICT DO NOTHING RETURNING 1)
      SELECT count(*) FROM moved`;

export const PENDING_FUNCTIONS = `
  -- Takes the advisory locks of these hosts (shared, or exclusive for a move), in one order.
  CREATE FUNCTION ${S}.lock_hosts(p_hosts uuid[], p_exclusive boolean) RETURNS void
    LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE k integer;
    BEGIN
      FOR k IN SELECT DISTINCT hashtext(h::text) FROM unnest(p_hosts) AS h ORDER BY 1 LOOP
        IF p_exclusive THEN PERFORM pg_advisory_xact_lock(hashtext('${S} host'), k);
        ELSE PERFORM pg_advisory_xact_lock_shared(hashtext('${S} host'), k); END IF;
      END LOOP;
    END $f$;

  -- A batch of pushed memories: a row forgotten (tombstoned) or whose key is in either table is
  -- skipped, so a re-push adds nothing. Runs as the pusher, under the tables' policies; VOLATILE, so
  -- the insert's snapshot is taken after the lock (a move that committed meanwhile is seen).
  CREATE FUNCTION ${S}.push_memories(p_rows jsonb) RETURNS integer
    LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE n integer;
    BEGIN
      PERFORM ${S}.lock_hosts(ARRAY(SELECT DISTINCT (r->>'host_id')::uuid FROM jsonb_array_elements(p_rows) AS r), false);
      WITH r AS MATERIALIZED (
        SELECT r.*, coalesce((SELECT p.auto_approve FROM ${S}.projects p WHERE p.name = r.project), false) AS auto
        FROM jsonb_to_recordset(p_rows) AS r(host_id uuid, local_id bigint, host_name text, project text, session_id text,
             tool_name text, type text, file_path text, content text, tags text, importance smallint,
             created_at timestamptz, request text, intent text, keys text[], agent text)
        WHERE NOT EXISTS (SELECT 1 FROM ${S}.tombstones t
                          WHERE t.kind = 'memory' AND t.host_id = r.host_id AND t.local_key = r.local_id::text)),
      approved AS (
        INSERT INTO ${S}.memories (${PUSHED}) SELECT ${PUSHED_AS('r')} FROM r
        WHERE r.auto AND NOT EXISTS (SELECT 1 FROM ${S}.pending_memories q WHERE q.host_id = r.host_id AND q.local_id = r.local_id)
        ON CONFLICT (host_id, local_id) DO NOTHING RETURNING 1),
      waiting AS (
        INSERT INTO ${S}.pending_memories (${PUSHED}) SELECT ${PUSHED_AS('r')} FROM r
        WHERE NOT r.auto AND NOT EXISTS (SELECT 1 FROM ${S}.memories m WHERE m.host_id = r.host_id AND m.local_id = r.local_id)
        ON CONFLICT (host_id, local_id) DO NOTHING RETURNING 1)
      SELECT (SELECT count(*) FROM approved) + (SELECT count(*) FROM waiting) INTO n;
      RETURN n;
    END $f$;

  -- One review batch of memories, as the login role: the rows p_ids (or, when null, at most p_limit
  -- of the pending backlog, of p_project when given) of projects the role maintains (the
  -- administrator: all). Approving moves them into memories; rejecting marks them in
  -- pending_memories, and moves an approved row named by id back there. Returns the rows changed.
  CREATE FUNCTION ${S}.review_memories(p_status text, p_reason text, p_ids bigint[], p_project text, p_limit integer)
    RETURNS integer LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE
      who name := session_user;
      reviewable text[] := CASE WHEN ${S}.is_admin(session_user) THEN ARRAY(SELECT name FROM ${S}.projects)
        ELSE ARRAY(SELECT pm.project FROM ${S}.project_members pm WHERE pm.member = session_user AND pm.role = 'maintainer') END;
      -- Which rows, as literals the planner sees (pending_memories_review answers the backlog's).
      chosen text := CASE WHEN p_ids IS NULL
        THEN format('q.project = ANY (%L::text[]) AND q.status = ''pending''',
                    ARRAY(SELECT x FROM unnest(reviewable) AS x WHERE p_project IS NULL OR x = p_project))
        ELSE format('q.project = ANY (%L::text[]) AND q.id = ANY (%L::bigint[]) AND q.status IS DISTINCT FROM %L',
                    reviewable, p_ids, p_status) END;
      hosts uuid[];
      ids bigint[];
      n integer := 0;
      k integer;
    BEGIN
      IF p_status NOT IN ('approved', 'rejected') THEN RAISE EXCEPTION 'a review approves or rejects'; END IF;
      -- The hosts' locks before any row's, the order a push and forget take theirs in.
      EXECUTE format('SELECT ARRAY(SELECT DISTINCT t.host_id FROM (SELECT q.host_id FROM ${S}.pending_memories q WHERE %s'
        ' LIMIT $1) t)', chosen) INTO hosts USING p_limit;
      IF p_status = 'rejected' AND p_ids IS NOT NULL THEN
        hosts := hosts || ARRAY(SELECT m.host_id FROM ${S}.memories m WHERE m.id = ANY (p_ids) AND m.project = ANY (reviewable));
      END IF;
      PERFORM ${S}.lock_hosts(hosts, true);
      EXECUTE format('SELECT ARRAY(SELECT q.id FROM ${S}.pending_memories q WHERE %s AND q.host_id = ANY ($2)'
        ' LIMIT $1 FOR UPDATE SKIP LOCKED)', chosen) INTO ids USING p_limit, hosts;
      IF p_status = 'approved' THEN
        ${move('pending_memories', 'memories', "'approved', p_reason, who, now()")} INTO n;
        RETURN n;
      END IF;
      UPDATE ${S}.pending_memories q SET status = 'rejected', review_reason = p_reason, reviewed_by = who, reviewed_at = now()
        WHERE q.id = ANY (ids);
      GET DIAGNOSTICS n = ROW_COUNT;
      IF p_ids IS NOT NULL THEN
        ids := ARRAY(SELECT m.id FROM ${S}.memories m WHERE m.id = ANY (p_ids) AND m.project = ANY (reviewable)
                     AND m.host_id = ANY (hosts) FOR UPDATE);
        ${move('memories', 'pending_memories', "'rejected', p_reason, who, now()")} INTO k;
        n := n + k;
      END IF;
      RETURN n;
    END $f$;
`;
