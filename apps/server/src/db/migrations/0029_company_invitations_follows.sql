-- A company owner's invitations (issue 44, decision 0070): the link carries a random token, of which
-- only the SHA-256 is stored, valid 7 days and used once.
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"accepted_by" text,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role_check" CHECK ("role" in ('owner', 'recruiter', 'viewer'))
);--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_invitations_company_id_created_at_idx" ON "company_invitations" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Seekers following a company; `email` is their choice of an email for each new job (the bell always).
CREATE TABLE "company_follows" (
	"user_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_follows_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);--> statement-breakpoint
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_follows_company_id_idx" ON "company_follows" USING btree ("company_id");
