-- Issue 47: paid listings paid online (decision 0073). A listing keeps the price it was shown: the
-- price and the operator's currency are copied onto the job or ad when it is posted while listings
-- are not free, and its order is made for exactly that. Listings already waiting for payment get
-- today's price, in US dollars (the only currency there was).
ALTER TABLE "jobs" ADD COLUMN "listing_price" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "listing_currency" text;
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "listing_price" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "listing_currency" text;
--> statement-breakpoint
UPDATE "jobs" SET "listing_price" = coalesce((SELECT "value" FROM "settings" WHERE "key" = 'job_price' AND "value" ~ '^\d{1,6}(\.\d{1,2})?$'), '0')::numeric, "listing_currency" = 'USD' WHERE NOT "paid";
--> statement-breakpoint
UPDATE "ads" SET "listing_price" = coalesce((SELECT "value" FROM "settings" WHERE "key" = 'ad_price' AND "value" ~ '^\d{1,6}(\.\d{1,2})?$'), '0')::numeric, "listing_currency" = 'USD' WHERE "awaiting_payment";
--> statement-breakpoint
-- Every payment of a listing: online (PayPal) or recorded by an admin (bank transfer, cash). Payer
-- and listing are copied as text so the books survive the deletion of either.
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"payer_email" text NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"listing_kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"listing_title" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider_order_id" text,
	"provider_capture_id" text,
	"approve_url" text,
	"refunded_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"receipt_number" integer,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_listing_kind_check" CHECK ("listing_kind" in ('job', 'ad')),
	CONSTRAINT "payments_method_check" CHECK ("method" in ('paypal', 'bank_transfer', 'cash')),
	CONSTRAINT "payments_status_check" CHECK ("status" in ('pending', 'paid', 'partially_refunded', 'refunded', 'cancelled', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK ("amount" > 0 AND "refunded_amount" >= 0 AND "refunded_amount" <= "amount"),
	CONSTRAINT "payments_provider_order_id_unique" UNIQUE ("provider_order_id"),
	CONSTRAINT "payments_provider_capture_id_unique" UNIQUE ("provider_capture_id"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE ("receipt_number")
);
--> statement-breakpoint
-- At most one order waits per listing: a second "Pay now" reuses it.
CREATE UNIQUE INDEX "payments_one_pending_per_listing" ON "payments" ("listing_kind", "listing_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" ("created_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE CASCADE,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"credit_note_number" integer NOT NULL,
	"actor_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "payment_refunds_provider_refund_id_unique" UNIQUE ("provider_refund_id"),
	CONSTRAINT "payment_refunds_credit_note_number_unique" UNIQUE ("credit_note_number")
);
--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" ("payment_id");
--> statement-breakpoint
-- Receipt and credit-note numbers: one row each, incremented in the transaction that uses the
-- number, so a rollback gives it back and the numbers have no gaps.
CREATE TABLE "payment_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "payment_counters" ("name", "value") VALUES ('receipt', 0), ('credit_note', 0);
--> statement-breakpoint
-- Provider webhook events already handled (a replay changes nothing).
CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A listing deleted before it is paid cancels its waiting order (whoever deletes it, however).
CREATE FUNCTION payments_cancel_for_deleted_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "payments" SET "status" = 'cancelled', "updated_at" = now()
    WHERE "listing_kind" = TG_ARGV[0] AND "listing_id" = OLD."id" AND "status" = 'pending';
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_cancel_pending_payment" AFTER DELETE ON "jobs" FOR EACH ROW EXECUTE FUNCTION payments_cancel_for_deleted_listing('job');
--> statement-breakpoint
CREATE TRIGGER "ads_cancel_pending_payment" AFTER DELETE ON "ads" FOR EACH ROW EXECUTE FUNCTION payments_cancel_for_deleted_listing('ad');
