import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAVED_KINDS } from '@caribconnect/shared';
import { acceptFormBodies, formBody, formResponse, runPageForm, safeReturnTo, seeOther } from '../../plugins/page-forms';
import { saveItem, unsaveItem } from './service';

const params = z.object({ kind: z.enum(SAVED_KINDS), id: z.string().max(100) });
const backQuery = z.object({ back: z.string().max(2000).optional() });

/** Where the save was asked from, to go back to; the item's own page otherwise. */
function backTo(back: string | undefined, kind: (typeof SAVED_KINDS)[number], id: string): string {
  return safeReturnTo(back) ?? (kind === 'job' ? `/jobs/${encodeURIComponent(id)}` : `/ads/${encodeURIComponent(id)}`);
}

/** The address a signed-out save continues at once signed in (see the GET below). */
export function continuePath(kind: string, id: string, back: string): string {
  return `/saved/${kind}/${encodeURIComponent(id)}/continue?back=${encodeURIComponent(back)}`;
}

/**
 * The heart before scripts run (decision 0038): a form posting here saves or removes, then goes back
 * (303). Signed out, it goes to Log In with a returnTo of the continue address below, so the item is
 * saved once the person has signed in or signed up, by the script or by the plain login form.
 */
const savedPageForms: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);

  app.post(
    '/saved/:kind/:id',
    { schema: { hide: true, summary: 'Save or remove from the HTML form', params, querystring: backQuery, body: formBody, response: formResponse } },
    async (request, reply) => {
      const { kind, id } = request.params;
      const back = backTo(request.query.back, kind, id);
      const user = await request.currentUser();
      if (!user) return seeOther(reply, `/login?returnTo=${encodeURIComponent(continuePath(kind, id, back))}`);
      return runPageForm(request, reply, {}, async () => {
        if (user.role === 'suspended' || user.role === 'banned') return back;
        if (request.body.action === 'remove') await unsaveItem(app.db.db, user.id, kind, id);
        else await saveItem(app.db.db, user.id, kind, id);
        return back;
      });
    },
  );

  /**
   * Where Log In sends a person who tapped the heart signed out. A GET that saves: it can only add
   * an item the caller can see to the caller's own list, which they can remove (decision 0038).
   */
  app.get(
    '/saved/:kind/:id/continue',
    { schema: { hide: true, summary: 'Save after signing in', params, querystring: backQuery, response: { 303: z.null() } } },
    async (request, reply) => {
      const { kind, id } = request.params;
      const back = backTo(request.query.back, kind, id);
      const user = await request.currentUser();
      if (!user) return seeOther(reply, `/login?returnTo=${encodeURIComponent(continuePath(kind, id, back))}`);
      if (user.role !== 'suspended' && user.role !== 'banned') await saveItem(app.db.db, user.id, kind, id).catch(() => undefined);
      return seeOther(reply, back);
    },
  );
};
export default savedPageForms;
