import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * A company (issue 44, decision 0070). Migration 0028 is the definition: it also holds
 * company_slug_base(), ensure_company() (an account's company, made from its profile when it has
 * none), the trigger that gives a job inserted without a company its poster's, and the statement
 * triggers that keep open_jobs (the directory's order).
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The current slug; every slug the company ever had is in company_slugs (old ones answer 301). */
    slug: text('slug').notNull().unique('companies_slug_key'),
    about: text('about').notNull().default(''),
    website: text('website').notNull().default(''),
    sizeBand: text('size_band'),
    /** One of the job categories. */
    industry: text('industry'),
    /** The head office's country (a name from COUNTRIES), '' when not given. */
    country: text('country').notNull().default(''),
    hiresIn: text('hires_in')
      .array()
      .notNull()
      .default(sql`'{}'`),
    foundedYear: integer('founded_year'),
    logoUrl: text('logo_url'),
    nameFold: text('name_fold')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(name)`),
    /** Paid jobs whose closing date is ahead: triggers on jobs, and the hourly companies-open-jobs job for closing dates that passed. */
    openJobs: integer('open_jobs').notNull().default(0),
    verifiedAt: ts('verified_at'),
    verifiedBy: text('verified_by'),
    suspendedAt: ts('suspended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('companies_size_band_check', sql`${t.sizeBand} in ('1-10', '11-50', '51-200', '201-500', '501-1000', '1001+')`),
    check('companies_founded_year_check', sql`${t.foundedYear} between 1600 and 2100`),
    index('companies_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('companies_open_jobs_name_idx').on(t.openJobs.desc(), t.nameFold, t.id),
    index('companies_country_open_jobs_idx').on(t.country, t.openJobs.desc(), t.nameFold, t.id),
    index('companies_name_fold_trgm_idx').using('gin', t.nameFold.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** Who belongs to which company, with what role. The person is the key: one company per account. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull().$type<'owner' | 'recruiter' | 'viewer'>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('company_members_role_check', sql`${t.role} in ('owner', 'recruiter', 'viewer')`),
    index('company_members_company_id_role_idx').on(t.companyId, t.role),
  ],
);

/** Every slug a company ever had, its current one included: the primary key keeps them unique across history. */
export const companySlugs = pgTable(
  'company_slugs',
  {
    slug: text('slug').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('company_slugs_company_id_idx').on(t.companyId)],
);
