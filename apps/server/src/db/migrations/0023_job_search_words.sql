-- The words of each job's folded title and company (search_lc), each in a row with the job's place in
-- the list, so a title search reads one word's jobs newest first and stops at a page, where the trigram
-- index had to fetch and sort every match (decision 0049). Split on the spaces and line break that
-- search_fold leaves between words; a word is cut at 500 characters so it always fits a btree entry
-- (titles and companies are at most 200).
CREATE FUNCTION search_words(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog AS $$
  SELECT coalesce(array_agg(DISTINCT left(w, 500)), '{}') FROM regexp_split_to_table(t, '[ \n]+') AS w WHERE w <> ''
$$;--> statement-breakpoint
-- One row per (word, job). No foreign key: the trigger below deletes a job's rows, through this
-- table's one index, where a cascade would need a second index on job_id. expires_at is here so
-- closed jobs are skipped in the index, without reading the job.
CREATE TABLE "job_search_words" (
	"word" text COLLATE "C" NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"job_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);--> statement-breakpoint
-- Every word any job ever held, once: a term is looked up here first (LIKE through trigrams, on a
-- table of words rather than of jobs) to learn which words of job_search_words to read. Words are
-- never removed: one no job holds any more reads nothing.
CREATE TABLE "job_search_vocabulary" (
	"word" text COLLATE "C" PRIMARY KEY
);--> statement-breakpoint
INSERT INTO "job_search_words" ("word", "created_at", "job_id", "expires_at")
  SELECT w, j.created_at, j.id, j.expires_at FROM jobs j CROSS JOIN LATERAL unnest(search_words(j.search_lc)) AS w;--> statement-breakpoint
INSERT INTO "job_search_vocabulary" ("word") SELECT DISTINCT "word" FROM "job_search_words";--> statement-breakpoint
-- Built after the back-fill: one sort instead of a row-by-row insert.
CREATE INDEX "job_search_words_word_created_at_idx" ON "job_search_words" USING btree ("word","created_at" DESC NULLS LAST,"job_id" DESC NULLS LAST) INCLUDE ("expires_at");--> statement-breakpoint
CREATE INDEX "job_search_vocabulary_trgm_idx" ON "job_search_vocabulary" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Kept in the same transaction as every write to jobs (the API, the admin, a cascade from a deleted
-- account). An update touching none of the searched columns fires nothing.
CREATE FUNCTION jobs_search_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The bulk seed writes these rows itself, all at once, after its jobs (db/seed/jobs.ts).
  IF current_setting('caribconnect.bulk_seed', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM job_search_words w
     WHERE w.word = ANY (search_words(OLD.search_lc)) AND w.created_at = OLD.created_at AND w.job_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_OP = 'INSERT' OR OLD.search_lc IS DISTINCT FROM NEW.search_lc THEN
      INSERT INTO job_search_vocabulary (word) SELECT unnest(search_words(NEW.search_lc)) ON CONFLICT DO NOTHING;
    END IF;
    INSERT INTO job_search_words (word, created_at, job_id, expires_at)
      SELECT unnest(search_words(NEW.search_lc)), NEW.created_at, NEW.id, NEW.expires_at;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_search_words_insert_delete AFTER INSERT OR DELETE ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_search_words_sync();--> statement-breakpoint
CREATE TRIGGER jobs_search_words_update AFTER UPDATE ON jobs FOR EACH ROW
  WHEN (OLD.search_lc IS DISTINCT FROM NEW.search_lc OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION jobs_search_words_sync();--> statement-breakpoint
CREATE FUNCTION jobs_search_words_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE job_search_words;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_search_words_truncate AFTER TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_search_words_truncate();--> statement-breakpoint
ANALYZE "job_search_words";--> statement-breakpoint
ANALYZE "job_search_vocabulary";
