-- Issue 24: the language each person reads (decision 0043). On profiles, our table, so only our
-- sign-up code and PUT /api/me/language write it; better-auth's sign-up never sees it. Existing
-- people get 'en', the only language their emails were ever written in.
ALTER TABLE "profiles" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_check" CHECK ("language" in ('en', 'es', 'fr', 'nl', 'ht', 'pap'));
--> statement-breakpoint
-- A guest's job alert is written in the language of the page they subscribed from (members' alerts
-- follow their profile's language at each send).
ALTER TABLE "job_alerts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_language_check" CHECK ("language" in ('en', 'es', 'fr', 'nl', 'ht', 'pap'));
