ALTER TABLE "interviews" DROP CONSTRAINT "interviews_employer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "interviews" ALTER COLUMN "employer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "previous_role" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "job_company" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The title and company of interviews whose job still exists; for those already gone it is lost.
UPDATE "interviews" i SET "job_title" = j."title", "job_company" = j."company" FROM "jobs" j WHERE j."id" = i."job_id";
--> statement-breakpoint
-- People already suspended, muted or banned: the role before the admin's latest change to a state
-- (the audit log keeps it), so a muted person's home is known.
UPDATE "profiles" p SET "previous_role" = (
  SELECT a."before"->>'role' FROM "admin_audit_log" a
  WHERE a."target_id" = p."id" AND a."action" = 'role_change' AND a."before"->>'role' NOT IN ('suspended', 'muted', 'banned')
  ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1
) WHERE p."role" IN ('suspended', 'muted', 'banned');
