import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, meResponse, signUpBody } from '@caribconnect/shared';
import { authHeaders } from '../../plugins/auth';
import { pendingAccount } from '../../plugins/auth-instance';
import { rateLimit } from '../../lib/rate-limit';
import { checkSignUpRole } from './service';

const accounts: FastifyPluginAsyncZod = async (app) => {
  const signUpLimit = rateLimit({ ...app.config.signUpRateLimit, message: 'Too many sign-ups from this network. Please try again later.' });

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
      const { email, password, role, fullName = '' } = request.body;
      const checkedRole = checkSignUpRole(role);
      const res = await pendingAccount.run({ role: checkedRole, fullName }, () =>
        app.auth.api.signUpEmail({ body: { email, password, name: fullName }, headers: authHeaders(request), asResponse: true }),
      );
      const body = (await res.json()) as { user?: { id: string; email: string }; message?: string; code?: string };
      if (!res.ok || !body.user) {
        const status = res.status >= 400 ? res.status : 400;
        return reply
          .code(status as 400)
          .send({ statusCode: status, error: 'Sign-up failed', message: body.message ?? 'Unexpected error occurred. Please try again.', code: body.code });
      }
      reply.header('set-cookie', res.headers.getSetCookie());
      return reply.code(201).send({ user: { id: body.user.id, email: body.user.email, role: checkedRole, fullName } });
    },
  );

  app.get('/api/me', { schema: { tags: ['accounts'], summary: 'The signed-in person, or null', response: { 200: meResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await request.currentUser();
    return { user };
  });
};
export default accounts;
