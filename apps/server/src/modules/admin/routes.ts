import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  listingRemovalBody,
  adminAd,
  adminApplication,
  adminJob,
  adminStats,
  auditEntry,
  auditQuery,
  errorResponse,
  feedbackItem,
  growthPoint,
  growthRangeQuery,
  growthSeries,
  idParam,
  markPaidBody,
  page,
  pageQuery,
  paymentSettingsView,
  roleChange,
  setRoleBody,
  updateSettingsBody,
  userIdParams,
  adminUserQuery,
  adminUser,
  failedQueueJob,
  queueJobParam,
  upcomingInterviewsCount,
} from '@caribconnect/shared';
import { notifyCancelled } from '../../lib/interviews/notify';
import { removeListingAsAdmin } from '../../lib/listing-removal';
import type { InterviewRow } from '../../lib/interviews/rows';
import { me, requireAdmin } from '../../plugins/auth';
import { listAudit, type Actor } from './audit';
import { listAllAds, listAllApplications, listAllJobs, listFeedbackPage, markPaid } from './content';
import { listFailedJobs, retryFailedJob } from './queue';
import { getSettings, updateSettings } from './settings';
import { getGrowth, getStats, getUserGrowthRange, growthCsv, growthCsvName } from './stats';
import { countUserInterviewsToCancel, deleteUser, searchUsers, setUserRole } from './users';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const actorOf = async (request: FastifyRequest): Promise<Actor> => {
  const u = await me(request);
  return { id: u.id, email: u.email };
};

/** Every route here is for admins only: 401 signed out, 403 for anyone else (suspended and muted included). */
const admin: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  const opts = { onRequest: requireAdmin };
  const tags = ['admin'];

  /** The applicants of interviews a deletion cancelled hear of it as from the employer's Cancel. */
  const notifyAll = async (request: FastifyRequest, cancelled: InterviewRow[], because: 'job' | 'account') => {
    const mail = { enqueue: app.queue.email, log: request.log, publicUrl: app.config.publicUrl };
    for (const interview of cancelled) await notifyCancelled(mail, interview, because);
  };

  /** Files go only after the rows' transaction committed; a failed removal is logged, never undone. */
  const removeFiles = async (request: FastifyRequest, keys: string[]) => {
    for (const key of keys) await app.storage.delete(key).catch((err) => request.log.warn({ err, key }, 'could not delete a file'));
  };

  app.get('/api/admin/stats', { ...opts, schema: { tags, summary: 'Totals: users, jobs, ads, applications', response: { 200: adminStats, ...errors } } }, () =>
    getStats(db),
  );
  app.get(
    '/api/admin/growth',
    { ...opts, schema: { tags, summary: 'Weekly growth, past 8 weeks, empty weeks as 0', response: { 200: growthSeries, ...errors } } },
    () => getGrowth(db),
  );
  app.get(
    '/api/admin/growth/users',
    {
      ...opts,
      schema: { tags, summary: 'Weekly sign-ups in a From/To range', querystring: growthRangeQuery, response: { 200: z.array(growthPoint), ...errors } },
    },
    (request) => getUserGrowthRange(db, request.query),
  );
  app.get(
    '/api/admin/growth.csv',
    { ...opts, schema: { tags, summary: 'The four growth series as CSV', produces: ['text/csv'], response: { 200: z.string(), ...errors } } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${growthCsvName()}"`)
        .header('cache-control', 'no-store')
        .send(growthCsv(await getGrowth(db))),
  );

  app.get(
    '/api/admin/users',
    { ...opts, schema: { tags, summary: 'Search users by name or email, paged', querystring: adminUserQuery, response: { 200: page(adminUser), ...errors } } },
    (request) => searchUsers(db, request.query),
  );
  app.patch(
    '/api/admin/users/:userId/role',
    {
      ...opts,
      schema: {
        tags,
        summary: "Set a user's role: job seeker, employer, suspended, muted or banned (also Undo)",
        params: userIdParams,
        body: setRoleBody,
        response: { 200: roleChange, ...errors },
      },
    },
    async (request) => setUserRole(db, await actorOf(request), request.params.userId, request.body.role),
  );
  app.delete(
    '/api/admin/users/:userId',
    {
      ...opts,
      schema: { tags, summary: 'Delete a user and everything they own (never an admin)', params: userIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { keys, cancelled } = await deleteUser(db, await actorOf(request), request.params.userId);
      await notifyAll(request, cancelled, 'account');
      await removeFiles(request, keys);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/admin/users/:userId/upcoming-interviews',
    {
      ...opts,
      schema: {
        tags,
        summary: 'How many upcoming interviews deleting this user would cancel (those they scheduled)',
        params: userIdParams,
        response: { 200: upcomingInterviewsCount, ...errors },
      },
    },
    async (request) => ({ count: await countUserInterviewsToCancel(db, request.params.userId) }),
  );

  app.get(
    '/api/admin/jobs',
    { ...opts, schema: { tags, summary: 'All jobs, newest first', querystring: pageQuery, response: { 200: page(adminJob), ...errors } } },
    (request) => listAllJobs(db, request.query),
  );
  app.delete(
    '/api/admin/jobs/:id',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Delete any job and its applications, with the reason the owner is told (audited)',
        params: idParam,
        body: listingRemovalBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { keys, cancelled } = await removeListingAsAdmin(app, await actorOf(request), 'job', request.params.id, request.body.reason);
      await notifyAll(request, cancelled, 'job');
      await removeFiles(request, keys);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/admin/jobs/:id/paid',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Record the payment of a job (bank transfer or cash)',
        params: idParam,
        body: markPaidBody,
        response: { 200: z.object({ id: z.string(), paid: z.boolean() }), ...errors },
      },
    },
    async (request) => markPaid(db, app, await actorOf(request), 'job', request.params.id, request.body.method),
  );
  app.get(
    '/api/admin/applications',
    { ...opts, schema: { tags, summary: 'All applications, newest first', querystring: pageQuery, response: { 200: page(adminApplication), ...errors } } },
    (request) => listAllApplications(db, request.query),
  );
  app.get(
    '/api/admin/ads',
    { ...opts, schema: { tags, summary: 'All ads, newest first', querystring: pageQuery, response: { 200: page(adminAd), ...errors } } },
    (request) => listAllAds(db, request.query),
  );
  app.get(
    '/api/admin/feedback',
    { ...opts, schema: { tags, summary: 'Feedback, newest first, paged', querystring: pageQuery, response: { 200: page(feedbackItem), ...errors } } },
    (request) => listFeedbackPage(db, request.query),
  );

  app.delete(
    '/api/admin/ads/:id',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Delete any ad and its files, with the reason the owner is told (audited)',
        params: idParam,
        body: listingRemovalBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { keys } = await removeListingAsAdmin(app, await actorOf(request), 'ad', request.params.id, request.body.reason);
      await removeFiles(request, keys);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/admin/ads/:id/paid',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Record the payment of an ad (bank transfer or cash)',
        params: idParam,
        body: markPaidBody,
        response: { 200: z.object({ id: z.string(), paid: z.boolean() }), ...errors },
      },
    },
    async (request) => markPaid(db, app, await actorOf(request), 'ad', request.params.id, request.body.method),
  );

  // Public: the poster sees the price before posting, and an unpaid listing shows what it awaits.
  // The provider's status comes from the server's configuration (PAYPAL_*), never from settings (decision 0073).
  const online = app.config.paypal ? { provider: 'paypal' as const, mode: app.config.paypal.env } : null;
  app.get(
    '/api/payment-settings',
    {
      schema: {
        tags,
        summary: 'Prices, currency, whether jobs/ads are free and whether online payment is offered (anyone)',
        response: { 200: paymentSettingsView },
      },
    },
    async () => ({ ...(await getSettings(db)), online }),
  );
  app.get('/api/admin/settings', { ...opts, schema: { tags, summary: 'Payment settings', response: { 200: paymentSettingsView, ...errors } } }, async () => ({
    ...(await getSettings(db)),
    online,
  }));
  app.put(
    '/api/admin/settings',
    { ...opts, schema: { tags, summary: 'Change payment settings', body: updateSettingsBody, response: { 200: paymentSettingsView, ...errors } } },
    async (request) => ({ ...(await updateSettings(db, await actorOf(request), request.body)), online }),
  );
  app.get(
    '/api/admin/queue/failed',
    {
      ...opts,
      schema: { tags, summary: 'Background jobs (emails…) that used every retry, newest first', response: { 200: z.array(failedQueueJob), ...errors } },
    },
    () => listFailedJobs(app.queue),
  );
  app.post(
    '/api/admin/queue/:id/retry',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Put a failed background job back in line (audited)',
        params: queueJobParam,
        response: { 200: z.object({ id: z.string(), retried: z.literal(true) }), ...errors },
      },
    },
    async (request) => retryFailedJob(db, app.queue, await actorOf(request), request.params.id),
  );
  app.get(
    '/api/admin/audit',
    {
      ...opts,
      schema: { tags, summary: 'Audit trail of admin actions, newest first', querystring: auditQuery, response: { 200: page(auditEntry), ...errors } },
    },
    (request) => listAudit(db, request.query),
  );
};
export default admin;
