-- Issue 45, bulk moves and reply templates (decision 0071). A company keeps reply templates: one
-- name, a text per language; the default kind rejection in the six languages is built in (email
-- catalogs), not stored. Subject and body are plain text, sent as text.
CREATE TABLE "reply_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_templates_company_name_language_key" UNIQUE ("company_id", "name", "language")
);
--> statement-breakpoint
-- One bulk move: undone within 10 seconds, or its notices and replies go out after that.
CREATE TABLE "pipeline_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL REFERENCES "jobs"("id") ON DELETE CASCADE,
	"actor_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"to_stage" text NOT NULL,
	"template" text,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp(3) with time zone
);
--> statement-breakpoint
-- The reply of a bulk move to each application: pending until the batch's job queues its email,
-- cancelled by an undo. At most one live reply per application, ever: none is sent twice.
CREATE TABLE "application_replies" (
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"batch" uuid NOT NULL REFERENCES "pipeline_batches"("id") ON DELETE CASCADE,
	"state" text DEFAULT 'pending' NOT NULL CONSTRAINT "application_replies_state_check" CHECK ("state" in ('pending', 'queued', 'cancelled')),
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("application_id", "batch")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "application_replies_once_idx" ON "application_replies" ("application_id") WHERE "state" <> 'cancelled';
--> statement-breakpoint
CREATE INDEX "application_replies_pending_idx" ON "application_replies" ("batch") WHERE "state" = 'pending';
