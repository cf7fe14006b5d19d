import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponse, meResponse, setLanguageBody, SIGN_UP_SENT_MESSAGE, signUpBody, signUpResponse } from '@caribconnect/shared';
import { profiles } from '../../db/schema';
import { me, requireUser } from '../../plugins/auth';
import { HttpError } from '../../lib/http-error';
import { rowsOf } from '../../lib/keyset';
import accountPageForms, { signUpRateLimit } from './page-forms';
import securityRoutes from './security-routes';
import { signUpAccount } from './sign-up';

const accounts: FastifyPluginAsyncZod = async (app) => {
  const signUpLimit = signUpRateLimit(app.config);
  // Their own scope: the urlencoded body parser they register reaches no API route.
  await app.register(accountPageForms);
  await app.register(securityRoutes);

  app.post(
    '/api/signup',
    {
      preHandler: signUpLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Create a job seeker or employer account; the same answer whether or not the address is registered',
        body: signUpBody,
        response: { 200: signUpResponse, 400: errorResponse, 403: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      try {
        await signUpAccount(app, request, request.body);
        return reply.code(200).send({ message: SIGN_UP_SENT_MESSAGE });
      } catch (err) {
        // The role check's own refusals go out as every HttpError does; better-auth's as the spec shows them.
        if (!(err instanceof HttpError) || err.code === 'ADMIN_SIGNUP_FORBIDDEN' || err.code === 'UNKNOWN_ROLE') throw err;
        return reply
          .code(err.statusCode as 400)
          .send({ statusCode: err.statusCode, error: 'Sign-up failed', message: err.message, code: err.code || undefined });
      }
    },
  );

  app.get('/api/me', { schema: { tags: ['accounts'], summary: 'The signed-in person, or null', response: { 200: meResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await request.currentUser();
    return { user };
  });

  // A preference, not a post: open to muted and not-yet-confirmed people too (requireUser, not requireWriter).
  app.put(
    '/api/me/language',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Save the language of your emails and pages (one of the six codes)',
        body: setLanguageBody,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      const language = request.body.language;
      await app.db.db.transaction(async (tx) => {
        const [before] = await tx.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, user.id)).for('update');
        await tx.update(profiles).set({ language, updatedAt: new Date() }).where(eq(profiles.id, user.id));
        if (!before || before.language === language) return;
        // A builder resume's PDF is headed in its owner's language (decision 0076): drawn again in the new one.
        const stale = await rowsOf(
          tx.execute(
            sql`update resumes set generated_key = null where user_id = ${user.id} and file_key is null and generated_key is not null returning user_id`,
          ),
        );
        if (stale.length) await app.queue.send(tx, 'resume-pdf', { userId: user.id }, { singletonKey: user.id });
      });
      return reply.code(204).send(null);
    },
  );
};
export default accounts;
