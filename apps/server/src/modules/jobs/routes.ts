import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listingDeleteBody,
  errorResponse,
  idParam,
  job,
  jobCategory,
  jobCountries,
  jobInput,
  jobListQuery,
  jobPage,
  jobUpdate,
  myJobsQuery,
  pageQuery,
  slugParam,
  upcomingInterviewsCount,
  jobCandidateList,
  jobsForYou as jobsForYouResponse,
  jobsForYouQuery,
} from '@caribconnect/shared';
import { candidatesForJob } from '../../lib/search/candidates';
import { jobsForYou } from '../../lib/search/for-you';
import { visibleCompanyBySlug } from '../../lib/companies';
import { notFound } from '../../lib/http-error';
import { notifyCancelled } from '../../lib/interviews/notify';
import { adminRemovalOf } from '../../lib/listing-removal';
import { callerOf, me, requireUser, viewerOf } from '../../plugins/auth';
import { dailyPostingLimit } from '../../lib/posting-limits';
import { requireEmployer } from './guards';
import { isUuid } from '../../lib/ids';
import { defineJobExpiryReminders } from './reminders';
import { withPosters } from './posters';
import {
  CappedTotals,
  closeOwnJob,
  countJobInterviewsToCancel,
  createJob,
  deleteJob,
  getJob,
  JOB_NOT_FOUND,
  listCategories,
  listJobCountries,
  listJobs,
  renewOwnJob,
  toSummary,
  updateOwnJob,
} from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  const cappedTotals = new CappedTotals();
  defineJobExpiryReminders(app);

  app.get(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Jobs, newest first, filtered and keyset-paginated (anyone)',
        querystring: jobListQuery,
        response: { 200: jobPage, 400: errorResponse },
      },
    },
    async (request) => listJobs(db, request.query, { cappedTotals, viewerId: (await request.currentUser())?.id }),
  );

  app.get(
    '/api/jobs/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['jobs'],
        summary: 'Your own jobs, newest first (Your Job Listings): the open ones, or with state=closed the closed ones',
        querystring: myJobsQuery,
        response: { 200: jobPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const caller = await me(request);
      const page = await listJobs(db, request.query, { ownerId: caller.id });
      return { ...page, items: await withPosters(db, caller.id, page.items) };
    },
  );

  app.get(
    '/api/companies/:slug/jobs',
    {
      schema: {
        tags: ['companies'],
        summary: 'A company’s open jobs, newest first (anyone; a suspended company’s only for its team and admins)',
        params: slugParam,
        querystring: pageQuery,
        response: { 200: jobPage, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const companyId = await visibleCompanyBySlug(db, request.params.slug, viewer);
      if (!companyId) throw notFound('Company not found.', 'COMPANY_NOT_FOUND');
      return listJobs(db, { cursor: request.query.cursor, limit: request.query.limit }, { companyId, viewerId: viewer?.id });
    },
  );

  app.get(
    '/api/jobs/countries',
    {
      schema: {
        tags: ['jobs'],
        summary: 'The countries that have listed jobs, alphabetically (anyone): the choices of the country filter',
        response: { 200: jobCountries },
      },
    },
    async (_request, reply) => {
      // The same for everyone and slow to change: a minute of staleness is worth not asking on every visit.
      reply.header('cache-control', 'public, max-age=60');
      return listJobCountries(db);
    },
  );

  app.get(
    '/api/jobs/:id',
    { schema: { tags: ['jobs'], summary: 'One job (anyone)', params: idParam, response: { 200: job, 404: errorResponse } } },
    async (request, reply) => {
      const user = await request.currentUser();
      const found = await getJob(db, request.params.id, await viewerOf(request));
      // A job only its owner or an admin may see, or an answer carrying the caller's own application
      // date, must not sit in a shared cache.
      if (!found.paid || user) reply.header('cache-control', 'private, no-store');
      return found;
    },
  );

  app.get(
    '/api/jobs/for-you',
    {
      onRequest: requireUser,
      schema: {
        tags: ['jobs'],
        summary: "Jobs for you: open jobs ranked by the skills, roles, countries, categories and language of the caller's resume and profile (decision 0072)",
        querystring: jobsForYouQuery,
        response: { 200: jobsForYouResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const found = await jobsForYou(db, (await me(request)).id, { limit: request.query.limit, now: new Date(), toSummary });
      return found ?? { items: [], hasResume: false };
    },
  );

  app.get(
    '/api/jobs/:id/candidates',
    {
      onRequest: requireUser,
      schema: {
        tags: ['jobs'],
        summary: "Candidates for this job: opted-in seekers ranked by the skills the job names (the job's company team; decision 0072)",
        params: idParam,
        response: { 200: jobCandidateList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (!isUuid(request.params.id)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
      // Not on the job's team reads as no such job: nobody learns which jobs exist behind it.
      const items = await candidatesForJob(db, await me(request), request.params.id);
      if (!items) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
      return { items };
    },
  );

  app.post(
    '/api/jobs',
    {
      onRequest: requireEmployer('post'),
      preHandler: dailyPostingLimit('jobs', app.config.postingLimits.jobs),
      config: { idempotent: true },
      schema: { tags: ['jobs'], summary: 'Post a job (employers)', body: jobInput, response: { 201: job, ...errors, 429: errorResponse } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createJob(db, (await me(request)).id, request.body, (tx, jobId) => app.queue.send(tx, 'company-followers-new-job', { jobId }))),
  );

  app.patch(
    '/api/jobs/:id',
    {
      onRequest: requireEmployer('edit'),
      schema: { tags: ['jobs'], summary: 'Edit your own job', params: idParam, body: jobUpdate, response: { 200: job, ...errors } },
    },
    async (request) => updateOwnJob(db, request.params.id, (await me(request)).id, request.body),
  );

  app.post(
    '/api/jobs/:id/renew',
    {
      onRequest: requireEmployer('edit'),
      schema: { tags: ['jobs'], summary: 'Renew your own job: open for another 30 days from today', params: idParam, response: { 200: job, ...errors } },
    },
    async (request) => renewOwnJob(db, request.params.id, (await me(request)).id),
  );

  app.post(
    '/api/jobs/:id/close',
    {
      onRequest: requireEmployer('edit'),
      schema: { tags: ['jobs'], summary: 'Close your own job now: off the lists, no new applications', params: idParam, response: { 200: job, ...errors } },
    },
    async (request) => closeOwnJob(db, request.params.id, (await me(request)).id),
  );

  app.get(
    '/api/jobs/:id/upcoming-interviews',
    {
      onRequest: requireUser,
      schema: {
        tags: ['jobs'],
        summary: 'How many upcoming interviews deleting your job (admins: any job) would cancel',
        params: idParam,
        response: { 200: upcomingInterviewsCount, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { count: await countJobInterviewsToCancel(db, request.params.id, await callerOf(request)) };
    },
  );

  app.delete(
    '/api/jobs/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['jobs'],
        summary:
          'Delete your own job with its applications and their files; its upcoming interviews are cancelled. Admins: any job, with a reason the owner is told (audited)',
        params: idParam,
        body: listingDeleteBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      // An admin removing someone else's job takes the one removal path (reason, owner told, audited; decision 0069).
      const removal = await adminRemovalOf(app, { ...caller, email: (await me(request)).email }, 'job', request.params.id, request.body?.reason);
      const { keys, cancelled } = removal ?? (await deleteJob(db, request.params.id, caller));
      const mail = { enqueue: app.queue.email, log: request.log, publicUrl: app.config.publicUrl };
      for (const interview of cancelled) await notifyCancelled(mail, interview, 'job');
      // After the commit: a failure here leaves an unreachable file behind, never a row without its file.
      for (const key of keys) {
        await app.storage.delete(key).catch((err) => request.log.warn({ err, key }, 'could not delete an application file'));
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/job-categories',
    { schema: { tags: ['jobs'], summary: 'Job category suggestions (the spec’s 10 when none are stored)', response: { 200: z.array(jobCategory) } } },
    async () => listCategories(db),
  );
};
export default jobsRoutes;
