// The team server's schema as append-only PostgreSQL migrations (SERVER_MIGRATIONS[n] takes the
// recorded version from n to n+1), including the roles and row-level security that decide who sees
// and changes what. Never edit a shipped migration; add the next one.

import { MEMBER_ROLE, SCHEMA } from './server-names.js';
import { ACCESS_BY_ARRAYS } from './server-access-schema.js';
import { SEARCH_BY_KEYS } from './server-keys-schema.js';
import { SEARCH_AS_LOCAL } from './server-rank-schema.js';
import { AGENT_COLUMN } from './server-agent-schema.js';
import { APPROVED_INDEXES } from './server-approval-schema.js';
import { PENDING_TABLE } from './server-pending-schema.js';

export { MEMBER_ROLE, SCHEMA };

export const SERVER_MIGRATIONS: readonly string[] = [
  `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${MEMBER_ROLE}') THEN
      CREATE ROLE ${MEMBER_ROLE} NOLOGIN;
    END IF;
  END $$;

  CREATE TABLE ${SCHEMA}.server_info (
    server_id  uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    created_at timestamptz NOT NULL DEFAULT now()
  );
  INSERT INTO ${SCHEMA}.server_info DEFAULT VALUES;

  CREATE TABLE ${SCHEMA}.projects (
    name           text        PRIMARY KEY,
    auto_approve   boolean     NOT NULL DEFAULT false,
    ttl_days       integer     NOT NULL DEFAULT 180 CHECK (ttl_days BETWEEN 1 AND 36500),
    error_ttl_days integer     NOT NULL DEFAULT 365 CHECK (error_ttl_days BETWEEN 1 AND 36500),
    created_at     timestamptz NOT NULL DEFAULT now(),
    CHECK (error_ttl_days >= ttl_days)
  );

  -- Who belongs to a project, by PostgreSQL role name; maintainers review and set the project's rules.
  CREATE TABLE ${SCHEMA}.project_members (
    project text NOT NULL REFERENCES ${SCHEMA}.projects (name) ON DELETE CASCADE ON UPDATE CASCADE,
    member  name NOT NULL,
    role    text NOT NULL CHECK (role IN ('member', 'maintainer')),
    PRIMARY KEY (project, member)
  );

  -- A host is one local memory database; its random id is the first half of every row key it pushes.
  CREATE TABLE ${SCHEMA}.hosts (
    host_id    uuid        PRIMARY KEY,
    owner      name        NOT NULL DEFAULT current_user,
    host_name  text        NOT NULL,
    first_seen timestamptz NOT NULL DEFAULT now(),
    last_push  timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE ${SCHEMA}.memories (
    id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    host_id       uuid        NOT NULL REFERENCES ${SCHEMA}.hosts (host_id),
    local_id      bigint      NOT NULL,
    author        name        NOT NULL DEFAULT current_user,
    host_name     text        NOT NULL,
    project       text        NOT NULL REFERENCES ${SCHEMA}.projects (name) ON DELETE CASCADE ON UPDATE CASCADE,
    session_id    text        NOT NULL,
    tool_name     text        NOT NULL,
    type          text        NOT NULL,
    file_path     text,
    content       text        NOT NULL,
    tags          text        NOT NULL DEFAULT '',
    importance    smallint    NOT NULL,
    created_at    timestamptz NOT NULL,
    status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    review_reason text,
    reviewed_by   name,
    reviewed_at   timestamptz,
    pushed_at     timestamptz NOT NULL DEFAULT now(),
    search        tsvector    GENERATED ALWAYS AS
                    (to_tsvector('simple', content || ' ' || tags || ' ' || coalesce(file_path, ''))) STORED,
    UNIQUE (host_id, local_id)
  );
  CREATE INDEX memories_search ON ${SCHEMA}.memories USING gin (search);
  -- The same expression the substring tier's ILIKE uses, so pg_trgm can answer it from the index.
  CREATE INDEX memories_trigram ON ${SCHEMA}.memories
    USING gin ((content || ' ' || tags || ' ' || coalesce(file_path, '')) gin_trgm_ops);
  CREATE INDEX memories_project_status ON ${SCHEMA}.memories (project, status, created_at DESC);
  CREATE INDEX memories_created ON ${SCHEMA}.memories (created_at DESC);

  CREATE TABLE ${SCHEMA}.session_summaries (
    id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    host_id       uuid        NOT NULL REFERENCES ${SCHEMA}.hosts (host_id),
    session_id    text        NOT NULL,
    author        name        NOT NULL DEFAULT current_user,
    host_name     text        NOT NULL,
    project       text        NOT NULL REFERENCES ${SCHEMA}.projects (name) ON DELETE CASCADE ON UPDATE CASCADE,
    summary       text        NOT NULL,
    tools_used    text        NOT NULL DEFAULT '[]',
    files_changed text        NOT NULL DEFAULT '[]',
    memory_count  integer     NOT NULL,
    error_count   integer     NOT NULL,
    duration_sec  integer     NOT NULL,
    started_at    timestamptz NOT NULL,
    ended_at      timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    review_reason text,
    reviewed_by   name,
    reviewed_at   timestamptz,
    pushed_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (host_id, session_id)
  );
  CREATE INDEX session_summaries_project_status ON ${SCHEMA}.session_summaries (project, status, ended_at DESC);

  -- Forgotten rows: the row is deleted and its key kept here, so no push can bring it back.
  CREATE TABLE ${SCHEMA}.tombstones (
    kind         text        NOT NULL CHECK (kind IN ('memory', 'summary')),
    host_id      uuid        NOT NULL,
    local_key    text        NOT NULL,
    project      text        NOT NULL,
    author       name        NOT NULL DEFAULT current_user,
    forgotten_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, host_id, local_key)
  );

  -- Membership tests for the policies. SECURITY DEFINER so members need no read access to the
  -- membership table; the role asked about is passed in because inside the function current_user
  -- is the definer.
  CREATE FUNCTION ${SCHEMA}.is_member(p text, who name) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS
    $f$ SELECT EXISTS (SELECT 1 FROM ${SCHEMA}.project_members WHERE project = p AND member = who) $f$;
  CREATE FUNCTION ${SCHEMA}.is_maintainer(p text, who name) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS
    $f$ SELECT EXISTS (SELECT 1 FROM ${SCHEMA}.project_members WHERE project = p AND member = who AND role = 'maintainer') $f$;
  -- The administrator: whoever owns the schema (ran init), or a role granted that owner's role.
  CREATE FUNCTION ${SCHEMA}.is_admin(who name) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS
    $f$ SELECT pg_has_role(who, (SELECT nspowner FROM pg_namespace WHERE nspname = '${SCHEMA}'), 'MEMBER') $f$;
  CREATE FUNCTION ${SCHEMA}.owns_host(h uuid, who name) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS
    $f$ SELECT EXISTS (SELECT 1 FROM ${SCHEMA}.hosts WHERE host_id = h AND owner = who) $f$;

  -- A pushed row starts pending, or approved when its project auto-approves; whatever the pusher sent.
  CREATE FUNCTION ${SCHEMA}.gate_new_row() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    BEGIN
      NEW.status := CASE WHEN (SELECT auto_approve FROM ${SCHEMA}.projects WHERE name = NEW.project)
                         THEN 'approved' ELSE 'pending' END;
      NEW.review_reason := NULL;
      NEW.reviewed_by := CASE WHEN NEW.status = 'approved' THEN 'auto-approve' ELSE NULL END;
      NEW.reviewed_at := CASE WHEN NEW.status = 'approved' THEN now() ELSE NULL END;
      RETURN NEW;
    END $f$;
  -- Only a maintainer of the row's project changes its review state; a summary whose text changes
  -- goes back through the gate. Runs as the caller, so current_user is the one asking.
  CREATE FUNCTION ${SCHEMA}.guard_review() RETURNS trigger
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $f$
    BEGIN
      IF (NEW.status, NEW.review_reason, NEW.reviewed_by, NEW.reviewed_at)
         IS DISTINCT FROM (OLD.status, OLD.review_reason, OLD.reviewed_by, OLD.reviewed_at)
         AND NOT ${SCHEMA}.is_maintainer(NEW.project, current_user)
         AND NOT ${SCHEMA}.is_admin(current_user) THEN
        RAISE EXCEPTION 'only a maintainer of project % can review its memories', NEW.project USING ERRCODE = '42501';
      END IF;
      IF TG_TABLE_NAME = 'session_summaries' AND to_jsonb(NEW) -> 'summary' IS DISTINCT FROM to_jsonb(OLD) -> 'summary' THEN
        NEW.status := CASE WHEN (SELECT auto_approve FROM ${SCHEMA}.projects WHERE name = NEW.project)
                           THEN 'approved' ELSE 'pending' END;
        NEW.reviewed_by := CASE WHEN NEW.status = 'approved' THEN 'auto-approve' ELSE NULL END;
        NEW.reviewed_at := CASE WHEN NEW.status = 'approved' THEN now() ELSE NULL END;
        NEW.review_reason := NULL;
      END IF;
      RETURN NEW;
    END $f$;
  CREATE TRIGGER memories_gate BEFORE INSERT ON ${SCHEMA}.memories FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.gate_new_row();
  CREATE TRIGGER session_summaries_gate BEFORE INSERT ON ${SCHEMA}.session_summaries FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.gate_new_row();
  CREATE TRIGGER memories_review BEFORE UPDATE ON ${SCHEMA}.memories FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.guard_review();
  CREATE TRIGGER session_summaries_review BEFORE UPDATE ON ${SCHEMA}.session_summaries FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.guard_review();

  -- Row-level security: the owner (whoever ran init) administers; members see what the policies allow.
  ALTER TABLE ${SCHEMA}.projects ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${SCHEMA}.project_members ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${SCHEMA}.hosts ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${SCHEMA}.memories ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${SCHEMA}.session_summaries ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${SCHEMA}.tombstones ENABLE ROW LEVEL SECURITY;

  CREATE POLICY projects_read ON ${SCHEMA}.projects FOR SELECT USING (${SCHEMA}.is_member(name, current_user));
  CREATE POLICY projects_rules ON ${SCHEMA}.projects FOR UPDATE
    USING (${SCHEMA}.is_maintainer(name, current_user)) WITH CHECK (${SCHEMA}.is_maintainer(name, current_user));

  CREATE POLICY members_read ON ${SCHEMA}.project_members FOR SELECT
    USING (member = current_user OR ${SCHEMA}.is_maintainer(project, current_user));

  CREATE POLICY hosts_own ON ${SCHEMA}.hosts FOR ALL USING (owner = current_user) WITH CHECK (owner = current_user);

  -- Read: approved rows of one's projects; all rows of projects one maintains; one's own pushes
  -- (a pusher must see its own row to forget it, and an upsert must see the row it updates).
  CREATE POLICY memories_read ON ${SCHEMA}.memories FOR SELECT USING (
    (status = 'approved' AND ${SCHEMA}.is_member(project, current_user))
    OR ${SCHEMA}.is_maintainer(project, current_user)
    OR (author = current_user AND ${SCHEMA}.is_member(project, current_user)));
  CREATE POLICY memories_write ON ${SCHEMA}.memories FOR INSERT WITH CHECK (
    author = current_user AND ${SCHEMA}.owns_host(host_id, current_user) AND ${SCHEMA}.is_member(project, current_user));
  CREATE POLICY memories_review ON ${SCHEMA}.memories FOR UPDATE
    USING (${SCHEMA}.is_maintainer(project, current_user)) WITH CHECK (${SCHEMA}.is_maintainer(project, current_user));
  CREATE POLICY memories_forget ON ${SCHEMA}.memories FOR DELETE USING (
    (author = current_user AND ${SCHEMA}.owns_host(host_id, current_user)) OR ${SCHEMA}.is_maintainer(project, current_user));

  CREATE POLICY summaries_read ON ${SCHEMA}.session_summaries FOR SELECT USING (
    (status = 'approved' AND ${SCHEMA}.is_member(project, current_user))
    OR ${SCHEMA}.is_maintainer(project, current_user)
    OR (author = current_user AND ${SCHEMA}.is_member(project, current_user)));
  CREATE POLICY summaries_write ON ${SCHEMA}.session_summaries FOR INSERT WITH CHECK (
    author = current_user AND ${SCHEMA}.owns_host(host_id, current_user) AND ${SCHEMA}.is_member(project, current_user));
  -- Authors refresh their own summaries (the text only: see the column grants); maintainers review.
  CREATE POLICY summaries_update ON ${SCHEMA}.session_summaries FOR UPDATE
    USING ((author = current_user AND ${SCHEMA}.owns_host(host_id, current_user)) OR ${SCHEMA}.is_maintainer(project, current_user))
    WITH CHECK ((author = current_user AND ${SCHEMA}.owns_host(host_id, current_user) AND ${SCHEMA}.is_member(project, current_user))
                OR ${SCHEMA}.is_maintainer(project, current_user));
  CREATE POLICY summaries_forget ON ${SCHEMA}.session_summaries FOR DELETE USING (
    (author = current_user AND ${SCHEMA}.owns_host(host_id, current_user)) OR ${SCHEMA}.is_maintainer(project, current_user));

  CREATE POLICY tombstones_read ON ${SCHEMA}.tombstones FOR SELECT USING (
    ${SCHEMA}.owns_host(host_id, current_user) OR ${SCHEMA}.is_maintainer(project, current_user));
  CREATE POLICY tombstones_write ON ${SCHEMA}.tombstones FOR INSERT WITH CHECK (
    author = current_user AND (${SCHEMA}.owns_host(host_id, current_user) OR ${SCHEMA}.is_maintainer(project, current_user)));

  -- Search for teammates. Under row-level security the planner may not use an index for a
  -- non-leakproof operator (@@, ILIKE) before the policy has filtered the rows, so every search would
  -- read the whole table. This function runs as the owner, where the GIN indexes serve, and applies
  -- the members' read rule itself: approved rows of projects the login role belongs to.
  CREATE FUNCTION ${SCHEMA}.search_approved(tier text, terms text[], patterns text[], p_project text, p_type text,
                                            p_since timestamptz, p_limit integer, p_window integer)
    RETURNS TABLE (id text, project text, author text, host_id text, host_name text, local_id text, session_id text,
                   tool_name text, type text, file_path text, content text, tags text, importance integer, created_at text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE
      visible text := format(
        'm.status = ''approved'' AND EXISTS (SELECT 1 FROM ${SCHEMA}.project_members pm WHERE pm.project = m.project AND pm.member = %L)'
        ' AND (%L::text IS NULL OR m.project = %L) AND (%L::text IS NULL OR m.type = %L)'
        ' AND (%L::timestamptz IS NULL OR m.created_at >= %L::timestamptz)',
        session_user, p_project, p_project, p_type, p_type, p_since, p_since);
      columns text := 'm.id::text, m.project, m.author::text, m.host_id::text, m.host_name, m.local_id::text, m.session_id,'
        ' m.tool_name, m.type, m.file_path, m.content, m.tags, m.importance::integer,'
        ' to_char(m.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'')';
      matches text;
      query tsquery;
      term text;
    BEGIN
      IF tier = 'words' THEN
        FOREACH term IN ARRAY terms LOOP
          query := CASE WHEN query IS NULL THEN plainto_tsquery('simple', term) ELSE query && plainto_tsquery('simple', term) END;
        END LOOP;
        RETURN QUERY EXECUTE format('SELECT %s FROM ${SCHEMA}.memories m WHERE %s AND m.search @@ $1'
          ' ORDER BY ts_rank(m.search, $1) DESC, m.created_at DESC, m.id DESC LIMIT $2', columns, visible) USING query, p_limit;
        RETURN;
      END IF;
      -- Patterns become quoted literals, so the planner sees them and pg_trgm can use its index.
      SELECT string_agg(format('(m.content || '' '' || m.tags || '' '' || coalesce(m.file_path, '''')) ILIKE %L', pattern), ' AND ')
        INTO matches FROM unnest(patterns) AS pattern;
      IF tier = 'substrings' THEN
        RETURN QUERY EXECUTE format('SELECT %s FROM ${SCHEMA}.memories m WHERE %s AND %s'
          ' ORDER BY m.created_at DESC, m.id DESC LIMIT $1', columns, visible, matches) USING p_limit;
      ELSE
        RETURN QUERY EXECUTE format('SELECT %s FROM (SELECT * FROM ${SCHEMA}.memories m WHERE %s'
          ' ORDER BY m.created_at DESC, m.id DESC LIMIT $2) m WHERE %s ORDER BY m.created_at DESC, m.id DESC LIMIT $1',
          columns, visible, matches) USING p_limit, p_window;
      END IF;
    END $f$;

  -- Table privileges: what the policies filter. Nobody but the owner writes status on insert, or
  -- changes who wrote a row.
  REVOKE ALL ON SCHEMA ${SCHEMA} FROM PUBLIC;
  GRANT USAGE ON SCHEMA ${SCHEMA} TO ${MEMBER_ROLE};
  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${SCHEMA} FROM PUBLIC;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${SCHEMA} TO ${MEMBER_ROLE};
  GRANT SELECT ON ${SCHEMA}.schema_migrations, ${SCHEMA}.server_info TO ${MEMBER_ROLE};
  GRANT SELECT, UPDATE (auto_approve, ttl_days, error_ttl_days) ON ${SCHEMA}.projects TO ${MEMBER_ROLE};
  GRANT SELECT ON ${SCHEMA}.project_members TO ${MEMBER_ROLE};
  GRANT SELECT, INSERT (host_id, host_name), UPDATE (host_name, last_push) ON ${SCHEMA}.hosts TO ${MEMBER_ROLE};
  GRANT SELECT, DELETE,
        INSERT (host_id, local_id, host_name, project, session_id, tool_name, type, file_path, content, tags, importance, created_at),
        UPDATE (status, review_reason, reviewed_by, reviewed_at)
    ON ${SCHEMA}.memories TO ${MEMBER_ROLE};
  GRANT SELECT, DELETE,
        INSERT (host_id, session_id, host_name, project, summary, tools_used, files_changed, memory_count, error_count,
                duration_sec, started_at, ended_at, updated_at),
        UPDATE (host_name, summary, tools_used, files_changed, memory_count, error_count, duration_sec, started_at,
                ended_at, updated_at, status, review_reason, reviewed_by, reviewed_at)
    ON ${SCHEMA}.session_summaries TO ${MEMBER_ROLE};
  GRANT SELECT, INSERT (kind, host_id, local_key, project) ON ${SCHEMA}.tombstones TO ${MEMBER_ROLE};
  `,
  SEARCH_BY_KEYS + ACCESS_BY_ARRAYS,
  SEARCH_AS_LOCAL,
  AGENT_COLUMN,
  APPROVED_INDEXES,
  PENDING_TABLE,
];

/** Bookkeeping of the migrations themselves (created before the first one runs). */
export const SERVER_MIGRATIONS_TABLE = `
  CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
  CREATE TABLE IF NOT EXISTS ${SCHEMA}.schema_migrations (
    version    integer     PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  );`;
