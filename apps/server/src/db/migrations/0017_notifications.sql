CREATE TABLE IF NOT EXISTS "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp(3) with time zone,
	"digest_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_created_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_digest_idx" ON "notifications" ("user_id") WHERE "digest_pending";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"emails" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seen_at" timestamp(3) with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_settings_last_seen_idx" ON "notification_settings" ("last_seen_at");
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "applicant_emails" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_applicant_emails_check" CHECK ("applicant_emails" in ('each', 'daily', 'none'));
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN IF NOT EXISTS "emailed_at" timestamp(3) with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversations_unread_idx" ON "conversations" ("user_id") WHERE "unread_count" > 0;
