-- Ranked, forgiving, multilingual ads search (issue 46, decision 0072's addendum on ads). Each ad's
-- searched text as one tsvector, as job_search_docs (migration 0032) for jobs, with the same
-- four-dictionary stems (search_stems) and the same query functions (search_tsquery, search_phrase):
-- the title weighted A, the category's name, the country and town C, the first 3,000 characters of
-- the description D. One row per ad beside the table, so Browse Ads' newest-first pages read rows no
-- wider than before. No foreign key: the trigger deletes.
CREATE FUNCTION ad_search_doc(title text, category text, country text, town text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(search_stems(search_fold(coalesce(title, ''))), 'A')
    || setweight(search_stems(search_fold(coalesce(category, '') || ' ' || coalesce(country, '') || ' ' || coalesce(town, ''))), 'C')
    || setweight(search_stems(search_fold(left(coalesce(description, ''), 3000))), 'D')
$$;--> statement-breakpoint
CREATE TABLE "ad_search_docs" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"doc" tsvector NOT NULL
);--> statement-breakpoint
-- Every word any ad's title ever held, once (as job_search_vocabulary): a typo's neighbours are
-- looked up here through its trigram index. Words are never removed.
CREATE TABLE "ad_search_vocabulary" (
	"word" text COLLATE "C" PRIMARY KEY
);--> statement-breakpoint
INSERT INTO "ad_search_docs" ("ad_id", "created_at", "expires_at", "doc")
  SELECT a.id, a.created_at, a.expires_at, ad_search_doc(a.title, c.name, a.country, a.town, a.description)
    FROM ads a LEFT JOIN ad_categories c ON c.id = a.category_id;--> statement-breakpoint
INSERT INTO "ad_search_vocabulary" ("word")
  SELECT DISTINCT w FROM ads a CROSS JOIN LATERAL unnest(search_words(search_fold(a.title))) AS w;--> statement-breakpoint
CREATE INDEX "ad_search_docs_doc_idx" ON "ad_search_docs" USING gin ("doc");--> statement-breakpoint
CREATE INDEX "ad_search_docs_created_at_idx" ON "ad_search_docs" USING btree ("created_at" DESC NULLS LAST, "ad_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_search_vocabulary_trgm_idx" ON "ad_search_vocabulary" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE FUNCTION ads_search_docs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The bulk seed writes these rows itself, all at once, after its ads (db/seed/ads.ts).
  IF current_setting('caribconnect.bulk_seed', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM ad_search_docs WHERE ad_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.title IS DISTINCT FROM NEW.title THEN
    INSERT INTO ad_search_vocabulary (word) SELECT unnest(search_words(search_fold(NEW.title))) ON CONFLICT DO NOTHING;
  END IF;
  INSERT INTO ad_search_docs (ad_id, created_at, expires_at, doc)
    VALUES (NEW.id, NEW.created_at, NEW.expires_at,
      ad_search_doc(NEW.title, (SELECT c.name FROM ad_categories c WHERE c.id = NEW.category_id), NEW.country, NEW.town, NEW.description))
    ON CONFLICT (ad_id) DO UPDATE SET created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, doc = EXCLUDED.doc;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ads_search_docs_insert_delete AFTER INSERT OR DELETE ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_search_docs_sync();--> statement-breakpoint
CREATE TRIGGER ads_search_docs_update AFTER UPDATE ON ads FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.country IS DISTINCT FROM NEW.country OR OLD.town IS DISTINCT FROM NEW.town
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION ads_search_docs_sync();--> statement-breakpoint
CREATE FUNCTION ads_search_docs_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ad_search_docs;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ads_search_docs_truncate AFTER TRUNCATE ON ads FOR EACH STATEMENT EXECUTE FUNCTION ads_search_docs_truncate();--> statement-breakpoint
ANALYZE "ad_search_docs";--> statement-breakpoint
ANALYZE "ad_search_vocabulary";
