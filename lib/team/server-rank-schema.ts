// The team server's third migration: each word's candidates chosen as local search chooses them
// (lib/search/best-match-queries.ts) — the word's keys, then substrings for a word the keys find in
// few rows, then its other language's words — the newest first, read through id windows so no
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
  -- other language. Each step reads the newest rows in a window of ids that grows until it holds
  -- enough, so the index answers and only a bounded number of rows is read, however common the word.
  -- df: the planner's count of the word's first key when capped, else null (the caller counts).
  CREATE FUNCTION ${S}.search_words(words jsonb, p_project text, p_type text, p_since timestamptz,
                                    p_cap integer, p_sparse integer, p_bridge_below integer, p_bridge_cap integer)
    RETURNS TABLE (word integer, by_substring boolean, by_bridge boolean, capped boolean, df bigint, ids bigint[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
    DECLARE
      scope text := ${S}.search_scope(p_project, p_type, p_since);
      top bigint;
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
      SELECT max(m.id) INTO top FROM ${S}.memories m;
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
          CONTINUE WHEN top IS NULL;
          width := 2 * cap;
          LOOP
            -- OFFSET 0 keeps the primary key from answering ORDER BY … LIMIT by walking ids down until
            -- enough rows match (the whole window, for a rare word): the planner picks the word's
            -- index, the window's ids or both (a BitmapAnd) by what each costs, then sorts what matched.
            EXECUTE format('SELECT array_agg(t.id ORDER BY t.id DESC), array_agg(t.id) FILTER (WHERE t.own)'
              ' FROM (SELECT * FROM (SELECT m.id, %s AS own FROM ${S}.memories m WHERE m.id > $1 AND %s AND %s'
              ' OFFSET 0) w ORDER BY w.id DESC LIMIT $2) t', own, scope, cond)
              INTO found, owned USING top - width, cap + 1;
            EXIT WHEN coalesce(cardinality(found), 0) > cap OR top - width <= 0;
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
