import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * A job or ad someone saved. No foreign key to the item: a deleted job stays on the Saved list,
 * greyed with why, under the title it had when saved.
 */
export const savedItems = pgTable(
  'saved_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['job', 'ad'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    title: text('title').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'saved_items_pk', columns: [t.userId, t.kind, t.itemId] }),
    check('saved_items_kind_check', sql`${t.kind} in ('job', 'ad')`),
    index('saved_items_user_created_at_idx').on(t.userId, t.createdAt.desc(), t.itemId.desc()),
  ],
);

/**
 * A saved jobs search emailed daily or weekly. Either a member's (user_id; mail goes to their account
 * email) or a guest's (email; nothing is sent before confirmed_at).
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    email: text('email'),
    name: text('name').notNull(),
    /** The jobs list's own validated filters (jobListFilters without date), so new filters are carried as they are. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    frequency: text('frequency', { enum: ['daily', 'weekly'] }).notNull(),
    paused: boolean('paused').notNull().default(false),
    confirmedAt: ts('confirmed_at'),
    /** The lower bound of the next email's matches: jobs posted after it. */
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    nextDueAt: ts('next_due_at').notNull(),
    lastSentCount: integer('last_sent_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** A guest's emails are in the language of the page they subscribed from; a member's follow their profile. */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    check('job_alerts_frequency_check', sql`${t.frequency} in ('daily', 'weekly')`),
    check('job_alerts_language_check', sql`${t.language} in ('en', 'es', 'fr', 'nl', 'ht', 'pap')`),
    check('job_alerts_owner_check', sql`(${t.userId} IS NULL) <> (${t.email} IS NULL)`),
    index('job_alerts_user_created_at_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('job_alerts_due_idx')
      .on(t.nextDueAt, t.id)
      .where(sql`${t.confirmedAt} IS NOT NULL AND NOT ${t.paused}`),
    index('job_alerts_unconfirmed_idx')
      .on(t.createdAt)
      .where(sql`${t.confirmedAt} IS NULL`),
  ],
);
