-- The search folding of packages/shared/src/search-fold.ts, with the same table (search-fold.test.ts
-- runs both on the same texts): letters to plain lower case, accents off, apostrophes dropped, other
-- punctuation to one space. A column of two texts joins their folded forms with a line break, which
-- no typed term holds, so a term never matches across the two. No extension, so PGlite and the PostgreSQL server build the same columns.
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog AS $$
  SELECT regexp_replace(translate(t,
    'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅĀàáâãäåāÇçČčÈÉÊËĒèéêëēÌÍÎÏĪìíîïīÑñÒÓÔÕÖØŌòóôõöøōŠšŞşÙÚÛÜŪùúûüūÝŸýÿŽž-_.,;:/\()[]{}!?"&+*#@|~^<>=' || chr(9) || chr(10) || chr(13) || chr(160) || '–—«»“”''’‘`',
    'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaacccceeeeeeeeeeiiiiiiiiiinnoooooooooooooossssuuuuuuuuuuyyyyzz                                      '), ' {2,}', ' ', 'g')
$$;--> statement-breakpoint
DROP INDEX "jobs_title_grams_idx";--> statement-breakpoint
DROP INDEX "jobs_title_lc_trgm_idx";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "title_lc";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_lc" text GENERATED ALWAYS AS (search_fold(title) || chr(10) || search_fold(company)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_search_lc_trgm_idx" ON "jobs" USING gin ("search_lc" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "jobs_search_grams_idx" ON "jobs" USING gin (job_title_grams("search_lc")) WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "ads_search_lc_trgm_idx";--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "search_lc";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_lc" text GENERATED ALWAYS AS (search_fold(title) || chr(10) || search_fold(description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "ads_search_lc_trgm_idx" ON "ads" USING gin ("search_lc" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "consultants_search_lc_trgm_idx";--> statement-breakpoint
ALTER TABLE "consultants" DROP COLUMN "search_lc";--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "search_lc" text GENERATED ALWAYS AS (search_fold(full_name || ' ' || specialty)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "consultants_search_lc_trgm_idx" ON "consultants" USING gin ("search_lc" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Closing dates of existing jobs (docs/decisions/0036-job-closing-dates.md): a job posted in the last
-- 30 days gets a full 30 days from now; an older one closes 30 days after it was posted, so it is
-- closed already and its owner may renew it.
ALTER TABLE "jobs" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "jobs" SET "expires_at" = CASE WHEN "created_at" > now() - interval '30 days' THEN now() + interval '30 days' ELSE "created_at" + interval '30 days' END;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "expires_at" SET DEFAULT now() + interval '30 days';--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reminded_7d_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reminded_1d_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "employment_type" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "workplace" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_min" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_max" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_period" text;--> statement-breakpoint
-- "Salary at least" compares yearly amounts: the top of the range (or the only figure) times a fixed
-- number of periods a year (2,080 hours, 260 days, 52 weeks, 12 months), in the job's own currency.
ALTER TABLE "jobs" ADD COLUMN "salary_yearly" numeric GENERATED ALWAYS AS (coalesce(salary_max, salary_min) * CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END) STORED;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_employment_type_check" CHECK ("jobs"."employment_type" in ('full-time', 'part-time', 'contract', 'temporary', 'internship', 'volunteer'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_workplace_check" CHECK ("jobs"."workplace" in ('on-site', 'hybrid', 'remote'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_period_check" CHECK ("jobs"."salary_period" in ('hour', 'day', 'week', 'month', 'year'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_range_check" CHECK ("jobs"."salary_min" >= 0 and "jobs"."salary_max" >= 0 and "jobs"."salary_max" >= "jobs"."salary_min");--> statement-breakpoint
CREATE INDEX "jobs_expires_at_idx" ON "jobs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "jobs_employment_type_created_at_idx" ON "jobs" USING btree ("employment_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_workplace_created_at_idx" ON "jobs" USING btree ("workplace","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_salary_currency_yearly_idx" ON "jobs" USING btree ("salary_currency","salary_yearly");
