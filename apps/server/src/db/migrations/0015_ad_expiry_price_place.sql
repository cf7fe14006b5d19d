-- Ads expire (decision 0037): a closing date, and which reminders went out (0 none, 1 the 7-day one, 2 both).
ALTER TABLE "ads" ADD COLUMN "expires_at" timestamp (3) with time zone DEFAULT (now() + interval '30 days') NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "reminders_sent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing ads: posted in the last 30 days, a full 30 days from the migration (their owner gets both
-- reminders); older, created + 30 days, so they are expired at once and wait for their owner's Renew.
UPDATE "ads" SET
  "expires_at" = CASE WHEN "created_at" > now() - interval '30 days' THEN now() + interval '30 days' ELSE "created_at" + interval '30 days' END,
  "reminders_sent" = CASE WHEN "created_at" > now() - interval '30 days' THEN 0 ELSE 2 END;--> statement-breakpoint
-- Price and place. Existing ads read as "Price on request" with no country until their owner edits them.
ALTER TABLE "ads" ADD COLUMN "price_kind" text DEFAULT 'on_request' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "negotiable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "town" text;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_price_kind_check" CHECK ("price_kind" in ('amount', 'free', 'on_request'));--> statement-breakpoint
-- A free ad is priced 0 in its country's currency, so it sorts first by price and falls in a range from 0.
ALTER TABLE "ads" ADD CONSTRAINT "ads_price_check" CHECK (
  ("price_kind" = 'on_request' AND "price" IS NULL AND "currency" IS NULL)
  OR ("price_kind" = 'free' AND "price" = 0 AND "currency" IS NOT NULL)
  OR ("price_kind" = 'amount' AND "price" >= 0 AND "currency" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX "ads_country_created_at_idx" ON "ads" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_currency_price_idx" ON "ads" USING btree ("currency","price","id");--> statement-breakpoint
CREATE INDEX "ads_free_created_at_idx" ON "ads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "price_kind" = 'free';--> statement-breakpoint
CREATE INDEX "ads_expiry_reminder_idx" ON "ads" USING btree ("expires_at") WHERE "reminders_sent" < 2;
