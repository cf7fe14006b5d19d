import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * One resume per person (the spec's upsert on user_id). Education and experience are JSON lists of
 * entries; rows written in the original single-text shape (a string, or a list of `{detail}`) are
 * read by the shared normaliser, so no rewrite of old rows is needed.
 */
export const resumes = pgTable(
  'resumes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    summary: text('summary').notNull().default(''),
    education: jsonb('education')
      .notNull()
      .default(sql`'[]'::jsonb`),
    experience: jsonb('experience')
      .notNull()
      .default(sql`'[]'::jsonb`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    certifications: text('certifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The uploaded document (resumes/resume-{userId}.{ext}, a private area), if any. */
    fileKey: text('file_key'),
    /** The last PDF generated from the fields; its name carries a hash of what it was drawn from. */
    generatedKey: text('generated_key'),
    /** Who may read it besides its owner and admins: signed-in members, employers, or nobody. */
    visibility: text('visibility').notNull().default('members'),
    /** "Employers can find me" (decision 0072): off by default; only these appear in Candidates for this job. */
    discoverable: boolean('discoverable').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('resumes_visibility_check', sql`${t.visibility} in ('members', 'employers', 'nobody')`)],
);
