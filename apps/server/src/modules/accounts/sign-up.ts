import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignUpBody } from '@caribconnect/shared';
import { HttpError } from '../../lib/http-error';
import { authHeaders } from '../../plugins/auth';
import { pendingAccount } from '../../plugins/auth-instance';
import { pageLanguage } from '../../lib/emails';
import { createCompany } from '../../lib/companies';
import { checkCompanyName, checkSignUpRole } from './service';

/**
 * Creates the account (user, credential and profile in one transaction, with the checked role);
 * better-auth queues the confirmation email. For a registered address better-auth answers as for a
 * new one (with auto sign-in off it hashes the password anyway and returns a made-up user) and our
 * onExistingUserSignUp queues the warning email (decision 0041). Shared by POST /api/signup and the sign-up page form; the
 * role check's refusals and better-auth's input refusals are HttpErrors with the spec's messages.
 */
export async function signUpAccount(app: FastifyInstance, request: FastifyRequest, body: SignUpBody): Promise<void> {
  const { email, password, role, fullName = '' } = body;
  const checkedRole = checkSignUpRole(role);
  // An employer's sign-up creates their company (issue 44): its name is asked for, never made up.
  const companyName = checkedRole === 'employer' ? checkCompanyName(body.companyName) : null;
  // Validated by the body's schema; absent, the language the page was shown in (decision 0043).
  const language = body.language ?? pageLanguage(request.headers.cookie, request.headers['accept-language']);
  const pending: { role: typeof checkedRole; fullName: string; language: typeof language; createdUserId?: string } = { role: checkedRole, fullName, language };
  const res = await pendingAccount.run(pending, () =>
    app.auth.api.signUpEmail({ body: { email, password, name: fullName }, headers: authHeaders(request), asResponse: true }),
  );
  if (res.ok) {
    // Only a new account: a registered address gets the same answer and nothing of it changes. Should
    // this fail, the account's company is made from its profile the first time it is needed
    // (ensure_company, migration 0028).
    if (companyName && pending.createdUserId) await createCompany(app.db.db, pending.createdUserId, companyName);
    return;
  }
  const answer = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
  const status = res.status >= 400 ? res.status : 400;
  // better-auth's own refusals may come without a code: the message is then shown as is (the spec's rule).
  throw new HttpError(status, answer.message ?? 'Unexpected error occurred. Please try again.', answer.code ?? '');
}
