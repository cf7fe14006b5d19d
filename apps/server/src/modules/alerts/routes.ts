import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alert, alertListQuery, alertPage, createAlertBody, createGuestAlertBody, errorResponse, idParam, updateAlertBody } from '@caribconnect/shared';
import { emailLink, emailText, pageLanguage } from '../../lib/emails';
import { forbidden, tooManyRequests } from '../../lib/http-error';
import { rateLimit } from '../../lib/rate-limit';
import { guard, me, requireUser } from '../../plugins/auth';
import alertPageForms from './page-forms';
import { runAlerts, sendAlerts } from './run';
import { createGuestAlert, createMemberAlert, deleteAlert, listAlerts, updateAlert } from './service';
import { alertToken, alertTokenValid, RUN_TOKEN_SUBJECT } from './tokens';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const alerts: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  await app.register(alertPageForms);

  app.queue.define('alerts-run', {
    run: async (data) => {
      await runAlerts(app, data.at ? new Date(data.at) : new Date());
    },
    retryLimit: 2,
  });
  app.queue.define('alerts-send', {
    run: async (data) => {
      await sendAlerts(app, data.ids, new Date(data.at));
    },
    expireInSeconds: 300,
    summary: (data) => `${data.ids.length} alert(s) due at ${data.at}`,
  });
  app.queue.every('alerts-run', '0 * * * *', {});

  app.get(
    '/api/alerts',
    {
      onRequest: requireUser,
      schema: { tags: ['alerts'], summary: 'Your job alerts, newest first', querystring: alertListQuery, response: { 200: alertPage, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAlerts(db, (await me(request)).id, request.query);
    },
  );

  app.post(
    '/api/alerts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['alerts'],
        summary: "Email me jobs like these: saves the jobs list's filters as an alert (to your account email)",
        body: createAlertBody,
        response: { 201: alert, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await createMemberAlert(db, (await me(request)).id, request.body)),
  );

  const guestLimit = rateLimit({ max: 10, windowMs: 60 * 60 * 1000, message: 'Too many subscriptions from this network. Please try again later.' });
  app.post(
    '/api/alerts/guest',
    {
      preHandler: guestLimit,
      schema: {
        tags: ['alerts'],
        summary: 'Subscribe an email address without an account: nothing is sent but a confirmation until its link is followed',
        body: createGuestAlertBody,
        response: { 202: z.object({ pending: z.literal(true) }), 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { email, language: asked, ...input } = request.body;
      // A guest has no profile: their emails keep the language of the page they subscribed from (decision 0043).
      const language = asked ?? pageLanguage(request.headers.cookie, request.headers['accept-language']);
      // The subscription and its confirmation email commit together.
      const created = await db.transaction(async (tx) => {
        const row = await createGuestAlert(tx, email, { ...input, language });
        if (!row) return false;
        const link = emailLink(app.config.publicUrl, `/alerts/confirm/${row.id}/${alertToken(app.config.authSecret, 'confirm', row.id)}`, language);
        await app.queue.send(tx, 'email', {
          to: email,
          subject: emailText(language, 'alert.confirm.subject'),
          text: emailText(language, 'alert.confirm.text', { name: row.name, link }),
        });
        return true;
      });
      // The same answer whether or not the address already has pending subscriptions: the form tells nobody who subscribed.
      if (!created) throw tooManyRequests('Too many subscriptions for this address. Please confirm or wait.', 'RATE_LIMITED');
      return reply.code(202).send({ pending: true as const });
    },
  );

  app.patch(
    '/api/alerts/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'Rename, change the frequency of, pause or resume one of your alerts',
        params: idParam,
        body: updateAlertBody,
        response: { 200: alert, ...errors },
      },
    },
    async (request) => updateAlert(db, (await me(request)).id, request.params.id, request.body),
  );

  app.delete(
    '/api/alerts/:id',
    {
      onRequest: requireUser,
      schema: { tags: ['alerts'], summary: 'Delete one of your alerts', params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteAlert(db, (await me(request)).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  /**
   * An alert run now (npm run alerts:run). Authorised by a token derived from the server's secret,
   * not a session: the command runs beside the server, which alone may open an embedded database.
   * `at` runs as of another instant (an operator catching up, the end-to-end test).
   */
  app.post(
    '/api/alerts/run',
    {
      config: { crossSite: true },
      // The operator's bearer token, checked before the body is read.
      onRequest: guard('operator', async (request) => {
        const given = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!alertTokenValid(app.config.authSecret, 'run', RUN_TOKEN_SUBJECT, given)) throw forbidden('Not allowed.', 'FORBIDDEN');
      }),
      schema: {
        hide: true,
        summary: 'Run the alerts now (operators)',
        body: z.object({ at: z.iso.datetime().optional() }).optional(),
        response: { 200: z.object({ alerts: z.number(), jobs: z.number(), expired: z.number() }), 403: errorResponse },
      },
    },
    async (request) => {
      return runAlerts(app, request.body?.at ? new Date(request.body.at) : new Date());
    },
  );
};
export default alerts;
