import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters, shared by every server instance on the same database. One row per
 * limit and key (`sign-in:203.0.113.0`, `POST /api/feedback:2001:db8:1:2::/64`, a user id…);
 * the window is fixed and starts at the first hit after the previous one ended.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});
