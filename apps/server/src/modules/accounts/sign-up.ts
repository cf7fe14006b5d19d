import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignUpBody } from '@caribconnect/shared';
import { HttpError } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { authHeaders } from '../../plugins/auth';
import { pendingAccount } from '../../plugins/auth-instance';
import { checkSignUpRole } from './service';

const ALREADY_REGISTERED = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

/**
 * Creates the account (user, credential and profile in one transaction, with the checked role);
 * better-auth queues the confirmation email. A registered address gets a warning email instead,
 * and the caller cannot tell the two apart (decision 0041): both resolve the same way, both queue
 * one email, both hash the password. Shared by POST /api/signup and the sign-up page form; the
 * role check's refusals and better-auth's input refusals are HttpErrors with the spec's messages.
 */
export async function signUpAccount(app: FastifyInstance, request: FastifyRequest, body: SignUpBody): Promise<void> {
  const { email, password, role, fullName = '' } = body;
  const checkedRole = checkSignUpRole(role);
  const res = await pendingAccount.run({ role: checkedRole, fullName }, () =>
    app.auth.api.signUpEmail({ body: { email, password, name: fullName }, headers: authHeaders(request), asResponse: true }),
  );
  if (res.ok) return;
  const answer = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
  if (answer.code && ALREADY_REGISTERED.has(answer.code)) {
    // Costs what creating the account costs, so the time taken does not tell either.
    await hashPassword(password);
    await app.queue.email(alreadyRegisteredMail(app.config.publicUrl, email));
    return;
  }
  const status = res.status >= 400 ? res.status : 400;
  // better-auth's own refusals may come without a code: the message is then shown as is (the spec's rule).
  throw new HttpError(status, answer.message ?? 'Unexpected error occurred. Please try again.', answer.code ?? '');
}

/** OWASP ASVS 6.3: the owner learns someone tried, and how to get back in if it was them. */
export function alreadyRegisteredMail(publicUrl: string, email: string) {
  return {
    to: email,
    subject: 'Someone tried to sign up with your email',
    text: `Someone just tried to create a CaribConnect account with this email address, which already has an account.\n\nIf it was you, sign in at ${publicUrl}/login. If you forgot your password, reset it here:\n${publicUrl}/forgot-password\n\nIf it was not you, you can ignore this email: nothing was changed on your account.`,
  };
}
