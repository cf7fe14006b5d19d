import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignUpBody, SessionUser } from '@caribconnect/shared';
import { HttpError } from '../../lib/http-error';
import { authHeaders } from '../../plugins/auth';
import { pendingAccount } from '../../plugins/auth-instance';
import { checkSignUpRole } from './service';

/**
 * Creates the account (user, credential and profile in one transaction, with the checked role) and
 * signs it in: the session's Set-Cookie values come back for the caller to send. Shared by
 * POST /api/signup and the sign-up page form; refusals are HttpErrors with the spec's messages.
 */
export async function signUpAndSignIn(app: FastifyInstance, request: FastifyRequest, body: SignUpBody): Promise<{ user: SessionUser; cookies: string[] }> {
  const { email, password, role, fullName = '' } = body;
  const checkedRole = checkSignUpRole(role);
  const res = await pendingAccount.run({ role: checkedRole, fullName }, () =>
    app.auth.api.signUpEmail({ body: { email, password, name: fullName }, headers: authHeaders(request), asResponse: true }),
  );
  const answer = (await res.json()) as { user?: { id: string; email: string }; message?: string; code?: string };
  if (!res.ok || !answer.user) {
    const status = res.status >= 400 ? res.status : 400;
    // better-auth's own refusals may come without a code: the message is then shown as is (the spec's rule).
    throw new HttpError(status, answer.message ?? 'Unexpected error occurred. Please try again.', answer.code ?? '');
  }
  return { user: { id: answer.user.id, email: answer.user.email, role: checkedRole, fullName }, cookies: res.headers.getSetCookie() };
}
