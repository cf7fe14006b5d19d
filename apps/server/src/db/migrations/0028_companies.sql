-- Companies and hiring teams (issue 44, decision 0070). Every employer account belongs to exactly one
-- company (company_members' primary key is the person); jobs belong to a company; every slug a
-- company ever had is kept in company_slugs, so an old address answers 301 to the current one.
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"size_band" text,
	"industry" text,
	"country" text DEFAULT '' NOT NULL,
	"hires_in" text[] DEFAULT '{}' NOT NULL,
	"founded_year" integer,
	"logo_url" text,
	"name_fold" text GENERATED ALWAYS AS (search_fold(name)) STORED NOT NULL,
	"open_jobs" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"verified_by" text,
	"suspended_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_key" UNIQUE("slug"),
	CONSTRAINT "companies_size_band_check" CHECK ("size_band" in ('1-10', '11-50', '51-200', '201-500', '501-1000', '1001+')),
	CONSTRAINT "companies_founded_year_check" CHECK ("founded_year" between 1600 and 2100)
);--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role_check" CHECK ("role" in ('owner', 'recruiter', 'viewer'))
);--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_members_company_id_role_idx" ON "company_members" USING btree ("company_id","role");--> statement-breakpoint
CREATE TABLE "company_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "company_slugs" ADD CONSTRAINT "company_slugs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_slugs_company_id_idx" ON "company_slugs" USING btree ("company_id");--> statement-breakpoint
-- A readable ASCII slug of a name (the TypeScript twin is companySlugBase in packages/shared): folded
-- as search is, anything but letters and digits becomes one dash, at most 60 characters.
CREATE FUNCTION company_slug_base(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = public, pg_catalog AS $$
  SELECT coalesce(nullif(btrim(left(btrim(regexp_replace(search_fold(t), '[^a-z0-9]+', '-', 'g'), '-'), 60), '-'), ''), 'company')
$$;--> statement-breakpoint
-- The company of an account, made when it has none: from its profile, the name of its newest job's
-- company field (else the person's name), the avatar as logo, the bio as about, the profile's country,
-- verified when the person was a verified employer; the person is its owner. Slugs: the base, then
-- base-2, base-3…; reserved words take "-company". Used by this migration for every account that is or
-- was an employer or owns a job, by a job inserted without a company (its poster's), and when a person
-- becomes an employer some other way than sign-up (an admin's role change).
CREATE FUNCTION ensure_company(uid text) RETURNS uuid LANGUAGE plpgsql
SET search_path = public, pg_catalog AS $$
DECLARE
  r record;
  company_name text;
  base text;
  candidate text;
  n integer := 1;
  cid uuid;
BEGIN
  SELECT m.company_id INTO cid FROM company_members m WHERE m.user_id = uid;
  IF cid IS NOT NULL THEN RETURN cid; END IF;
  SELECT u.id, coalesce(p.full_name, u.name, '') AS full_name, p.avatar_url, coalesce(p.bio, '') AS bio, coalesce(p.country, '') AS country,
      coalesce(p.created_at, u.created_at) AS created_at,
      (SELECT btrim(j.company) FROM jobs j WHERE j.user_id = u.id AND btrim(j.company) <> '' ORDER BY j.created_at DESC, j.id DESC LIMIT 1) AS job_company,
      v.verified_at, v.verified_by
    INTO r
    FROM users u LEFT JOIN profiles p ON p.id = u.id LEFT JOIN verified_employers v ON v.user_id = u.id
    WHERE u.id = uid;
  IF NOT FOUND THEN RETURN NULL; END IF;
  company_name := left(coalesce(nullif(r.job_company, ''), nullif(btrim(r.full_name), ''), 'Company'), 200);
  base := company_slug_base(company_name);
  IF base IN ('new', 'admin', 'api', 'edit', 'settings', 'team', 'search', 'companies', 'assets', 'static', 'invitations', 'follow') THEN
    base := base || '-company';
  END IF;
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM company_slugs s WHERE s.slug = candidate) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  INSERT INTO companies (name, slug, about, country, logo_url, verified_at, verified_by, created_at, updated_at)
    VALUES (company_name, candidate, left(r.bio, 5000), r.country, r.avatar_url, r.verified_at, r.verified_by, r.created_at, r.created_at)
    RETURNING id INTO cid;
  INSERT INTO company_slugs (slug, company_id, created_at) VALUES (candidate, cid, r.created_at);
  INSERT INTO company_members (user_id, company_id, role, created_at) VALUES (uid, cid, 'owner', r.created_at);
  RETURN cid;
END $$;--> statement-breakpoint
-- In order of sign-up, so the oldest account keeps the plain slug.
SELECT ensure_company(x.id) FROM (
  SELECT u.id FROM users u LEFT JOIN profiles p ON p.id = u.id
  WHERE p.role = 'employer' OR p.previous_role = 'employer' OR EXISTS (SELECT 1 FROM jobs j WHERE j.user_id = u.id)
  ORDER BY coalesce(p.created_at, u.created_at), u.id
) x;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "company_id" uuid;--> statement-breakpoint
UPDATE "jobs" j SET "company_id" = m.company_id FROM company_members m WHERE m.user_id = j.user_id;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The company's jobs newest first (the dashboard, the company page), and its open ones counted.
CREATE INDEX "jobs_company_id_created_at_idx" ON "jobs" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_company_id_expires_at_idx" ON "jobs" USING btree ("company_id","expires_at") WHERE paid;--> statement-breakpoint
-- The directory is sorted by open jobs: kept by a trigger on every change of a company's jobs, and
-- brought up to date for jobs that passed their closing date by a recurring job (companies-open-jobs).
CREATE FUNCTION company_open_jobs(c uuid) RETURNS integer LANGUAGE sql STABLE
SET search_path = public, pg_catalog AS $$
  SELECT count(*)::integer FROM jobs j WHERE j.company_id = c AND j.paid AND j.expires_at > now()
$$;--> statement-breakpoint
-- Counted per statement from the changed rows' companies (a bulk insert counts each company once).
CREATE FUNCTION companies_count_open_jobs() RETURNS trigger LANGUAGE plpgsql
SET search_path = public, pg_catalog AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies c SET open_jobs = company_open_jobs(c.id) WHERE c.id IN (SELECT DISTINCT company_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE companies c SET open_jobs = company_open_jobs(c.id) WHERE c.id IN (SELECT DISTINCT company_id FROM old_rows);
  ELSE
    UPDATE companies c SET open_jobs = company_open_jobs(c.id)
      WHERE c.id IN (SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER jobs_company_open_jobs_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION companies_count_open_jobs();--> statement-breakpoint
CREATE TRIGGER jobs_company_open_jobs_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION companies_count_open_jobs();--> statement-breakpoint
CREATE TRIGGER jobs_company_open_jobs_update AFTER UPDATE ON jobs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION companies_count_open_jobs();--> statement-breakpoint
-- A job inserted without a company (seeds, older tools) belongs to its poster's.
CREATE FUNCTION jobs_default_company() RETURNS trigger LANGUAGE plpgsql
SET search_path = public, pg_catalog AS $$
BEGIN
  IF NEW.company_id IS NULL THEN NEW.company_id := ensure_company(NEW.user_id); END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER jobs_default_company BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_default_company();--> statement-breakpoint
UPDATE companies c SET open_jobs = company_open_jobs(c.id);--> statement-breakpoint
-- The directory: by open jobs, then name; name search on the folded name (trigrams, as jobs).
CREATE INDEX "companies_open_jobs_name_idx" ON "companies" USING btree ("open_jobs" DESC, "name_fold", "id");--> statement-breakpoint
CREATE INDEX "companies_name_fold_trgm_idx" ON "companies" USING gin ("name_fold" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "companies_country_open_jobs_idx" ON "companies" USING btree ("country", "open_jobs" DESC, "name_fold", "id");
;--> statement-breakpoint
-- The sitemap reads companies oldest first, as it reads every listing kind.
CREATE INDEX "companies_created_at_id_idx" ON "companies" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST);