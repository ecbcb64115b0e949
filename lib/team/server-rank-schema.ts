// The team server's third migration: each word's candidates chosen as local search chooses them
// (lib/search/best-match-queries.ts) — the word's keys, then substrings for a word the keys find in
// few rows, then its other language's words — the newest first, read through windows of dates so no
// statement sorts or reads more than a bound, however common the word. Functions only: the rows and
// their keys stay as they are (a Korean word's inner-pair keys of schema v2 are simply never asked).
import { MEMBER_ROLE, SCHEMA } from './server-names.js';

const S = SCHEMA;
/** The text the substring tier matches: the expression memories_trigram indexes. */
const OWN_TEXT = `(m.content || '' '' || m.tags || '' '' || coalesce(m.file_path, ''''))`;

export const SEARCH_AS_LOCAL = `
  DROP FUNCTION ${S}.search_words(jsonb, text, text, timestamptz, integer, integer, integer);
  DROP FUNCTION ${S}.search_hits(jsonb, bigint[], text, text, timestamptz);
  DROP FUNCTION ${S}.word_own(jsonb);
  DROP FUNCTION ${S}.word_request(jsonb);
  DROP FUNCTION ${S}.word_bridge(jsonb);

  -- Per word, as local search: the rows its keys find (own text or request), newest first, at most
  -- p_cap; when fewer than p_sparse, also the rows holding it inside a longer word (p_like); when its
  -- own-text rows are fewer than p_bridge_below, also (at most p_bridge_cap) the rows holding its
  -- other language. Each step reads the newest rows in a window of dates that widens until it holds
  -- enough, so the indexes answer and only a bounded number of rows is read, however common the word.
  -- df: the planner's count of the word's first key when capped, else null (the caller counts).
  CREATE FUNCTION ${S}.search_words(words jsonb, p_project text, p_type text, p_since timestamptz,
                                    p_cap integer, p_sparse integer, p_bridge_below integer, p_bridge_cap integer)
    RETURNS TABLE (word integer, by_substring boolean, by_bridge boolean, capped boolean, df bigint, ids bigint[])
    -- Volatile only because it asks the planner (EXPLAIN) how many rows a step will find; it writes nothing.
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE
      scope text := ${S}.search_scope(p_project, p_type, p_since);
      projects text[] := ARRAY(SELECT pm.project FROM ${S}.project_members pm
                               WHERE pm.member = session_user AND (p_project IS NULL OR pm.project = p_project));
      rows double precision;
      since timestamptz;
      plan json;
      expected double precision;
      statement text;
      w jsonb;
      i integer := 0;
      step text;
      cond text;
      own text;
      cap integer;
      width bigint;
      found bigint[];
      owned bigint[];
      direct bigint[];
      own_count integer;
      estimate double precision;
    BEGIN
      SELECT greatest(reltuples, 1) INTO rows FROM pg_class WHERE oid = '${S}.memories'::regclass;
      FOR w IN SELECT value FROM jsonb_array_elements(words) LOOP
        word := i;
        by_substring := false;
        by_bridge := false;
        capped := false;
        df := NULL;
        ids := '{}';
        own_count := 0;
        FOREACH step IN ARRAY ARRAY['keys', 'like', 'bridge'] LOOP
          IF step = 'keys' THEN
            own := ${S}.keys_match(w->'own');
            cond := format('(%s OR %s)', own, ${S}.keys_match(w->'request'));
            cap := p_cap;
          ELSIF step = 'like' THEN
            CONTINUE WHEN w->>'like' IS NULL OR cardinality(ids) >= p_sparse;
            own := format('${OWN_TEXT} ILIKE %L', w->>'like');
            cond := own;
            cap := p_cap;
            by_substring := true;
          ELSE
            CONTINUE WHEN jsonb_array_length(coalesce(w->'bridge', '[]')) = 0 OR capped OR own_count >= p_bridge_below;
            own := ${S}.keys_match(w->'bridge');
            cond := format('(%s OR %s)', own, ${S}.keys_match(w->'bridgeRequest'));
            cap := p_bridge_cap;
            by_bridge := true;
          END IF;
          -- How many rows the planner expects the step to find: a rare word is read whole from its
          -- index; a common one through a window of the newest rows in scope that widens until it
          -- holds enough, read (a word in very many rows) row by row, or else as a BitmapAnd of the
          -- word's index and the window's.
          EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM ${S}.memories m WHERE %s AND %s', scope, cond) INTO plan;
          expected := (plan->0->'Plan'->>'Plan Rows')::double precision;
          -- A key outside the statistics' most common elements is planned at 0.5 % of the rows: below
          -- that, the estimate says rare, and the word is read whole.
          -- Else each project's window starts with enough rows, by the estimate, to hold twice what is wanted.
          width := CASE WHEN expected <= greatest(8 * cap, 0.011 * rows) THEN rows
                        ELSE greatest(100, ceil(2 * (cap + 1) * rows / expected / greatest(cardinality(projects), 1))) END;
          statement := CASE WHEN expected * expected > 8 * (cap + 1) * rows
            THEN format('SELECT * FROM (SELECT m.id, m.created_at, m.keys, m.content, m.tags, m.file_path'
                        ' FROM ${S}.memories m WHERE m.created_at >= $1 AND %s OFFSET 0) m WHERE %s', scope, cond)
            ELSE format('SELECT * FROM ${S}.memories m WHERE m.created_at >= $1 AND %s AND %s OFFSET 0', scope, cond) END;
          LOOP
            -- The window: rows newer than the oldest of each project's newest \`width\` approved rows
            -- (read off memories_project_status alone), so pending or foreign rows never fill it.
            IF width >= rows THEN
              since := '-infinity';
            ELSE
              SELECT coalesce(max(t.c), '-infinity') INTO since FROM unnest(projects) AS p(name),
                LATERAL (SELECT m.created_at AS c FROM ${S}.memories m WHERE m.project = p.name AND m.status = 'approved'
                         ORDER BY m.created_at DESC OFFSET width LIMIT 1) t;
            END IF;
            -- OFFSET 0 keeps an index in date order from answering ORDER BY … LIMIT by walking down
            -- until enough rows match (the whole table, for a rare word).
            EXECUTE format('SELECT array_agg(t.id ORDER BY t.created_at DESC, t.id DESC), array_agg(t.id) FILTER (WHERE t.own)'
              ' FROM (SELECT m.id, m.created_at, %s AS own FROM (%s) m ORDER BY m.created_at DESC, m.id DESC LIMIT $2) t',
              own, statement)
              INTO found, owned USING since, cap + 1;
            EXIT WHEN coalesce(cardinality(found), 0) > cap OR since = '-infinity';
            width := width * greatest(2, least(16, (2 * (cap + 1)) / (coalesce(cardinality(found), 0) + 1)));
          END LOOP;
          found := coalesce(found, '{}');
          IF step = 'keys' THEN
            capped := cardinality(found) > cap;
            direct := found[1:cap];
            ids := direct;
            own_count := coalesce(cardinality(owned), 0);
          ELSE
            -- Rows the word itself found keep that hit; a later step only adds rows.
            found := ARRAY(SELECT x FROM unnest(found[1:cap]) AS x WHERE x <> ALL (ids));
            own_count := own_count + (SELECT count(*) FROM unnest(owned) AS x WHERE x = ANY (found))::integer;
            ids := ids || found;
          END IF;
        END LOOP;
        IF capped THEN
          -- The planner's statistics of the keys column: how common the word's first key is.
          SELECT max(s.most_common_elem_freqs[array_position(s.most_common_elems::text::text[], w->'own'->0->>0)])
                 * (SELECT reltuples FROM pg_class WHERE oid = '${S}.memories'::regclass)
            INTO estimate FROM pg_stats s
            WHERE s.schemaname = '${S}' AND s.tablename = 'memories' AND s.attname = 'keys';
          df := greatest(p_cap + 1, coalesce(estimate, 0)::bigint);
        END IF;
        RETURN NEXT;
        i := i + 1;
      END LOOP;
    END $f$;

  -- One word's match code on a row: 1 own text, 2 request or intent, 4 own text through the bridge,
  -- 8 own text inside a longer word, 16 request through the bridge (the last three only where its
  -- search_words step ran, as locally).
  CREATE FUNCTION ${S}.word_code(w jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
    SELECT format('((%s)::int + 2 * (%s)::int', ${S}.keys_match(w->'own'), ${S}.keys_match(w->'request'))
      || CASE WHEN (w->>'bridged')::boolean
           THEN format(' + 4 * (%s)::int + 16 * (%s)::int', ${S}.keys_match(w->'bridge'), ${S}.keys_match(w->'bridgeRequest'))
           ELSE '' END
      || CASE WHEN (w->>'substring')::boolean THEN format(' + 8 * (${OWN_TEXT} ILIKE %L)::int', w->>'like') ELSE '' END
      || ')' $f$;

  CREATE FUNCTION ${S}.search_hits(words jsonb, p_ids bigint[], p_project text, p_type text, p_since timestamptz)
    RETURNS TABLE (id bigint, created_at text, hits integer[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE
      codes text;
    BEGIN
      SELECT string_agg(${S}.word_code(w), ', ' ORDER BY n) INTO codes
        FROM jsonb_array_elements(words) WITH ORDINALITY AS t(w, n);
      RETURN QUERY EXECUTE format('SELECT m.id, to_char(m.created_at AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"''),'
        ' ARRAY[%s] FROM ${S}.memories m WHERE m.id = ANY($1) AND %s', codes,
        ${S}.search_scope(p_project, p_type, p_since)) USING p_ids;
    END $f$;

  REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${S} FROM PUBLIC;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${S} TO ${MEMBER_ROLE};
`;
