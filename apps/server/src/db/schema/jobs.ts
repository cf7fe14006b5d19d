import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { companies } from './companies';

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
    /**
     * The company the job belongs to (decision 0070). NOT NULL in the database; optional here because
     * a job inserted without one gets its poster's company from a trigger (migration 0028).
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    company: text('company').notNull(),
    category: text('category').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull().default(''),
    salary: text('salary').notNull().default(''),
    /** False while the platform charges for jobs (settings.jobs_free = false) and no admin has recorded the payment. */
    paid: boolean('paid').notNull().default(true),
    /** The price it was posted at while jobs were not free, in the operator's currency: what its order asks for (0034). */
    listingPrice: numeric('listing_price', { precision: 12, scale: 2 }),
    listingCurrency: text('listing_currency'),
    /** Email the owner of each new applicant, once a day, or never (the bell shows them either way). */
    applicantEmails: text('applicant_emails').notNull().default('none'),
    /**
     * Title and company folded (search_fold, migration 0014: case, accents, punctuation), which the
     * title filter matches with a plain LIKE: folding every row at query time cost 3-4x more per row
     * scanned, measured on PGlite. (The country filter needs none: country is always a name from
     * COUNTRIES, matched in JS.)
     */
    searchLc: text('search_lc')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(title) || chr(10) || search_fold(company)`),
    /** After this the job is closed: off every list, no new applications (decision 0036). */
    expiresAt: ts('expires_at')
      .notNull()
      .default(sql`now() + interval '30 days'`),
    /** When the 7-day and 1-day closing reminders were queued; cleared by a renewal. */
    reminded7dAt: ts('reminded_7d_at'),
    reminded1dAt: ts('reminded_1d_at'),
    employmentType: text('employment_type'),
    workplace: text('workplace'),
    salaryMin: numeric('salary_min', { precision: 14, scale: 2, mode: 'number' }),
    salaryMax: numeric('salary_max', { precision: 14, scale: 2, mode: 'number' }),
    salaryCurrency: text('salary_currency'),
    salaryPeriod: text('salary_period'),
    /** Screening questions asked on Apply (decision 0075, migration 0040): the shared `screeningQuestion` shape, at most 10. */
    screeningQuestions: jsonb('screening_questions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What "salary at least" compares: the top of the range a year, in the job's currency (decision 0036). */
    salaryYearly: numeric('salary_yearly', { mode: 'number' }).generatedAlwaysAs(
      sql`coalesce(salary_max, salary_min) * CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 WHEN 'year' THEN 1 END`,
    ),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list's order and keyset: newest first, id breaks ties.
    index('jobs_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    check('jobs_applicant_emails_check', sql`${t.applicantEmails} in ('each', 'daily', 'none')`),
    index('jobs_company_id_created_at_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('jobs_company_id_expires_at_idx')
      .on(t.companyId, t.expiresAt)
      .where(sql`paid`),
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
    index('jobs_search_lc_trgm_idx').using('gin', t.searchLc.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('jobs_search_grams_idx')
      .using('gin', sql`job_title_grams(${t.searchLc})`)
      .with({ fastupdate: false }),
    // The closing-date reminders' range scan.
    index('jobs_expires_at_idx').on(t.expiresAt),
    index('jobs_employment_type_created_at_idx').on(t.employmentType, t.createdAt.desc(), t.id.desc()),
    index('jobs_workplace_created_at_idx').on(t.workplace, t.createdAt.desc(), t.id.desc()),
    index('jobs_salary_currency_yearly_idx').on(t.salaryCurrency, t.salaryYearly),
    check('jobs_employment_type_check', sql`${t.employmentType} in ('full-time', 'part-time', 'contract', 'temporary', 'internship', 'volunteer')`),
    check('jobs_workplace_check', sql`${t.workplace} in ('on-site', 'hybrid', 'remote')`),
    check('jobs_salary_period_check', sql`${t.salaryPeriod} in ('hour', 'day', 'week', 'month', 'year')`),
    check('jobs_salary_range_check', sql`${t.salaryMin} >= 0 and ${t.salaryMax} >= 0 and ${t.salaryMax} >= ${t.salaryMin}`),
  ],
);

/**
 * The words of each job's search_lc with its place in the list, so a title search reads one word's
 * jobs newest first (decision 0049). Written only by triggers on jobs (migration 0023, which is the
 * definition: `word` is COLLATE "C" and the index INCLUDEs expires_at), in the same transaction.
 */
export const jobSearchWords = pgTable(
  'job_search_words',
  {
    word: text('word').notNull(),
    createdAt: ts('created_at').notNull(),
    jobId: uuid('job_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('job_search_words_word_created_at_idx').on(t.word, t.createdAt.desc(), t.jobId.desc())],
);

/** Every word job_search_words ever held, once; a term's words are looked up here (trigram index). */
export const jobSearchVocabulary = pgTable('job_search_vocabulary', { word: text('word').primaryKey() }, (t) => [
  index('job_search_vocabulary_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
]);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Each job's searched text as one tsvector (title A, company B, category and country C, description
 * D; folded and stemmed four ways), for the ranked search (decision 0072). Written only by triggers
 * on jobs (migration 0032, which is the definition), in the same transaction.
 */
export const jobSearchDocs = pgTable(
  'job_search_docs',
  {
    jobId: uuid('job_id').primaryKey(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    doc: tsvector('doc').notNull(),
  },
  (t) => [index('job_search_docs_doc_idx').using('gin', t.doc), index('job_search_docs_created_at_idx').on(t.createdAt.desc(), t.jobId.desc())],
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
    /** The hiring pipeline's stage (decision 0071); `status` follows it (applications_stage_status_check). */
    stage: text('stage').notNull().default('Applied'),
    /** When a member of the team first opened it: the applicant's "viewed" on their timeline. */
    viewedAt: ts('viewed_at'),
    /** The screening answers, each with its question's text as asked (decision 0075). */
    answers: jsonb('answers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** False: a knockout answer missed ("Does not meet a requirement", team only); null: no knockout asked. */
    meetsRequirements: boolean('meets_requirements'),
    /** The saved resume's text when it was the one sent, for the team's search. */
    resumeText: text('resume_text').notNull().default(''),
    searchLc: text('search_lc')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(cover_letter || chr(10) || resume_text)`),
    /** When the retention job deleted its documents (decision 0078); the keys are null from then on. */
    documentsDeletedAt: ts('documents_deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_job_id_user_id_key').on(t.jobId, t.userId),
    index('applications_job_id_stage_created_at_idx').on(t.jobId, t.stage, t.createdAt.desc(), t.id.desc()),
    index('applications_job_id_created_at_idx').on(t.jobId, t.createdAt.desc(), t.id.desc()),
    index('applications_user_id_created_at_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('applications_retention_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.stage} IN ('Not selected', 'Withdrawn') AND (${t.resumeKey} IS NOT NULL OR ${t.coverLetterKey} IS NOT NULL)`),
    check('applications_status_check', sql`${t.status} in ('Pending', 'Reviewed', 'Shortlisted', 'Rejected')`),
    check('applications_stage_check', sql`${t.stage} in ('Applied', 'Screening', 'Interview', 'Offer', 'Hired', 'Not selected', 'Withdrawn')`),
    check(
      'applications_stage_status_check',
      sql`${t.stage} = 'Withdrawn' OR ${t.status} = CASE ${t.stage} WHEN 'Applied' THEN 'Pending' WHEN 'Screening' THEN 'Reviewed' WHEN 'Not selected' THEN 'Rejected' ELSE 'Shortlisted' END`,
    ),
  ],
);

/** Every move of an application between stages: who (null once their account is gone), when, from, to. */
export const applicationStageMoves = pgTable(
  'application_stage_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    fromStage: text('from_stage').notNull(),
    toStage: text('to_stage').notNull(),
    /** One bulk move, which an undo takes back as a whole. */
    batch: uuid('batch'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('application_stage_moves_application_idx').on(t.applicationId, t.createdAt),
    index('application_stage_moves_batch_idx')
      .on(t.batch)
      .where(sql`${t.batch} is not null`),
  ],
);

/** The team's notes on an application: private to the company. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The teammates it @mentions (user ids), notified when it was written. */
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('application_notes_application_idx').on(t.applicationId, t.createdAt.desc(), t.id.desc())],
);

/** Each team member's 1–5 rating of an application: private to the company. */
export const applicationRatings = pgTable(
  'application_ratings',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.userId] }), check('application_ratings_rating_check', sql`${t.rating} between 1 and 5`)],
);
