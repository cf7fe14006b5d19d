import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers to requests sent with an Idempotency-Key (plugins/idempotency.ts, docs/decisions/0009).
 * status null: the first request is still running. Rows expire after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** 'user:<id>' for a signed-in caller, 'addr:<ip>' otherwise. */
    scope: text('scope').notNull(),
    /** Method and route pattern, e.g. 'POST /api/jobs/:id/applications'. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** sha256 of the URL and the JSON body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.route, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
