CREATE TABLE "client_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultant_id" text NOT NULL,
	"sender_id" text,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultant_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultant_id" text NOT NULL,
	"author_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultant_reviews_rating_check" CHECK ("consultant_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "consultants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"specialty" text NOT NULL,
	"contact_info" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"requests_seen_at" timestamp (3) with time zone,
	"search_lc" text GENERATED ALWAYS AS (lower(full_name || ' ' || specialty)) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultants_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "client_requests" ADD CONSTRAINT "client_requests_consultant_id_consultants_user_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_requests" ADD CONSTRAINT "client_requests_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_reviews" ADD CONSTRAINT "consultant_reviews_consultant_id_consultants_user_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_reviews" ADD CONSTRAINT "consultant_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_requests_created_at_id_idx" ON "client_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_requests_consultant_created_at_idx" ON "client_requests" USING btree ("consultant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_requests_sender_consultant_idx" ON "client_requests" USING btree ("sender_id","consultant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultant_reviews_consultant_author_key" ON "consultant_reviews" USING btree ("consultant_id","author_id");--> statement-breakpoint
CREATE INDEX "consultant_reviews_consultant_created_at_idx" ON "consultant_reviews" USING btree ("consultant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultants_created_at_id_idx" ON "consultants" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultants_specialty_created_at_idx" ON "consultants" USING btree ("specialty","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultants_country_created_at_idx" ON "consultants" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultants_search_lc_trgm_idx" ON "consultants" USING gin ("search_lc" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- A consultant's rating and review count follow their reviews in the same transaction, whatever
-- writes or removes a review (our routes, an author's account deleted by cascade). The consultant
-- row is locked before counting: two reviews saved at once then count one after the other, and the
-- second count (a new statement, so a new snapshot) sees the first review.
CREATE FUNCTION consultant_reviews_refresh_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.consultant_id ELSE NEW.consultant_id END;
BEGIN
  -- NO KEY UPDATE, not UPDATE: the review's foreign key already holds KEY SHARE on this row, and two
  -- reviews taking FOR UPDATE on top of their KEY SHARE would deadlock. This still queues them.
  PERFORM 1 FROM consultants WHERE user_id = target FOR NO KEY UPDATE;
  UPDATE consultants c
     SET review_count = s.n, rating = s.average
    FROM (SELECT count(*)::int AS n, coalesce(round(avg(r.rating), 2), 0) AS average
            FROM consultant_reviews r WHERE r.consultant_id = target) s
   WHERE c.user_id = target;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER consultant_reviews_rating AFTER INSERT OR DELETE OR UPDATE OF rating ON consultant_reviews
  FOR EACH ROW EXECUTE FUNCTION consultant_reviews_refresh_rating();
