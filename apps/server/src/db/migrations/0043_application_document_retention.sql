-- Issue 45, retention (decision 0078): the documents of an application that reached Not selected or
-- Withdrawn are deleted after APPLICATION_DOCUMENTS_RETENTION_DAYS by the daily
-- 'application-documents-retention' job; `documents_deleted_at` says when (the row keeps no keys).
ALTER TABLE "applications" ADD COLUMN "documents_deleted_at" timestamp(3) with time zone;
--> statement-breakpoint
-- What the job reads: closed applications still holding a document, oldest stage change first.
CREATE INDEX "applications_retention_idx" ON "applications" ("updated_at", "id") WHERE "stage" IN ('Not selected', 'Withdrawn') AND ("resume_key" IS NOT NULL OR "cover_letter_key" IS NOT NULL);
