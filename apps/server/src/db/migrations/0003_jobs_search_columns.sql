DROP INDEX "jobs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "jobs_country_trgm_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "title_lc" text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "country_lc" text GENERATED ALWAYS AS (lower(country)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_title_lc_trgm_idx" ON "jobs" USING gin ("title_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_country_lc_trgm_idx" ON "jobs" USING gin ("country_lc" gin_trgm_ops);