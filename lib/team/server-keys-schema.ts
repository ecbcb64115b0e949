// The team server's second migration: search by word keys (lib/team/keys.ts) in one GIN-indexed
// text[] a row, with the request and intent the keys were made from; candidates per word bounded
// (an exact count up to a limit, else the newest rows read by date); the ranking itself runs in the
// client. Adding the columns is instant on a server that holds rows; `memory team init` then fills
// the keys of rows pushed before (in batches: see indexOldRows).
import { MEMBER_ROLE, SCHEMA } from './server-names.js';

export const SEARCH_BY_KEYS = `
  ALTER TABLE ${SCHEMA}.memories ADD COLUMN request text, ADD COLUMN intent text, ADD COLUMN keys text[];
  CREATE INDEX memories_keys ON ${SCHEMA}.memories USING gin (keys);
  -- The keys replace the simple-config tsvector (and its index, which every review rewrote).
  DROP FUNCTION ${SCHEMA}.search_approved(text, text[], text[], text, text, timestamptz, integer, integer);
  ALTER TABLE ${SCHEMA}.memories DROP COLUMN search;

  -- A word's alternatives (each a set of keys a row must all hold) as one condition the GIN index answers.
  CREATE FUNCTION ${SCHEMA}.keys_match(alts jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
    SELECT coalesce('(' || string_agg(format('m.keys @> %L::text[]', ARRAY(SELECT jsonb_array_elements_text(alt))), ' OR ') || ')', 'false')
    FROM jsonb_array_elements(coalesce(alts, '[]'::jsonb)) AS alt $f$;

  -- What a member may search: approved rows of the login role's projects, resolved once (a literal array).
  CREATE FUNCTION ${SCHEMA}.search_scope(p_project text, p_type text, p_since timestamptz) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    SELECT format('m.status = ''approved'' AND m.project = ANY(%L::text[])', ARRAY(
             SELECT pm.project FROM ${SCHEMA}.project_members pm
             WHERE pm.member = session_user AND (p_project IS NULL OR pm.project = p_project)))
        || CASE WHEN p_type IS NULL THEN '' ELSE format(' AND m.type = %L', p_type) END
        || CASE WHEN p_since IS NULL THEN '' ELSE format(' AND m.created_at >= %L::timestamptz', p_since) END $f$;

  -- How one word matched a row, the substring tier's condition included when that tier answered it.
  CREATE FUNCTION ${SCHEMA}.word_own(w jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
    SELECT CASE w->>'tier'
      WHEN 'pair' THEN format('m.keys @> ARRAY[%L]', w->>'pair')
      WHEN 'like' THEN format('(m.content || '' '' || m.tags || '' '' || coalesce(m.file_path, '''')) ILIKE %L', w->>'like')
      ELSE ${SCHEMA}.keys_match(w->'own') END $f$;
  CREATE FUNCTION ${SCHEMA}.word_request(w jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
    SELECT CASE w->>'tier'
      WHEN 'pair' THEN format('m.keys @> ARRAY[%L]', 'r:' || (w->>'pair'))
      WHEN 'like' THEN 'false'
      ELSE ${SCHEMA}.keys_match(w->'request') END $f$;
  CREATE FUNCTION ${SCHEMA}.word_bridge(w jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
    SELECT CASE WHEN coalesce(w->>'tier', 'keys') = 'keys' THEN ${SCHEMA}.keys_match(w->'bridge') ELSE 'false' END $f$;

  -- Per word: which tier answers (keys, else the inner syllable pair or substring), how many rows'
  -- own text holds it (exact up to p_exact, else at least that and the planner's estimate), and at
  -- most p_cap candidate ids, newest first: all of them when exact, else from the newest p_window
  -- rows of the scope read by date. Nothing here sorts or scans more than those bounds.
  CREATE FUNCTION ${SCHEMA}.search_words(words jsonb, p_project text, p_type text, p_since timestamptz,
                                         p_cap integer, p_exact integer, p_window integer)
    RETURNS TABLE (word integer, tier text, df bigint, capped boolean, ids bigint[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE
      scope text := ${SCHEMA}.search_scope(p_project, p_type, p_since);
      w jsonb;
      i integer := 0;
      own text;
      anywhere text;
      n bigint;
      n_own bigint;
      found bigint[];
      estimate double precision;
      count_sql text := 'WITH hits AS MATERIALIZED (SELECT m.id, m.created_at, %s AS own FROM ${SCHEMA}.memories m'
        ' WHERE %s AND %s LIMIT %s) SELECT count(*), count(*) FILTER (WHERE own),'
        ' (SELECT array_agg(id) FROM (SELECT id FROM hits ORDER BY created_at DESC, id DESC LIMIT %s) t) FROM hits';
    BEGIN
      FOR w IN SELECT value FROM jsonb_array_elements(words) LOOP
        tier := 'keys';
        own := ${SCHEMA}.word_own(w);
        anywhere := format('(%s OR %s OR %s)', own, ${SCHEMA}.word_request(w), ${SCHEMA}.word_bridge(w));
        EXECUTE format(count_sql, own, scope, anywhere, p_exact + 1, p_cap) INTO n, n_own, found;
        IF n = 0 AND (w->>'pair' IS NOT NULL OR w->>'like' IS NOT NULL) THEN
          tier := CASE WHEN w->>'pair' IS NOT NULL THEN 'pair' ELSE 'like' END;
          w := w || jsonb_build_object('tier', tier);
          own := ${SCHEMA}.word_own(w);
          anywhere := format('(%s OR %s)', own, ${SCHEMA}.word_request(w));
          EXECUTE format(count_sql, own, scope, anywhere, p_exact + 1, p_cap) INTO n, n_own, found;
        END IF;
        capped := n > p_exact;
        df := n_own;
        IF capped THEN
          EXECUTE format('SELECT array_agg(id) FROM (SELECT m.id FROM (SELECT m.id, m.keys, m.content, m.tags, m.file_path'
            ' FROM ${SCHEMA}.memories m WHERE %s ORDER BY m.created_at DESC LIMIT %s) m WHERE %s LIMIT %s) t',
            scope, p_window, anywhere, p_cap) INTO found;
          -- The planner's statistics of the keys column: how common the word's first key is.
          SELECT max(s.most_common_elem_freqs[array_position(s.most_common_elems::text::text[], w->'own'->0->>0)])
                 * (SELECT reltuples FROM pg_class WHERE oid = '${SCHEMA}.memories'::regclass)
            INTO estimate FROM pg_stats s
            WHERE s.schemaname = '${SCHEMA}' AND s.tablename = 'memories' AND s.attname = 'keys';
          df := greatest(n_own, coalesce(estimate, 0)::bigint);
        END IF;
        word := i;
        ids := coalesce(found, '{}');
        RETURN NEXT;
        i := i + 1;
      END LOOP;
    END $f$;

  -- Every word's match code on the given candidates: 1 own text, 2 request or intent, 4 own text through the bridge.
  CREATE FUNCTION ${SCHEMA}.search_hits(words jsonb, p_ids bigint[], p_project text, p_type text, p_since timestamptz)
    RETURNS TABLE (id bigint, created_at text, hits integer[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE
      codes text;
    BEGIN
      SELECT string_agg(format('((%s)::int + 2 * (%s)::int + 4 * (%s)::int)',
                               ${SCHEMA}.word_own(w), ${SCHEMA}.word_request(w), ${SCHEMA}.word_bridge(w)), ', ' ORDER BY n)
        INTO codes FROM jsonb_array_elements(words) WITH ORDINALITY AS t(w, n);
      RETURN QUERY EXECUTE format('SELECT m.id, to_char(m.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"''),'
        ' ARRAY[%s] FROM ${SCHEMA}.memories m WHERE m.id = ANY($1) AND %s', codes,
        ${SCHEMA}.search_scope(p_project, p_type, p_since)) USING p_ids;
    END $f$;

  -- The rows to show, of those the member may see.
  CREATE FUNCTION ${SCHEMA}.search_rows(p_ids bigint[])
    RETURNS TABLE (id text, project text, author text, host_id text, host_name text, local_id text, session_id text,
                   tool_name text, type text, file_path text, content text, tags text, importance integer, created_at text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    BEGIN
      RETURN QUERY EXECUTE format('SELECT m.id::text, m.project, m.author::text, m.host_id::text, m.host_name, m.local_id::text,'
        ' m.session_id, m.tool_name, m.type, m.file_path, m.content, m.tags, m.importance::integer,'
        ' to_char(m.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'')'
        ' FROM ${SCHEMA}.memories m WHERE m.id = ANY($1) AND %s', ${SCHEMA}.search_scope(NULL, NULL, NULL)) USING p_ids;
    END $f$;

  -- Memories in the store, for each word's weight: exact on a small server, the planner's count on a large one.
  CREATE FUNCTION ${SCHEMA}.search_total() RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE estimate double precision;
    BEGIN
      SELECT reltuples INTO estimate FROM pg_class WHERE oid = '${SCHEMA}.memories'::regclass;
      IF estimate >= 100000 THEN RETURN estimate::bigint; END IF;
      RETURN (SELECT count(*) FROM ${SCHEMA}.memories);
    END $f$;

  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${SCHEMA} FROM PUBLIC;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${SCHEMA} TO ${MEMBER_ROLE};
  GRANT INSERT (request, intent, keys) ON ${SCHEMA}.memories TO ${MEMBER_ROLE};
`;
