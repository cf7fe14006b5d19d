import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicant,
  applicationNote,
  applicationRatings,
  applicantsQuery,
  applyFields,
  bulkMoveBody,
  stageCounts,
  bulkMoveResult,
  errorResponse,
  replyTemplate,
  replyTemplateBody,
  idParam,
  moveStageBody,
  myApplication,
  noteBody,
  page,
  pageQuery,
  ratingBody,
  stageMoves,
  updateApplicationStatusBody,
} from '@caribconnect/shared';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { sql } from 'drizzle-orm';
import { callerCompany, inCompany } from '../../lib/company-access';
import { rowsOf } from '../../lib/keyset';
import { findResumeRow, openResumeDocument } from '../../lib/resume-document';
import { documentHeaders } from '../../lib/document-headers';
import { contentTypeForKey } from '../../lib/storage/file-types';
import { callerOf, me, requireAccount, requireUser, viewerOf } from '../../plugins/auth';
import { formResponse, runPageForm } from '../../plugins/page-forms';
import { readUploads } from '../../plugins/storage';
import { notifyNewApplicant, notifyStatusChanged } from '../../lib/notifications/events';
import { notifyCancelled } from '../../lib/interviews/notify';
import { cancelUpcomingInterviews } from '../../lib/interviews/rows';
import { notifyInterview, notifyMention } from '../../lib/notifications/events';
import { bulkMove, runBatch, undoBatch } from './bulk';
import exportRoutes from './export-routes';
import { addNote, listMoves, listNotes, listRatings, markViewed, moveStages, rate, withdrawApplication } from './pipeline';
import {
  countStages,
  findTeamApplicant,
  applyForJob,
  findApplicationFile,
  listApplicants,
  listMyApplications,
  referencedApplicationKeys,
  setApplicationStatus,
} from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const fileParams = idParam.extend({ kind: z.enum(['resume', 'cover-letter']) });

const FILE_MESSAGES: Record<string, string> = {
  resumeFile: 'Failed to upload resume. Please choose a PDF, DOC or DOCX file.',
  coverLetterFile: 'Failed to upload cover letter. Please choose a PDF, DOC or DOCX file.',
};

const requireApplicant = requireAccount('jobseeker', {
  signedOut: 'You must be logged in to apply.',
  wrongRole: 'Only job seeker accounts can apply for jobs.',
});

const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  for (const area of ['resumes', 'cover-letters']) app.fileSweep.register(area, (keys) => referencedApplicationKeys(db, keys));

  app.post(
    '/api/jobs/:id/applications',
    {
      onRequest: requireApplicant,
      config: { idempotent: true },
      schema: {
        tags: ['applications'],
        summary:
          'Apply for a job (job seekers). Multipart: coverLetter (text), coverLetterFile and resumeFile (pdf, doc, docx), or useSavedResume=true to send a copy of your saved resume; all optional. The job’s screening questions are answered as `answer.<questionId>` fields (yes/no: `yes` or `no`; choice: one option; number; text up to 500 characters); a missing required answer, a wrong type or an unknown option is a 400 naming the question (`field`)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 201: z.object({ id: z.string() }), ...errors, 409: errorResponse, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await applyFromUpload(request, request.params.id)),
  );

  /**
   * Apply as a plain multipart HTML form, before the page's scripts run (decision 0028): the same
   * checks and service as the API, then 303 to My Applications, where the script goes too; a
   * refusal re-renders the page with its message and the typed cover letter.
   */
  app.post(
    '/jobs/:jobId/apply',
    {
      schema: {
        hide: true,
        summary: 'Apply from the HTML form',
        consumes: ['multipart/form-data'],
        params: z.object({ jobId: z.string().max(100) }),
        response: formResponse,
      },
    },
    async (request, reply) => {
      const fields: Record<string, string> = {};
      // The cover letter and the screening answers come back with a refusal: nothing typed is lost.
      const typed = () => ({
        coverLetter: fields.coverLetter ?? '',
        ...Object.fromEntries(Object.entries(fields).filter(([name]) => name.startsWith('answer.'))),
      });
      return runPageForm(request, reply, typed, async () => {
        await requireApplicant(request);
        await applyFromUpload(request, request.params.jobId, fields);
        // My Applications then says "Application submitted!", as the script's toast does.
        return '/my-applications?submitted=1';
      });
    },
  );

  /** Reads the multipart application (text, then files: sniffed and capped) and creates it for the signed-in applicant. */
  async function applyFromUpload(request: FastifyRequest, jobId: string, fields: Record<string, string> = {}) {
    const user = await me(request);
    const { files } = await readUploads(
      request,
      { resumeFile: 'document', coverLetterFile: 'document' },
      (field) => FILE_MESSAGES[field] ?? 'Unsupported file.',
      fields,
    );
    const parsed = applyFields.safeParse({ coverLetter: fields.coverLetter, useSavedResume: fields.useSavedResume });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid application.', 'VALIDATION_FAILED');
    if (parsed.data.useSavedResume && files.resumeFile)
      throw badRequest('Choose either a resume file or your saved resume, not both.', 'RESUME_CHOICE_CONFLICT');
    // Checked before the job checks, so a person without a saved resume is told that first.
    if (parsed.data.useSavedResume && !(await findResumeRow(db, user.id))) throw badRequest('No resume found.', 'NO_SAVED_RESUME');
    const saved = async () => {
      const doc = await openResumeDocument(db, app.storage, user.id, { acrossInstances: app.db.kind === 'pg' });
      if (!doc) throw badRequest('No resume found.', 'NO_SAVED_RESUME');
      return doc;
    };
    return applyForJob(db, app.storage, {
      jobId,
      userId: user.id,
      coverLetter: parsed.data.coverLetter,
      resume: parsed.data.useSavedResume ? saved : files.resumeFile,
      coverLetterFile: files.coverLetterFile,
      answers: fields,
      savedResume: parsed.data.useSavedResume,
      onApplied: (tx, id) => notifyNewApplicant(app, tx, id),
    });
  }

  app.get(
    '/api/applications/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['applications'],
        summary: 'Your applications, newest first, with their jobs',
        querystring: pageQuery,
        response: { 200: page(myApplication), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMyApplications(db, (await me(request)).id, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    '/api/jobs/:id/applications',
    {
      onRequest: requireUser,
      schema: {
        tags: ['applications'],
        summary:
          'A job’s applicants (its company’s team or an admin) with their screening answers and knockout flag; filters: `stage`, `rating` (at least 1–5 stars, or `unrated`), `knockout` (`meets`/`fails`), `resume=1`, `answer` (`<questionId>:<answer>`), `q` (name, cover letter, resume text); `sort`: `newest` (default), `rating`, `match`',
        params: idParam,
        querystring: applicantsQuery,
        response: { 200: page(applicant), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { cursor, limit, ...filters } = request.query;
      return listApplicants(db, request.params.id, await callerOf(request), cursor, limit, filters);
    },
  );

  app.get(
    '/api/jobs/:id/applications/stages',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'How many of a job’s applications are at each stage (its company’s team or an admin)',
        params: idParam,
        response: { 200: stageCounts, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return countStages(db, request.params.id, await callerOf(request));
    },
  );

  app.patch(
    '/api/applications/:id/status',
    {
      onRequest: requireUser,
      schema: {
        tags: ['applications'],
        summary: 'Set an application’s status (the job’s owner)',
        params: idParam,
        body: updateApplicationStatusBody,
        response: { 200: applicant, ...errors },
      },
    },
    async (request) => {
      const ownerId = (await me(request)).id;
      return db.transaction(async (tx) => {
        const changed = await setApplicationStatus(tx, request.params.id, ownerId, request.body.status);
        await notifyStatusChanged(app, tx, changed.id);
        return changed;
      });
    },
  );

  app.get(
    '/api/applications/:id/files/:kind',
    {
      schema: {
        tags: ['applications'],
        summary: 'An application’s resume or cover letter (the applicant, the job’s owner, admins); a PDF opens in the browser, sandboxed',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const who = await viewerOf(request);
      const key = await findApplicationFile(db, request.params.id, request.params.kind, who);
      // A team member opening a document has viewed the application (the applicant's timeline says so).
      if (key && who) await markViewed(db, who, request.params.id);
      const file = key ? await app.storage.get(key) : null;
      if (!file) throw notFound('File not found.', 'FILE_NOT_FOUND');
      const name = path.posix.basename(key!);
      const ext = name.slice(name.lastIndexOf('.') + 1);
      return reply.headers(documentHeaders({ contentType: contentTypeForKey(name), ext, filename: name, size: file.size })).send(file.stream);
    },
  );
};

/**
 * The hiring pipeline's routes (issue 45, decision 0071). Company and role are decided in each
 * statement (lib/company-access): another company's application is "not found", whoever asks.
 */
declare module '../../plugins/queue' {
  interface JobKinds {
    /** A bulk move's notices and replies, after its undo window (decision 0071). */
    'pipeline-batch': { batch: string };
  }
}

const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  app.queue.define('pipeline-batch', { run: ({ batch }) => runBatch(app, batch), expireInSeconds: 600 });

  app.post(
    '/api/jobs/:id/applications/bulk-move',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary:
          'Move many of a job’s applications to a stage (owners and recruiters): all or nothing; to Not selected with an optional reply template; undo within 10 seconds',
        params: idParam,
        body: bulkMoveBody,
        response: { 200: bulkMoveResult, ...errors, 409: errorResponse },
      },
    },
    async (request) => {
      const caller = { id: (await me(request)).id };
      return db.transaction((tx) => bulkMove(app, tx, caller, request.params.id, request.body));
    },
  );

  app.post(
    '/api/pipeline/batches/:id/undo',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Undo a bulk move within 10 seconds: the applications go back, unsent replies are cancelled',
        params: idParam,
        response: { 200: z.object({ restored: z.number().int() }), ...errors, 409: errorResponse },
      },
    },
    async (request) => {
      const caller = { id: (await me(request)).id };
      return db.transaction((tx) => undoBatch(tx, caller, request.params.id));
    },
  );

  app.get(
    '/api/companies/mine/reply-templates',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Your company’s reply templates (its team)',
        response: { 200: z.object({ items: z.array(replyTemplate) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const caller = { id: (await me(request)).id };
      const items = await rowsOf<z.infer<typeof replyTemplate>>(
        db.execute(sql`select t.id, t.name, t.language, t.subject, t.body from reply_templates t
          where ${inCompany(caller, 't.company_id', 'viewer')} order by lower(t.name), t.language limit 500`),
      );
      return { items };
    },
  );

  app.put(
    '/api/companies/mine/reply-templates',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Save one language of a reply template (owners and recruiters); plain text, {{first_name}} {{job_title}} {{company}}',
        body: replyTemplateBody,
        response: { 200: replyTemplate, ...errors },
      },
    },
    async (request) => {
      const caller = { id: (await me(request)).id };
      const b = request.body;
      const [row] = await rowsOf<z.infer<typeof replyTemplate>>(
        db.execute(sql`insert into reply_templates (company_id, name, language, subject, body)
          select ${callerCompany(caller, 'recruiter')}, ${b.name}, ${b.language}, ${b.subject}, ${b.body} where ${callerCompany(caller, 'recruiter')} is not null
          on conflict (company_id, name, language) do update set subject = excluded.subject, body = excluded.body
          returning id, name, language, subject, body`),
      );
      if (!row) throw forbidden('Only owners and recruiters can save reply templates.', 'NOT_RECRUITER');
      return row;
    },
  );
  const noStore = { 'cache-control': 'private, no-store' };
  const withNote = { ...errors, 409: errorResponse };

  app.get(
    '/api/applications/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'One application as its job’s team sees it (stage, ratings, notes count); opening it marks it viewed',
        params: idParam,
        response: { 200: applicant, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const caller = await callerOf(request);
      const found = await findTeamApplicant(db, caller, request.params.id);
      await markViewed(db, caller, request.params.id);
      return found;
    },
  );

  app.post(
    '/api/applications/:id/stage',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Move an application to a stage (owners and recruiters of the job’s company); recorded',
        params: idParam,
        body: moveStageBody,
        response: { 200: applicant, ...withNote },
      },
    },
    async (request) => {
      const caller = { id: (await me(request)).id };
      return db.transaction(async (tx) => {
        const moved = await moveStages(tx, caller, [request.params.id], request.body.stage);
        for (const m of moved) if (m.visibleChange) await notifyStatusChanged(app, tx, m.id);
        return findTeamApplicant(tx, caller, request.params.id, 'recruiter');
      });
    },
  );

  app.get(
    '/api/applications/:id/moves',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Every stage move of an application: who, when, from, to (its team)',
        params: idParam,
        response: { 200: stageMoves, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { items: await listMoves(db, { id: (await me(request)).id }, request.params.id) };
    },
  );

  app.post(
    '/api/applications/:id/withdraw',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Withdraw your own application; your upcoming interviews for the job are cancelled',
        params: idParam,
        response: { 200: z.object({ id: z.string(), status: z.literal('Withdrawn'), cancelledInterviews: z.number().int() }), ...withNote },
      },
    },
    async (request) => {
      const userId = (await me(request)).id;
      const id = request.params.id;
      const cancelled = await db.transaction(async (tx) => {
        const { jobId } = await withdrawApplication(tx, userId, id);
        const rows = await cancelUpcomingInterviews(tx, { jobId, applicantId: userId });
        for (const row of rows) await notifyInterview(app, tx, row);
        // The calendar cancellation, queued with the change (the calendar entry goes with the application).
        const mail = {
          enqueue: (m: Parameters<typeof app.queue.email>[0]) => app.queue.send(tx, 'email', m),
          log: request.log,
          publicUrl: app.config.publicUrl,
        };
        for (const row of rows) await notifyCancelled(mail, row, 'withdrawn');
        return rows.length;
      });
      return { id, status: 'Withdrawn' as const, cancelledInterviews: cancelled };
    },
  );

  app.get(
    '/api/applications/:id/notes',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'The team’s notes on an application, newest first (its team only)',
        params: idParam,
        response: { 200: z.object({ items: z.array(applicationNote) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { items: await listNotes(db, { id: (await me(request)).id }, request.params.id) };
    },
  );

  app.post(
    '/api/applications/:id/notes',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Add a note (any member of the job’s company); mentioned teammates (user ids) are notified',
        params: idParam,
        body: noteBody.extend({ mentions: z.array(z.string().max(100)).max(50).default([]) }),
        response: { 201: applicationNote, ...errors },
      },
    },
    async (request, reply) => {
      const author = await me(request);
      const note = await db.transaction(async (tx) => {
        const added = await addNote(tx, { id: author.id }, request.params.id, request.body.body, request.body.mentions);
        for (const userId of added.notify)
          await notifyMention(app, tx, { userId, applicationId: request.params.id, jobId: added.jobId, authorName: added.note.authorName ?? '' });
        return added.note;
      });
      return reply.code(201).send(note);
    },
  );

  app.put(
    '/api/applications/:id/rating',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Your 1–5 rating of an application (any member of the job’s company)',
        params: idParam,
        body: ratingBody,
        response: { 200: applicationRatings, ...errors },
      },
    },
    async (request) => {
      const caller = { id: (await me(request)).id };
      await rate(db, caller, request.params.id, request.body.rating);
      return listRatings(db, caller, request.params.id);
    },
  );

  app.get(
    '/api/applications/:id/ratings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary: 'Each team member’s rating of an application and their average (its team only)',
        params: idParam,
        response: { 200: applicationRatings, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listRatings(db, { id: (await me(request)).id }, request.params.id);
    },
  );
};

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(applicationsRoutes);
  await app.register(pipelineRoutes);
  await app.register(exportRoutes);
};
export default routes;
