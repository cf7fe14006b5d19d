-- Ranked, forgiving, multilingual jobs search (decision 0072). Each job's searched text as one
-- tsvector: the title weighted A, the company B, the category and country C, the description D;
-- every field folded (search_fold: lower case, no accents, punctuation as spaces) and stemmed by
-- PostgreSQL's own English, Spanish, French and Dutch dictionaries, their lexemes side by side, so a
-- query stemmed the same four ways matches plurals and inflections in any of them. Haitian Creole and
-- Papiamento have no stemmer: the query side's lexicon covers them (lib/search).
-- A '~' (a lexeme no query can hold: folding makes punctuation spaces) ends each part, so the
-- last word of one part and the first of the next are never next to each other for a phrase.
CREATE FUNCTION search_stems(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT to_tsvector('pg_catalog.english'::regconfig, t) || '~:1'::tsvector || to_tsvector('pg_catalog.spanish'::regconfig, t) || '~:1'::tsvector
    || to_tsvector('pg_catalog.french'::regconfig, t) || '~:1'::tsvector || to_tsvector('pg_catalog.dutch'::regconfig, t) || '~:1'::tsvector
$$;--> statement-breakpoint
-- The description is cut at 3,000 characters: its first paragraphs say what the job is; the rest
-- would make every document (and the index) larger for little.
CREATE FUNCTION job_search_doc(title text, company text, category text, country text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(search_stems(search_fold(coalesce(title, ''))), 'A')
    || setweight(search_stems(search_fold(coalesce(company, ''))), 'B')
    || setweight(search_stems(search_fold(coalesce(category, '') || ' ' || coalesce(country, ''))), 'C')
    || setweight(search_stems(search_fold(left(coalesce(description, ''), 3000))), 'D')
$$;--> statement-breakpoint
-- A query: groups of alternatives (each alternative a word or words, already folded). Each
-- alternative is parsed by the four dictionaries (plainto_tsquery: its words all present), a group
-- matches when any alternative does, and the groups are joined with AND (all_words) or OR. A group
-- whose every alternative is a stop word is left out. Null when nothing is left.
CREATE FUNCTION search_tsquery(groups jsonb, all_words boolean) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  g jsonb;
  gq tsquery;
  result tsquery;
BEGIN
  FOR g IN SELECT value FROM jsonb_array_elements(groups) LOOP
    SELECT string_agg(DISTINCT '(' || q::text || ')', ' | ')::tsquery INTO gq FROM (
      SELECT plainto_tsquery(c, p) AS q
        FROM jsonb_array_elements_text(g) AS p,
             unnest('{pg_catalog.english,pg_catalog.spanish,pg_catalog.french,pg_catalog.dutch}'::regconfig[]) AS c
    ) x WHERE numnode(q) > 0;
    CONTINUE WHEN gq IS NULL;
    result := CASE WHEN result IS NULL THEN gq WHEN all_words THEN result && gq ELSE result || gq END;
  END LOOP;
  RETURN result;
END
$$;--> statement-breakpoint
-- The words in this order (any of the four dictionaries). Null for fewer than two words.
CREATE FUNCTION search_phrase(t text) RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT string_agg(DISTINCT '(' || q::text || ')', ' | ')::tsquery FROM (
    SELECT phraseto_tsquery(c, t) AS q
      FROM unnest('{pg_catalog.english,pg_catalog.spanish,pg_catalog.french,pg_catalog.dutch}'::regconfig[]) AS c
  ) x WHERE numnode(q) > 1
$$;--> statement-breakpoint
-- One row per job, beside the table rather than in it, so the newest-first list reads rows no wider
-- than before. No foreign key (the trigger deletes), as job_search_words.
CREATE TABLE "job_search_docs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"doc" tsvector NOT NULL
);--> statement-breakpoint
INSERT INTO "job_search_docs" ("job_id", "created_at", "expires_at", "doc")
  SELECT j.id, j.created_at, j.expires_at, job_search_doc(j.title, j.company, j.category, j.country, j.description) FROM jobs j;--> statement-breakpoint
CREATE INDEX "job_search_docs_doc_idx" ON "job_search_docs" USING gin ("doc");--> statement-breakpoint
CREATE INDEX "job_search_docs_created_at_idx" ON "job_search_docs" USING btree ("created_at" DESC NULLS LAST, "job_id" DESC NULLS LAST);--> statement-breakpoint
CREATE FUNCTION jobs_search_docs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The bulk seed writes these rows itself, all at once, after its jobs (db/seed/jobs.ts).
  IF current_setting('caribconnect.bulk_seed', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM job_search_docs WHERE job_id = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO job_search_docs (job_id, created_at, expires_at, doc)
    VALUES (NEW.id, NEW.created_at, NEW.expires_at, job_search_doc(NEW.title, NEW.company, NEW.category, NEW.country, NEW.description))
    ON CONFLICT (job_id) DO UPDATE SET created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, doc = EXCLUDED.doc;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_search_docs_insert_delete AFTER INSERT OR DELETE ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_search_docs_sync();--> statement-breakpoint
CREATE TRIGGER jobs_search_docs_update AFTER UPDATE ON jobs FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.company IS DISTINCT FROM NEW.company OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.country IS DISTINCT FROM NEW.country OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION jobs_search_docs_sync();--> statement-breakpoint
CREATE FUNCTION jobs_search_docs_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE job_search_docs;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_search_docs_truncate AFTER TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_search_docs_truncate();--> statement-breakpoint
ANALYZE "job_search_docs";
