import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** What happened that concerns a person (modules/notifications/notify.ts); the bell lists them. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The values its text names (a job title, a status, a reason), translated by the web. */
    data: jsonb('data').notNull().default({}),
    /** The place it concerns, a path of the web app. */
    link: text('link').notNull(),
    readAt: ts('read_at'),
    /** A new applicant on a job whose owner chose the daily digest, not yet emailed. */
    digestPending: boolean('digest_pending').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_digest_idx')
      .on(t.userId)
      .where(sql`${t.digestPending}`),
  ],
);

/** Which emails a person turned on or off (absent: the kind's default), and when they were last on the site. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    emails: jsonb('emails').notNull().default({}),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [index('notification_settings_last_seen_idx').on(t.lastSeenAt)],
);
