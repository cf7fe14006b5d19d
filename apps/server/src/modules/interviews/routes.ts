import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerInterviewBody,
  candidates,
  candidatesQuery,
  errorResponse,
  idParam,
  interview,
  page,
  pageQuery,
  scheduleInterviewBody,
} from '@caribconnect/shared';
import { me, requireAccount, requireUser } from '../../plugins/auth';
import { notifyAnswered, notifyCancelled, notifyScheduled, type InterviewMailCtx } from '../../lib/interviews/notify';
import type { InterviewRow } from '../../lib/interviews/rows';
import type { Db } from '../../db/client';
import { notifyInterview, schedulerOnTeam } from '../../lib/notifications/events';
import { moveToInterviewOnSchedule } from '../../lib/interviews/advance-application';
import { wantsEmail } from '../../lib/notifications/notify';
import { toInterview } from '../../lib/interviews/rows';
import { answerInterview, cancelInterview, findCandidates, findInterview, listInterviews, scheduleInterview } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const requireEmployer = requireAccount('employer', {
  signedOut: 'You must be logged in to schedule an interview.',
  wrongRole: 'Only employer accounts can schedule interviews.',
});

const interviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  // Each email is a job written in the transaction of its change: both commit, or neither does.
  const mailIn = (tx: Db, log: InterviewMailCtx['log']): InterviewMailCtx => ({
    enqueue: (m) => app.queue.send(tx, 'email', m),
    log,
    publicUrl: app.config.publicUrl,
  });
  const noStore = { 'cache-control': 'private, no-store' };

  /**
   * The change, its notification and its email in one transaction. The email follows the person's
   * "interviews" switch, except a cancellation: it withdraws a calendar entry an earlier invitation
   * may have added, so it always goes (decision 0039).
   */
  const withNotice = (
    log: InterviewMailCtx['log'],
    change: (tx: Db) => Promise<InterviewRow>,
    email: (ctx: InterviewMailCtx, row: InterviewRow) => Promise<void>,
    recipient: (row: InterviewRow, tx: Db) => string | null | Promise<string | null>,
  ) =>
    db.transaction(async (tx) => {
      const row = await change(tx);
      await notifyInterview(app, tx, row);
      const to = await recipient(row, tx);
      if (row.status === 'cancelled' || (to && (await wantsEmail(tx, to, 'interviews')))) await email(mailIn(tx, log), row);
      return row;
    });

  app.post(
    '/api/interviews',
    {
      onRequest: requireEmployer,
      schema: {
        tags: ['interviews'],
        summary: 'Schedule an interview for one of your jobs (employers). The employer is you; the status starts pending',
        body: scheduleInterviewBody,
        response: { 201: interview, ...errors },
      },
    },
    async (request, reply) => {
      const employerId = (await me(request)).id;
      const row = await withNotice(
        request.log,
        async (tx) => {
          const row = await scheduleInterview(tx, employerId, request.body);
          // The applicant's application for the job moves to Interview (decision 0071). The invitation
          // is what tells them (its notification and calendar email): no second "status" notice.
          await moveToInterviewOnSchedule(tx, employerId, request.body.jobId, request.body.applicantId);
          return row;
        },
        notifyScheduled,
        (r) => r.applicantId,
      );
      return reply.code(201).send(toInterview(row));
    },
  );

  app.get(
    '/api/interviews/candidates',
    {
      onRequest: requireEmployer,
      schema: {
        tags: ['interviews'],
        summary: 'Select Applicant: people who applied to the job first, then others whose name contains q (3+ characters)',
        querystring: candidatesQuery,
        response: { 200: candidates, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { items: await findCandidates(db, (await me(request)).id, request.query) };
    },
  );

  app.get(
    '/api/interviews/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['interviews'],
        summary: 'My Interview Schedule: your upcoming interviews as the applicant, soonest first',
        querystring: pageQuery,
        response: { 200: page(interview), ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listInterviews(db, 'applicant', (await me(request)).id, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    '/api/interviews/scheduled',
    {
      onRequest: requireUser,
      schema: {
        tags: ['interviews'],
        summary: 'The upcoming interviews you scheduled as an employer, soonest first',
        querystring: pageQuery,
        response: { 200: page(interview), ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listInterviews(db, 'employer', (await me(request)).id, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    '/api/interviews/:id',
    {
      onRequest: requireUser,
      schema: { tags: ['interviews'], summary: 'One interview (its applicant or its employer)', params: idParam, response: { 200: interview, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return toInterview(await findInterview(db, request.params.id, (await me(request)).id));
    },
  );

  app.patch(
    '/api/interviews/:id/status',
    {
      onRequest: requireUser,
      schema: {
        tags: ['interviews'],
        summary: 'Confirm or decline a pending interview (its applicant, once)',
        params: idParam,
        body: answerInterviewBody,
        response: { 200: interview, ...errors, 409: errorResponse },
      },
    },
    async (request) => {
      const applicantId = (await me(request)).id;
      const row = await withNotice(
        request.log,
        (tx) => answerInterview(tx, request.params.id, applicantId, request.body.status),
        notifyAnswered,
        // Its scheduler hears while on the job's company's team (decision 0076).
        async (r, tx) => ((await schedulerOnTeam(tx, r)) ? r.employerId : null),
      );
      return toInterview(row);
    },
  );

  app.post(
    '/api/interviews/:id/cancel',
    {
      onRequest: requireUser,
      schema: {
        tags: ['interviews'],
        summary: 'Cancel an interview you scheduled (pending or confirmed)',
        params: idParam,
        response: { 200: interview, ...errors, 409: errorResponse },
      },
    },
    async (request) => {
      const employerId = (await me(request)).id;
      const row = await withNotice(
        request.log,
        (tx) => cancelInterview(tx, request.params.id, employerId),
        notifyCancelled,
        (r) => r.applicantId,
      );
      return toInterview(row);
    },
  );
};
export default interviewsRoutes;
