CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "reports_item_type" CHECK ("item_type" in ('job', 'ad', 'consultant', 'profile', 'message')),
	CONSTRAINT "reports_reason" CHECK ("reason" in ('scam', 'fake', 'offensive', 'spam', 'discrimination', 'other')),
	CONSTRAINT "reports_status" CHECK ("status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_note_length" CHECK ("note" is null or char_length("note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_per_person_idx" ON "reports" USING btree ("reporter_id","item_type","item_id");
--> statement-breakpoint
CREATE INDEX "reports_open_item_idx" ON "reports" USING btree ("item_type","item_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id");
--> statement-breakpoint
CREATE TABLE "moderation_holds" (
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_holds_item_type_item_id_pk" PRIMARY KEY("item_type","item_id"),
	CONSTRAINT "moderation_holds_state" CHECK ("state" in ('hidden', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "moderation_holds" ADD CONSTRAINT "moderation_holds_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "verified_employers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"verified_by" text NOT NULL,
	"verified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verified_employers" ADD CONSTRAINT "verified_employers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "blocks_blocked_id_idx" ON "blocks" USING btree ("blocked_id");
