-- Reports on a company (issue 44, decision 0070): a company page can be reported like a job, an ad or a
-- profile, and goes to the same moderation queue. The item is the company's id; its owner (for the
-- report row and the decision's email) is the company's first owner.
ALTER TABLE "reports" DROP CONSTRAINT "reports_item_type";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_item_type" CHECK ("item_type" in ('job', 'ad', 'consultant', 'profile', 'message', 'company'));
