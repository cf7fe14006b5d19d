import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordBody, signInBody, signUpBody } from '@caribconnect/shared';
import { badRequest, HttpError } from '../../lib/http-error';
import { rateLimit } from '../../lib/rate-limit';
import { authHeaders, authRateLimits, verifyTotp } from '../../plugins/auth';
import { inAuthTransaction } from '../../plugins/auth-instance';
import { acceptFormBodies, formBody, formResponse, runPageForm, safeReturnTo } from '../../plugins/page-forms';
import { findRole, roleHome } from './service';
import { signUpAccount } from './sign-up';

/** Sign-ups per address, shared by POST /api/signup and the sign-up page form (decision 0008). */
export function signUpRateLimit(config: FastifyInstance['config']) {
  return rateLimit({ name: 'sign-up', ...config.signUpRateLimit, message: 'Too many sign-ups from this network. Please try again later.' });
}

/** A form field's value against its shared schema; the first problem is the page's message. */
function parsed<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request.', 'VALIDATION_FAILED');
  return result.data;
}

const returnToQuery = z.object({ returnTo: z.string().max(2000).optional() });
const pageSchema = (summary: string) => ({ hide: true, summary, querystring: returnToQuery, body: formBody, response: formResponse });

/**
 * Log In, Sign Up and Forgot Password as plain HTML forms (method="post", urlencoded), for a person
 * whose page has not run its scripts yet on a slow phone. Each does what the script does, through
 * the same code and the same rate limits, then answers 303 to where the script would go; a refusal
 * re-renders the page with the message and what was typed, never the password (decision 0028).
 */
const accountPageForms: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  const limits = authRateLimits(app.config);
  const signUpLimit = signUpRateLimit(app.config);

  app.post('/login', { schema: pageSchema('Log in from the HTML form') }, async (request, reply) => {
    const { email = '' } = request.body;
    return runPageForm(request, reply, { email }, async () => {
      await limits['/sign-in/email']!(request, reply);
      const body = parsed(signInBody, request.body);
      const res = await app.auth.api.signInEmail({ body, headers: authHeaders(request), asResponse: true });
      const answer = (await res.json()) as { user?: { id: string }; twoFactorRedirect?: boolean; message?: string; code?: string };
      if (res.ok && answer.twoFactorRedirect) {
        // Second step (decision 0042): the two-factor cookie is set, the page asks for the code.
        reply.header('set-cookie', res.headers.getSetCookie());
        const returnTo = safeReturnTo(request.query.returnTo);
        return `/login?step=code${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`;
      }
      if (!res.ok || !answer.user)
        throw new HttpError(res.status >= 400 ? res.status : 400, answer.message ?? 'An unexpected error occurred. Please try again.', answer.code ?? '');
      reply.header('set-cookie', res.headers.getSetCookie());
      return safeReturnTo(request.query.returnTo) ?? roleHome(await findRole(app.db.db, answer.user.id));
    });
  });

  // The code step of a sign-in with two-factor on: a code from the app, or a backup code (backup=1).
  app.post('/login/code', { schema: pageSchema('Second sign-in step from the HTML form') }, async (request, reply) => {
    return runPageForm(request, reply, { backup: request.body.backup ?? '' }, async () => {
      await limits['/two-factor/verify-totp']!(request, reply);
      const code = (request.body.code ?? '').trim();
      if (!code || code.length > 40) throw badRequest('Enter the code from your authenticator app.', 'CODE_REQUIRED');
      const res =
        request.body.backup === '1'
          ? await app.auth.api.verifyBackupCode({ body: { code }, headers: authHeaders(request), asResponse: true })
          : await verifyTotp(request, code);
      const answer = (await res.json().catch(() => ({}))) as { user?: { id: string }; message?: string; code?: string };
      if (!res.ok || !answer.user)
        throw new HttpError(res.status >= 400 ? res.status : 400, answer.message ?? 'An unexpected error occurred. Please try again.', answer.code ?? '');
      reply.header('set-cookie', res.headers.getSetCookie());
      return safeReturnTo(request.query.returnTo) ?? roleHome(await findRole(app.db.db, answer.user.id));
    });
  });

  app.post('/signup', { schema: pageSchema('Sign up from the HTML form') }, async (request, reply) => {
    const { email = '', fullName = '', role = '', companyName = '' } = request.body;
    return runPageForm(request, reply, { email, fullName, role, companyName }, async () => {
      await signUpLimit(request, reply);
      // An empty language field (the form's hidden input before its script ran) means the page's own.
      const { language, ...fields } = request.body;
      await signUpAccount(app, request, parsed(signUpBody, language ? request.body : fields));
      // The page then says to check the email, as the script's form does after its request.
      return '/signup?sent=1';
    });
  });

  app.post('/forgot-password', { schema: pageSchema('Ask for a password reset link from the HTML form') }, async (request, reply) => {
    const { email = '' } = request.body;
    return runPageForm(request, reply, { email }, async () => {
      await limits['/request-password-reset']!(request, reply);
      const body = parsed(forgotPasswordBody, request.body);
      // The reset's token row and its email job commit together (decision 0035).
      const res = await inAuthTransaction(app.db.db, () =>
        app.auth.api.requestPasswordReset({
          body: { email: body.email, redirectTo: '/reset-password' },
          headers: authHeaders(request),
          asResponse: true,
        }),
      );
      if (!res.ok) {
        const answer = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
        throw new HttpError(res.status, answer.message ?? 'An unexpected error occurred. Please try again.', answer.code ?? '');
      }
      // The page then says the link was sent, as the script's form does after its request.
      return '/forgot-password?sent=1';
    });
  });
};
export default accountPageForms;
