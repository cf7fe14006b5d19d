-- Issue 45, the hiring pipeline (decision 0071). An application moves through stages; the spec's
-- four statuses stay, kept in step with the stage by a CHECK so every screen and answer that reads
-- `status` is unchanged: Applied = Pending, Screening = Reviewed, Interview/Offer/Hired = Shortlisted,
-- Not selected = Rejected. Withdrawn (the applicant's own act) keeps the status it had.
ALTER TABLE "applications" ADD COLUMN "stage" text DEFAULT 'Applied' NOT NULL;
--> statement-breakpoint
UPDATE "applications" SET "stage" = CASE "status" WHEN 'Reviewed' THEN 'Screening' WHEN 'Shortlisted' THEN 'Interview' WHEN 'Rejected' THEN 'Not selected' ELSE 'Applied' END;
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_stage_check" CHECK ("stage" in ('Applied', 'Screening', 'Interview', 'Offer', 'Hired', 'Not selected', 'Withdrawn'));
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_stage_status_check" CHECK ("stage" = 'Withdrawn' OR "status" = CASE "stage" WHEN 'Applied' THEN 'Pending' WHEN 'Screening' THEN 'Reviewed' WHEN 'Not selected' THEN 'Rejected' ELSE 'Shortlisted' END);
--> statement-breakpoint
-- When a member of the team first opened the application (the applicant's "viewed" on the timeline).
ALTER TABLE "applications" ADD COLUMN "viewed_at" timestamp(3) with time zone;
--> statement-breakpoint
-- The stage tabs count per stage and list a stage newest first.
CREATE INDEX "applications_job_id_stage_created_at_idx" ON "applications" ("job_id", "stage", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Every move: who (null once their account is gone), when, from, to. `batch` groups one bulk move,
-- which an undo takes back as a whole.
CREATE TABLE "application_stage_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"actor_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"from_stage" text NOT NULL,
	"to_stage" text NOT NULL,
	"batch" uuid,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "application_stage_moves_application_idx" ON "application_stage_moves" ("application_id", "created_at");
--> statement-breakpoint
CREATE INDEX "application_stage_moves_batch_idx" ON "application_stage_moves" ("batch") WHERE "batch" IS NOT NULL;
--> statement-breakpoint
-- The team's notes and ratings: private to the company, never in an answer the applicant reaches.
CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"author_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"body" text NOT NULL,
	"mentions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" ("application_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "application_ratings" (
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rating" smallint NOT NULL CONSTRAINT "application_ratings_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("application_id", "user_id")
);
