import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Each person's events, numbered 1, 2, 3… per person (plugins/realtime.ts). The number is the SSE
 * event id: a client that reconnects sends the last one it saw and gets the rest from here.
 */
export const userEvents = pgTable(
  'user_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('user_events_created_at_idx').on(t.createdAt)],
);

/**
 * A person's last event number. Taking the next one locks this row until commit, so one person's
 * events commit in number order: a reader never sees event 11 while 10 could still appear.
 */
export const userEventSeqs = pgTable('user_event_seqs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});
