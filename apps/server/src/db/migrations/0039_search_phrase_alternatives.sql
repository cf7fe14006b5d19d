-- Decision 0072 (addendum): a lexicon alternative of several words ("room attendant", "bus driver")
-- matches only as a phrase, its words next to each other, as people mean it. Before, plainto_tsquery
-- matched its words anywhere in a job, so "femme de chambre" (housekeeper → "room attendant") ranked
-- a Laundry Attendant whose description spoke of rooms beside the housekeepers (the judged query set,
-- bench/search-queries). A one-word alternative reads the same either way.
CREATE OR REPLACE FUNCTION search_tsquery(groups jsonb, all_words boolean) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  g jsonb;
  gq tsquery;
  result tsquery;
BEGIN
  FOR g IN SELECT value FROM jsonb_array_elements(groups) LOOP
    SELECT string_agg(DISTINCT '(' || q::text || ')', ' | ')::tsquery INTO gq FROM (
      SELECT phraseto_tsquery(c, p) AS q
        FROM jsonb_array_elements_text(g) AS p,
             unnest('{pg_catalog.english,pg_catalog.spanish,pg_catalog.french,pg_catalog.dutch}'::regconfig[]) AS c
    ) x WHERE numnode(q) > 0;
    CONTINUE WHEN gq IS NULL;
    result := CASE WHEN result IS NULL THEN gq WHEN all_words THEN result && gq ELSE result || gq END;
  END LOOP;
  RETURN result;
END
$$;
