import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Millisecond precision: the keyset cursor carries created_at through JavaScript Dates, which hold
 * milliseconds; microseconds would make a cursor skip or repeat rows that share a millisecond.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    company: text('company').notNull(),
    category: text('category').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull().default(''),
    salary: text('salary').notNull().default(''),
    /** False while the platform charges for jobs (settings.jobs_free = false) and no admin has recorded the payment. */
    paid: boolean('paid').notNull().default(true),
    /** Email the owner of each new applicant, once a day, or never (the bell shows them either way). */
    applicantEmails: text('applicant_emails').notNull().default('none'),
    /**
     * Lower-cased copy the title filter matches with a plain LIKE: case-folding every row at query
     * time (ILIKE, or lower() in the WHERE) cost 3-4x more per row scanned, measured on PGlite.
     * (The country filter needs none: country is always a name from COUNTRIES, matched in JS.)
     */
    titleLc: text('title_lc')
      .notNull()
      .generatedAlwaysAs(sql`lower(title)`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list's order and keyset: newest first, id breaks ties.
    index('jobs_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    check('jobs_applicant_emails_check', sql`${t.applicantEmails} in ('each', 'daily', 'none')`),
    index('jobs_user_id_created_at_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Category is matched case-insensitively and read in list order.
    index('jobs_category_created_at_idx').on(sql`lower(${t.category})`, t.createdAt.desc(), t.id.desc()),
    // One country (the filter maps its text to names in JS), alone or with a category, in list order.
    index('jobs_country_created_at_idx').on(t.country, t.createdAt.desc(), t.id.desc()),
    index('jobs_country_category_created_at_idx').on(t.country, sql`lower(${t.category})`, t.createdAt.desc(), t.id.desc()),
    // Title substring search (LIKE '%term%'): trigrams for terms of 3+ characters, and the title's
    // distinct 1- and 2-character substrings (job_title_grams, migration 0004) for shorter ones.
    // fastupdate off: PGlite has no autovacuum to empty a GIN pending list, which every search
    // would otherwise scan (measured: a no-match search 0.8 ms -> 0.2 ms once it was emptied).
    index('jobs_title_lc_trgm_idx').using('gin', t.titleLc.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('jobs_title_grams_idx')
      .using('gin', sql`job_title_grams(${t.titleLc})`)
      .with({ fastupdate: false }),
  ],
);

export const jobCategories = pgTable('job_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    coverLetter: text('cover_letter').notNull().default(''),
    /** Storage keys in private areas (resumes/…, cover-letters/…), served only through an authorised route. */
    resumeKey: text('resume_key'),
    coverLetterKey: text('cover_letter_key'),
    status: text('status').notNull().default('Pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_job_id_user_id_key').on(t.jobId, t.userId),
    index('applications_job_id_created_at_idx').on(t.jobId, t.createdAt.desc(), t.id.desc()),
    index('applications_user_id_created_at_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('applications_status_check', sql`${t.status} in ('Pending', 'Reviewed', 'Shortlisted', 'Rejected')`),
  ],
);
