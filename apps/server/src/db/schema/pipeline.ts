import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { companies } from './companies';
import { applications, jobs } from './jobs';

/** Millisecond precision, as jobs.ts's `ts`. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * Migration 0038 (decision 0071): a company's reply templates, one name with a text per language.
 * The default kind rejection in the six languages is built in (email catalogs), not stored.
 */
export const replyTemplates = pgTable(
  'reply_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('reply_templates_company_name_language_key').on(t.companyId, t.name, t.language)],
);

/** One bulk move: undone within 10 seconds, or its notices and replies go out after that. */
export const pipelineBatches = pgTable('pipeline_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id')
    .notNull()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
  toStage: text('to_stage').notNull(),
  template: text('template'),
  createdAt: ts('created_at').notNull().defaultNow(),
  undoneAt: ts('undone_at'),
});

/**
 * The reply of a bulk move to each application: pending until the batch's job queues its email,
 * cancelled by an undo. At most one live reply per application, ever (application_replies_once_idx).
 */
export const applicationReplies = pgTable(
  'application_replies',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    batch: uuid('batch')
      .notNull()
      .references(() => pipelineBatches.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Named as PostgreSQL named the inline PRIMARY KEY of migration 0038.
    primaryKey({ name: 'application_replies_pkey', columns: [t.applicationId, t.batch] }),
    check('application_replies_state_check', sql`${t.state} in ('pending', 'queued', 'cancelled')`),
    uniqueIndex('application_replies_once_idx')
      .on(t.applicationId)
      .where(sql`${t.state} <> 'cancelled'`),
    index('application_replies_pending_idx')
      .on(t.batch)
      .where(sql`${t.state} = 'pending'`),
  ],
);
