-- The distinct 1- and 2-character substrings of a text: pg_trgm extracts no trigram from a search
-- term shorter than 3 characters, so short title terms look these up instead (modules/jobs/list-query.ts).
CREATE FUNCTION job_title_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, length(t) - 1) AS i
  ) AS grams
$$;--> statement-breakpoint
DROP INDEX "jobs_country_lc_trgm_idx";--> statement-breakpoint
DROP INDEX "jobs_title_lc_trgm_idx";--> statement-breakpoint
CREATE INDEX "jobs_country_created_at_idx" ON "jobs" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_country_category_created_at_idx" ON "jobs" USING btree ("country",lower("category"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_title_grams_idx" ON "jobs" USING gin (job_title_grams("title_lc")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "jobs_title_lc_trgm_idx" ON "jobs" USING gin ("title_lc" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "country_lc";