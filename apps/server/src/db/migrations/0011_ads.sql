CREATE TABLE "ad_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "ad_categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "ad_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid,
	"image" jsonb,
	"video_key" text,
	"poster" jsonb,
	"paid" boolean DEFAULT false NOT NULL,
	"search_lc" text GENERATED ALWAYS AS (lower(title || chr(10) || description)) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_category_id_ad_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ad_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_created_at_id_idx" ON "ads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_category_created_at_idx" ON "ads" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_user_id_created_at_idx" ON "ads" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_search_lc_trgm_idx" ON "ads" USING gin ("search_lc" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ads_title_grams_idx" ON "ads" USING gin (job_title_grams(lower("title"))) WITH (fastupdate=false);--> statement-breakpoint
-- The categories of packages/shared/src/constants/ad-categories.ts; the seed adds any missing later.
INSERT INTO "ad_categories" ("slug", "name") VALUES
	('vehicles', 'Vehicles'),
	('property-rentals', 'Property & Rentals'),
	('electronics', 'Electronics'),
	('home-garden', 'Home & Garden'),
	('fashion-beauty', 'Fashion & Beauty'),
	('services', 'Services'),
	('business-promotion', 'Business Promotion'),
	('events', 'Events'),
	('farm-fishing', 'Farm & Fishing'),
	('boats-marine', 'Boats & Marine'),
	('jobs-wanted', 'Jobs Wanted')
ON CONFLICT DO NOTHING;
