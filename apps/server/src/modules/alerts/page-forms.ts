import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertTokenParams } from '@caribconnect/shared';
import { isUuid } from '../../lib/ids';
import { notFound } from '../../lib/http-error';
import { acceptFormBodies, formBody, formResponse, runPageForm } from '../../plugins/page-forms';
import { confirmAlert, unsubscribeAlert } from './service';
import { alertTokenValid, type AlertTokenPurpose } from './tokens';

const INVALID = 'This link is not valid. It may have been used already or the alert deleted.';

/**
 * The two links of alert emails, answered by forms on their pages (a mail scanner that opens every
 * link must not confirm or unsubscribe anyone), and the RFC 8058 one-click POST a mail app sends to
 * the List-Unsubscribe address: no Origin, no cookie, the body `List-Unsubscribe=One-Click`; the
 * signed token is the whole authorisation, for that one alert.
 */
const alertPageForms: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  const checked = (purpose: AlertTokenPurpose, id: string, token: string) => {
    if (!isUuid(id) || !alertTokenValid(app.config.authSecret, purpose, id, token)) throw notFound(INVALID, 'ALERT_LINK_INVALID');
  };

  app.post(
    '/alerts/confirm/:id/:token',
    { schema: { hide: true, summary: 'Confirm a guest job alert (double opt-in)', params: alertTokenParams, body: formBody, response: formResponse } },
    async (request, reply) => {
      const { id, token } = request.params;
      return runPageForm(request, reply, {}, async () => {
        checked('confirm', id, token);
        if (!(await confirmAlert(app.db.db, id))) throw notFound(INVALID, 'ALERT_LINK_INVALID');
        return `/alerts/confirm/${id}/${token}?done=1`;
      });
    },
  );

  app.post(
    '/alerts/unsubscribe/:id/:token',
    {
      config: { crossSite: true },
      schema: {
        hide: true,
        summary: 'Unsubscribe from one job alert (the page form and RFC 8058 one-click)',
        params: alertTokenParams,
        body: formBody,
        response: { ...formResponse, 200: z.string() },
      },
    },
    async (request, reply) => {
      const { id, token } = request.params;
      if (request.body['List-Unsubscribe'] === 'One-Click') {
        checked('unsubscribe', id, token);
        // Already gone is success too: the mail app may POST twice.
        await unsubscribeAlert(app.db.db, id);
        return reply.code(200).type('text/plain').send('Unsubscribed.');
      }
      return runPageForm(request, reply, {}, async () => {
        checked('unsubscribe', id, token);
        await unsubscribeAlert(app.db.db, id);
        return `/alerts/unsubscribe/${id}/${token}?done=1`;
      });
    },
  );
};
export default alertPageForms;
