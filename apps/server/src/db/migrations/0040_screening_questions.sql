-- Issue 45, screening questions (decision 0075). A job's questions are a JSON list (at most 10; the
-- shared schema checks each); an application keeps its answers with each question's text as it was
-- asked, so editing the job's questions never changes or loses what was answered.
ALTER TABLE "jobs" ADD COLUMN "screening_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_screening_questions_check" CHECK (jsonb_typeof("screening_questions") = 'array' AND jsonb_array_length("screening_questions") <= 10);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- False: an answer missed a knockout ("Does not meet a requirement", for the team only); null: no knockout asked.
ALTER TABLE "applications" ADD COLUMN "meets_requirements" boolean;
--> statement-breakpoint
-- The text of the saved resume the applicant sent (its fields when applying), for the team's search.
ALTER TABLE "applications" ADD COLUMN "resume_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Cover letter and resume text folded (search_fold), matched with LIKE through a trigram index.
ALTER TABLE "applications" ADD COLUMN "search_lc" text GENERATED ALWAYS AS (search_fold("cover_letter" || chr(10) || "resume_text")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "applications_search_lc_trgm_idx" ON "applications" USING gin ("search_lc" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
-- The knockout filter, newest first within a job.
CREATE INDEX "applications_job_id_meets_created_at_idx" ON "applications" ("job_id", "meets_requirements", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The answer filter: answers @> '[{"questionId": …, "value": …}]'.
CREATE INDEX "applications_answers_idx" ON "applications" USING gin ("answers" jsonb_path_ops);
