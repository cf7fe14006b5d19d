import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { deviceSessions, errorResponse, idParam, messageResponse, signedOutOthers } from '@caribconnect/shared';
import { session as sessions } from '../../db/schema';
import { notFound, unauthorized } from '../../lib/http-error';
import { byUser, rateLimit } from '../../lib/rate-limit';
import { authHeaders, me, requireUser } from '../../plugins/auth';
import { EMAIL_CONFIRMED_PATH } from '../../plugins/auth-instance';
import { describeUserAgent } from './user-agent';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };
const noStore = { 'cache-control': 'no-store' };

/** Confirmation email again, and the person's own signed-in devices (issue 23). */
const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  const resendLimit = rateLimit({
    name: 'confirmation-resend',
    ...app.config.confirmationResendLimit,
    key: byUser,
    message: 'You asked for several confirmation emails already. Please check your inbox and spam folder, or try again in an hour.',
    code: 'CONFIRMATION_RESEND_LIMIT',
  });

  app.post(
    '/api/account/confirmation-email',
    {
      onRequest: requireUser,
      preHandler: resendLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Send the email confirmation link again (signed in, limited per hour)',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const user = await me(request);
      if (user.emailVerified !== false) return { message: 'Your email is already confirmed.' };
      await app.auth.api.sendVerificationEmail({ body: { email: user.email, callbackURL: EMAIL_CONFIRMED_PATH }, headers: authHeaders(request) });
      return { message: 'We sent you a new confirmation link.' };
    },
  );

  /** The caller's session id, from the cookie (never sent to the page). */
  async function currentSessionId(request: Parameters<typeof authHeaders>[0]) {
    const found = await app.auth.api.getSession({ headers: authHeaders(request) });
    if (!found) throw unauthorized();
    return found.session.id;
  }

  app.get(
    '/api/account/sessions',
    {
      onRequest: requireUser,
      schema: { tags: ['accounts'], summary: 'Your signed-in devices, most recently active first', response: { 200: deviceSessions, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const user = await me(request);
      const current = await currentSessionId(request);
      const rows = await db
        .select({ id: sessions.id, userAgent: sessions.userAgent, updatedAt: sessions.updatedAt, createdAt: sessions.createdAt })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.updatedAt))
        .limit(100);
      return {
        items: rows.map((r) => ({
          id: r.id,
          ...describeUserAgent(r.userAgent),
          lastActiveAt: r.updatedAt.toISOString(),
          createdAt: r.createdAt.toISOString(),
          current: r.id === current,
        })),
      };
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    { onRequest: requireUser, schema: { tags: ['accounts'], summary: 'Sign out every other device', response: { 200: signedOutOthers, ...errors } } },
    async (request) => {
      const user = await me(request);
      const current = await currentSessionId(request);
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, current)))
        .returning({ id: sessions.id });
      return { signedOut: gone.length };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      onRequest: requireUser,
      schema: { tags: ['accounts'], summary: 'Sign out one of your devices', params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const user = await me(request);
      // Ownership in the SQL: someone else's session id is "not found", never deleted.
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.id, request.params.id), eq(sessions.userId, user.id)))
        .returning({ id: sessions.id });
      if (!gone.length) throw notFound('No such device.', 'SESSION_NOT_FOUND');
      return reply.code(204).send(null);
    },
  );
};
export default securityRoutes;
