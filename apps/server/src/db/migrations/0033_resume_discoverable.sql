-- "Employers can find me" (issue 46, decision 0072): off by default; only resumes with it on are
-- ever read by "Candidates for this job". A partial index holds just those.
ALTER TABLE "resumes" ADD COLUMN "discoverable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "resumes_discoverable_idx" ON "resumes" USING btree ("updated_at" DESC NULLS LAST) WHERE "discoverable";
