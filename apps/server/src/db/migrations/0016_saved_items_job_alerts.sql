-- Saved jobs and ads, and job alerts (issue 22). New tables only: existing rows need nothing (decision 0038).
CREATE TABLE "saved_items" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_items_pk" PRIMARY KEY ("user_id","kind","item_id"),
	CONSTRAINT "saved_items_kind_check" CHECK ("kind" in ('job', 'ad'))
);
--> statement-breakpoint
CREATE INDEX "saved_items_user_created_at_idx" ON "saved_items" USING btree ("user_id","created_at" DESC NULLS LAST,"item_id" DESC NULLS LAST);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE CASCADE,
	"email" text,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frequency" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"last_sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"next_due_at" timestamp (3) with time zone NOT NULL,
	"last_sent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_frequency_check" CHECK ("frequency" in ('daily', 'weekly')),
	CONSTRAINT "job_alerts_owner_check" CHECK (("user_id" IS NULL) <> ("email" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "job_alerts_user_created_at_idx" ON "job_alerts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("next_due_at","id") WHERE "confirmed_at" IS NOT NULL AND NOT "paused";
--> statement-breakpoint
CREATE INDEX "job_alerts_unconfirmed_idx" ON "job_alerts" USING btree ("created_at") WHERE "confirmed_at" IS NULL;
