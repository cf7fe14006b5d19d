import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '@caribconnect/shared';
import { emailText, languageOf } from '../../lib/emails';
import { renderCandidatePackPdf } from '../../lib/resume-pdf';
import { me, requireUser } from '../../plugins/auth';
import { applicantsCsv, candidatePack, deleteExpiredDocuments, fileSlug } from './export';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** Daily: documents of applications Not selected or Withdrawn longer than the retention period are deleted (decision 0078). */
    'application-documents-retention': Record<string, never>;
  }
}

const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse };
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Issue 45's export and retention (decision 0078): a job's applicants as CSV, one applicant's
 * candidate pack as PDF (team members of the job's company: owner, recruiter, viewer; "not found"
 * for everyone else), and the daily job that deletes the documents of closed applications.
 */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;

  app.queue.define('application-documents-retention', {
    run: async () => {
      await deleteExpiredDocuments(app);
    },
    retryLimit: 2,
    expireInSeconds: 900,
    summary: () => 'application documents past their retention',
  });
  app.queue.every('application-documents-retention', '41 3 * * *', {});

  app.get(
    '/api/jobs/:id/applications.csv',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary:
          'A job’s applicants as CSV (its company’s team): name, email, applied at, stage, status, rating average, ratings, notes count; spreadsheet-safe cells',
        params: idParam,
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { title, chunks } = await applicantsCsv(db, { id: (await me(request)).id }, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applicants-${fileSlug(title)}-${today()}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(chunks));
    },
  );

  app.get(
    '/api/applications/:id/pack.pdf',
    {
      onRequest: requireUser,
      schema: {
        tags: ['pipeline'],
        summary:
          'One applicant’s candidate pack as PDF (its company’s team): profile, application, cover letter, resume, documents sent; the team’s ratings and notes only with notes=1',
        params: idParam,
        querystring: z.object({ notes: z.enum(['1', 'on', 'true', '0', 'false']).optional() }),
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errors, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const withNotes = ['1', 'on', 'true'].includes(request.query.notes ?? '');
      const caller = await me(request);
      // In the requester's language (decision 0076): the headings, labels and stage names.
      const language = await languageOf(db, caller.id);
      const pack = await candidatePack(db, { id: caller.id }, request.params.id, withNotes, language);
      const pdf = await renderCandidatePackPdf({
        language,
        title: pack.name || emailText(language, 'pdf.pack.applicant'),
        subtitle: emailText(language, 'pdf.pack.subtitle'),
        sections: pack.sections,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="candidate-${fileSlug(pack.name || 'applicant')}-${today()}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
export default exportRoutes;
