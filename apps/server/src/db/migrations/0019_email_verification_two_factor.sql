-- Every account that exists when this runs was created before sign-up asked for a confirmed email:
-- it is treated as confirmed (decision 0041). Accounts created afterwards start unconfirmed.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "two_factor_used_codes" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_used_codes_pk" PRIMARY KEY ("user_id", "code")
);
