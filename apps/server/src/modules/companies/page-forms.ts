import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, slugParam, tokenParam } from '@caribconnect/shared';
import { acceptInvitation } from '../../lib/company-invitations';
import { forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { EMAIL_NOT_CONFIRMED, MUTED } from '../../plugins/auth';
import { acceptFormBodies, formBody, formResponse, runPageForm, seeOther } from '../../plugins/page-forms';
import { followEmailTokenValid, stopFollowEmails } from './follow-notify';
import { followCompany, unfollowCompany } from './service';

const companyPath = (slug: string) => `/companies/${encodeURIComponent(slug)}`;
/** Where Log In sends a person who pressed Follow signed out (the GET below follows, then back). */
export const continueFollowPath = (slug: string) => `${companyPath(slug)}/follow/continue`;
const unsubscribeParams = z.object({ userId: z.string().max(100), companyId: z.string().max(100), token: z.string().max(100) });

/**
 * The company page's forms before scripts run (decision 0028): Follow / Unfollow (signed out: Log In,
 * then followed and back), an invitation's Accept, and the follow emails' RFC 8058 one-click
 * unsubscribe, which a mail app POSTs with no cookie and no Origin (the signed token is the whole
 * authorisation, for that one follow's emails).
 */
const companyPageForms: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  const db = app.db.db;
  const viewerOf = (user: { id: string; role: string }) => ({ id: user.id, isAdmin: false });

  // On the page's own address: a refusal re-renders the company page with its message (lib/form-post.ts).
  app.post(
    '/companies/:slug',
    { schema: { hide: true, summary: 'Follow or unfollow from the HTML form', params: slugParam, body: formBody, response: formResponse } },
    async (request, reply) => {
      const { slug } = request.params;
      const user = await request.currentUser();
      if (!user) return seeOther(reply, `/login?returnTo=${encodeURIComponent(continueFollowPath(slug))}`);
      return runPageForm(request, reply, {}, async () => {
        if (request.body.action === 'unfollow') await unfollowCompany(db, viewerOf(user), slug);
        else await followCompany(db, viewerOf(user), slug, request.body.email === 'on' || request.body.email === 'true');
        return companyPath(slug);
      });
    },
  );

  app.get(
    '/companies/:slug/follow/continue',
    { schema: { hide: true, summary: 'Follow after signing in', params: slugParam, response: { 303: z.null() } } },
    async (request, reply) => {
      const { slug } = request.params;
      const user = await request.currentUser();
      if (!user) return seeOther(reply, `/login?returnTo=${encodeURIComponent(continueFollowPath(slug))}`);
      // A GET that follows: it only adds a company the caller can see to their own follows, which they can undo.
      await followCompany(db, viewerOf(user), slug, false).catch(() => undefined);
      return seeOther(reply, companyPath(slug));
    },
  );

  app.post(
    '/invitations/:token',
    { schema: { hide: true, summary: 'Accept an invitation from the HTML form', params: tokenParam, body: formBody, response: formResponse } },
    async (request, reply) => {
      const { token } = request.params;
      const user = await request.currentUser();
      if (!user) return seeOther(reply, `/login?returnTo=${encodeURIComponent(`/invitations/${token}`)}`);
      return runPageForm(request, reply, {}, async () => {
        // The API's guard (requireWriter), said the same way.
        if (user.role === 'muted') throw forbidden(MUTED, 'ACCOUNT_MUTED');
        if (user.emailVerified === false) throw forbidden(EMAIL_NOT_CONFIRMED, 'EMAIL_NOT_CONFIRMED');
        await acceptInvitation(db, token, { id: user.id, email: user.email, role: user.role });
        return '/employer/dashboard';
      });
    },
  );

  app.post(
    '/companies/unsubscribe/:userId/:companyId/:token',
    {
      config: { crossSite: true },
      schema: {
        hide: true,
        summary: 'Stop a follow’s emails (RFC 8058 one-click)',
        params: unsubscribeParams,
        body: formBody,
        response: { 200: z.string(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { userId, companyId, token } = request.params;
      if (!isUuid(companyId) || !followEmailTokenValid(app.config.authSecret, userId, companyId, token))
        throw notFound('This link is not valid.', 'FOLLOW_LINK_INVALID');
      // Already off (or unfollowed) is success too: the mail app may POST twice.
      await stopFollowEmails(db, userId, companyId);
      return reply.code(200).type('text/plain').send('Unsubscribed.');
    },
  );
};
export default companyPageForms;
