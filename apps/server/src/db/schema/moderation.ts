import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * One row per person and reported item (the unique index is the "one report per person per item"
 * rule). item_id is text so one table serves uuids (jobs, ads, messages) and user ids (profiles,
 * consultant cards); owner_id is copied in so the queue and the holds need no per-type join.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    status: text('status').notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('reports_one_per_person_idx').on(t.reporterId, t.itemType, t.itemId),
    index('reports_open_item_idx')
      .on(t.itemType, t.itemId)
      .where(sql`${t.status} = 'open'`),
    index('reports_owner_idx').on(t.ownerId),
    check('reports_item_type', sql`${t.itemType} in ('job', 'ad', 'consultant', 'profile', 'message', 'company')`),
    check('reports_reason', sql`${t.reason} in ('scam', 'fake', 'offensive', 'spam', 'discrimination', 'other')`),
    check('reports_status', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    check('reports_note_length', sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

/**
 * An item held back from everyone but its owner and admins: 'hidden' by three open reports until an
 * admin decides, 'removed' by an admin. A separate row (not a column of jobs/ads…) so an owner's
 * edit of the listing can never clear it; deleting the row is the admin's restore.
 */
export const moderationHolds = pgTable(
  'moderation_holds',
  {
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemType, t.itemId] }), check('moderation_holds_state', sql`${t.state} in ('hidden', 'removed')`)],
);

/** Employers an admin checked off the site; the row's presence is the badge. */
export const verifiedEmployers = pgTable('verified_employers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  verifiedBy: text('verified_by').notNull(),
  verifiedAt: ts('verified_at').notNull().defaultNow(),
});

export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_id_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
