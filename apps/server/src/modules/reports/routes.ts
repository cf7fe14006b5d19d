import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReportBody,
  errorResponse,
  moderationActionBody,
  moderationActionResult,
  moderationCount,
  moderationItem,
  moderationItemParams,
  moderationQuery,
  MODERATION_ACTIONS,
  page,
  reportReceived,
  userIdParams,
  verifiedEmployer,
  verifiedEmployerBody,
} from '@caribconnect/shared';
import { z } from 'zod';
import { byUser, rateLimit } from '../../lib/rate-limit';
import { me, requireAdmin, requireUser } from '../../plugins/auth';
import { publishMessageModerated } from '../../lib/notifications/message-moderated';
import { moderate, setVerifiedEmployer, type HoldChanged, type TellOwner } from './actions';
import { tellListingRemoved } from '../../lib/listing-removal';
import { countOpen, fileReport, listQueue } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** Reports (any signed-in person), the admins' moderation queue and verified employers (admins only). */
const reports: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  const admin = { onRequest: requireAdmin };
  const tags = ['moderation'];
  const actorOf = async (request: Parameters<typeof me>[0]) => {
    const u = await me(request);
    return { id: u.id, email: u.email };
  };
  // The owner hears of a decision by email, queued in the decision's transaction. When notifications
  // land (modules/notifications/notify.ts), their notify(tx, …) belongs here as well: this is the one call site.
  const tellOwner: TellOwner = async (tx, mail, e) => {
    await app.queue.send(tx, 'email', mail);
    // The bell too, for a removed job or ad (the email above already says why, so none from notify).
    // The same call as /admin's Delete and an admin's DELETE of a listing (lib/listing-removal.ts, decision 0069).
    if (e.action === 'remove' && (e.itemType === 'job' || e.itemType === 'ad'))
      await tellListingRemoved(app, tx, { kind: e.itemType, id: e.itemId, ownerId: e.ownerId, title: e.label, reason: e.message ?? '' }, { email: false });
  };

  // A held or restored message changes its recipient's badge and inbox: their tabs hear it on the stream.
  const messageHoldChanged: HoldChanged = async (tx, item) => {
    if (item.itemType === 'message') await publishMessageModerated(tx, app.realtime, item.itemId);
  };

  const reportLimit = rateLimit({
    max: 30,
    windowMs: 60 * 60_000,
    message: 'You have sent many reports in a short time. Please try again later.',
    code: 'REPORTS_RATE_LIMITED',
    name: 'reports',
    key: byUser,
  });

  app.post(
    '/api/reports',
    {
      onRequest: requireUser,
      preHandler: reportLimit,
      schema: {
        tags,
        summary: 'Report a job, ad, consultant card, profile or message (signed in; once per item)',
        body: createReportBody,
        response: { 201: reportReceived, ...errors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await fileReport(db, (await me(request)).id, request.body);
      return reply.code(201).send({ received: true });
    },
  );

  app.get(
    '/api/admin/moderation',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Reported items grouped by item, newest report first',
        querystring: moderationQuery,
        response: { 200: page(moderationItem), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listQueue(db, request.query);
    },
  );
  app.get(
    '/api/admin/moderation/count',
    { ...admin, schema: { tags, summary: 'How many items have open reports', response: { 200: moderationCount, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { count: await countOpen(db) };
    },
  );
  app.post(
    '/api/admin/moderation/:itemType/:itemId/:action',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Dismiss, remove, restore, warn the owner or suspend the owner (audited; the owner is emailed)',
        params: moderationItemParams.extend({ action: z.enum(MODERATION_ACTIONS) }),
        body: moderationActionBody,
        response: { 200: moderationActionResult, ...errors },
      },
    },
    async (request) => {
      const { itemType, itemId, action } = request.params;
      return moderate(db, await actorOf(request), tellOwner, { itemType, itemId }, action, request.body.message, messageHoldChanged);
    },
  );
  app.put(
    '/api/admin/employers/:userId/verified',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Mark an employer verified, or not (audited)',
        params: userIdParams,
        body: verifiedEmployerBody,
        response: { 200: verifiedEmployer, ...errors },
      },
    },
    async (request) => setVerifiedEmployer(db, await actorOf(request), request.params.userId, request.body.verified),
  );
};
export default reports;
