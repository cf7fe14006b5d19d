import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientRequestPage, consultantParams, contactRequestInput, errorResponse, markRequestsSeenInput, pageQuery } from '@caribconnect/shared';
import { emailLink, emailText, languageOf } from '../../lib/emails';
import { byUser, rateLimit } from '../../lib/rate-limit';
import { adminOnly, me, requireSignedIn, requireWriter } from '../../plugins/auth';
import { notifyContactRequest } from '../../lib/notifications/events';
import { wantsEmail } from '../../lib/notifications/notify';
import { listAllRequests, listMyRequests, markRequestsSeen, sendRequest } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Requests one person may send per hour, to all consultants together. */
export const CONTACT_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };

// Counted per sender, not per address: people in one café or behind one carrier NAT share an address.
const limitPerSender = rateLimit({ ...CONTACT_LIMIT, message: 'You have sent many requests. Please try again later.', key: byUser });

const clientRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;

  app.post(
    '/api/consultants/:userId/requests',
    {
      onRequest: requireSignedIn('Please log in to contact a consultant.', 'CONTACT_SIGNED_OUT', requireWriter),
      preHandler: limitPerSender,
      schema: {
        tags: ['client-requests'],
        summary: 'Contact a consultant (signed in): filed under the consultant, who is emailed',
        params: consultantParams,
        body: contactRequestInput,
        response: { 201: z.object({ id: z.string() }), ...errors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const sender = await me(request);
      // The request and its email commit together: the email is a job the queue sends, with retries.
      const created = await db.transaction(async (tx) => {
        const row = await sendRequest(tx, request.params.userId, sender.id, request.body);
        await notifyContactRequest(app, tx, request.params.userId, row.id, request.body.fullName);
        if (await wantsEmail(tx, request.params.userId, 'contact_request')) {
          const lang = await languageOf(tx, request.params.userId);
          const { fullName, email, phone, message } = request.body;
          await app.queue.send(tx, 'email', {
            to: row.consultantEmail,
            subject: emailText(lang, 'clientRequest.subject'),
            text: emailText(lang, 'clientRequest.text', {
              hello: emailText(lang, 'common.hello', { name: row.consultantName }),
              from: fullName,
              email,
              phone,
              message,
              url: emailLink(app.config.publicUrl, '/consultant/client-requests', lang),
            }),
          });
        }
        return row;
      });
      return reply.code(201).send({ id: created.id });
    },
  );

  const signedIn = requireSignedIn('You must be signed in to view client requests.', 'CLIENT_REQUESTS_SIGNED_OUT');

  app.get(
    '/api/consultants/me/requests',
    {
      onRequest: signedIn,
      schema: {
        tags: ['client-requests'],
        summary: 'Your own client requests, newest first (consultants)',
        querystring: pageQuery,
        response: { 200: clientRequestPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMyRequests(db, (await me(request)).id, request.query.cursor, request.query.limit);
    },
  );

  app.post(
    '/api/consultants/me/requests/seen',
    {
      onRequest: signedIn,
      schema: {
        tags: ['client-requests'],
        summary: 'Mark your requests up to a time as seen',
        body: markRequestsSeenInput,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markRequestsSeen(db, (await me(request)).id, request.body.until);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/client-requests',
    {
      onRequest: requireSignedIn(
        'You must be signed in to view client requests.',
        'CLIENT_REQUESTS_SIGNED_OUT',
        adminOnly({ message: 'Only administrators can view all client requests.', code: 'CLIENT_REQUESTS_ADMIN_ONLY' }),
      ),
      schema: {
        tags: ['client-requests'],
        summary: 'Every client request, newest first (admins)',
        querystring: pageQuery,
        response: { 200: clientRequestPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAllRequests(db, request.query.cursor, request.query.limit);
    },
  );
};
export default clientRequestsRoutes;
