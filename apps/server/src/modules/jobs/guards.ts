import type { FastifyRequest } from 'fastify';
import { isJobSeeker } from '@caribconnect/shared';
import { forbidden, unauthorized } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';

const MUTED = 'Your account is muted: you can read but not post. Please contact support.';

/**
 * preHandler for actions reserved to one kind of account, answering with messages the UI can show
 * as they are: signed out (401), suspended/banned (requireUser's 403), muted, or the wrong role (403).
 */
export function requireAccount(kind: 'employer' | 'jobseeker', messages: { signedOut: string; wrongRole: string }) {
  return async (request: FastifyRequest) => {
    const user = await request.currentUser();
    if (!user) throw unauthorized(messages.signedOut);
    await requireUser(request);
    if (user.role === 'muted') throw forbidden(MUTED);
    const ok = kind === 'employer' ? user.role === 'employer' : isJobSeeker(user.role);
    if (!ok) throw forbidden(messages.wrongRole);
  };
}

export const requireEmployer = (action: 'post' | 'edit') =>
  requireAccount('employer', {
    signedOut: action === 'post' ? 'You must be logged in to post a job.' : 'You must be logged in to edit a job.',
    wrongRole: action === 'post' ? 'Only employer accounts can post jobs.' : 'Only employer accounts can edit jobs.',
  });
