import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { rateLimit, byUser } from './rate-limit';
import { rowsOf } from './keyset';

const DAY_MS = 24 * 60 * 60 * 1000;

export const POSTING_LIMIT_MESSAGES = {
  jobs: 'You have posted as many jobs as a new account may in one day. Please try again tomorrow.',
  ads: 'You have posted as many ads as a new account may in one day. Please try again tomorrow.',
  newContacts: 'You have written to as many new people as you may in one day. Please try again tomorrow.',
} as const;

/**
 * preHandler: at most `postingLimits[kind]` posts per account in 24 hours (issue 23), counted in
 * the shared rate-limit table so every instance agrees. Runs after the account checks, so a
 * refused caller (signed out, muted, unconfirmed) uses none of it.
 */
export function dailyPostingLimit(kind: 'jobs' | 'ads', max: number) {
  return rateLimit({ name: `posting-${kind}`, max, windowMs: DAY_MS, key: byUser, message: POSTING_LIMIT_MESSAGES[kind], code: 'POSTING_LIMIT' });
}

/**
 * preHandler for POST /api/messages: only a first message to someone the sender has never talked
 * with (no conversation row either way, even a cleared one) counts against the daily limit.
 */
export function newContactLimit(max: number) {
  const limit = rateLimit({
    name: 'posting-new-contacts',
    max,
    windowMs: DAY_MS,
    key: byUser,
    message: POSTING_LIMIT_MESSAGES.newContacts,
    code: 'POSTING_LIMIT',
  });
  return async (request: FastifyRequest, reply: Parameters<typeof limit>[1]) => {
    const me = await request.currentUser();
    const recipientId = (request.body as { recipientId?: unknown } | undefined)?.recipientId;
    if (!me || typeof recipientId !== 'string') return;
    const talked = await rowsOf<{ one: number }>(
      request.server.db.db.execute(
        sql`select 1 as one from conversations where (user_id = ${me.id} and other_id = ${recipientId}) or (user_id = ${recipientId} and other_id = ${me.id}) limit 1`,
      ),
    );
    if (!talked.length) await limit(request, reply);
  };
}
