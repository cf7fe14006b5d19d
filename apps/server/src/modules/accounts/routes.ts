import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, meResponse, signUpBody } from '@caribconnect/shared';
import { HttpError } from '../../lib/http-error';
import accountPageForms, { signUpRateLimit } from './page-forms';
import { signUpAndSignIn } from './sign-up';

const accounts: FastifyPluginAsyncZod = async (app) => {
  const signUpLimit = signUpRateLimit(app.config);
  // Their own scope: the urlencoded body parser they register reaches no API route.
  await app.register(accountPageForms);

  app.post(
    '/api/signup',
    {
      preHandler: signUpLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Create a job seeker or employer account and sign it in',
        body: signUpBody,
        response: { 201: meResponse, 400: errorResponse, 403: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      try {
        const { user, cookies } = await signUpAndSignIn(app, request, request.body);
        reply.header('set-cookie', cookies);
        return reply.code(201).send({ user });
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
};
export default accounts;
