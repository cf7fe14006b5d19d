import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOCKED_ROLES,
  errorResponse,
  myResume,
  resume,
  resumeDiscoverableBody,
  saveResumeBody,
  userIdParams,
  type Role,
  UPLOAD_KINDS,
} from '@caribconnect/shared';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { documentHeaders } from '../../lib/document-headers';
import { contentTypeForKey } from '../../lib/storage/file-types';
import { isAdmin, me, requireSignedIn, requireWriter } from '../../plugins/auth';
import { jsonField, readUploads } from '../../plugins/storage';
import { drawResumePdf } from '../../lib/resume-document';
import { findResumeDocument, getMyResume, getResume, queueResumePdf, referencedResumeKeys, saveMyResume, setDiscoverable, type Reader } from './service';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** Draw and store the PDF of a person's resume fields (decision 0047). */
    'resume-pdf': { userId: string };
  }
}

/** Seconds a caller of a PDF still being drawn is asked to wait: drawing one takes well under a second. */
const PDF_RETRY_AFTER = 2;

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const SIGNED_OUT = 'User not logged in.';

/** The builder's own sentence for a signed-out caller, before the usual account checks. */
const requireResumeWriter = requireSignedIn(SIGNED_OUT, 'RESUME_SIGNED_OUT', requireWriter);

async function reader(request: FastifyRequest): Promise<Reader> {
  const user = await request.currentUser();
  return user && !LOCKED_ROLES.includes(user.role as Role) ? { id: user.id, role: user.role, isAdmin: isAdmin(user) } : null;
}

const resumesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  // The builder's uploads and generated PDFs share the 'resumes' area with application documents.
  app.fileSweep.register('resumes', (keys) => referencedResumeKeys(db, keys));
  app.queue.define('resume-pdf', {
    run: ({ userId }) => drawResumePdf(db, app.storage, userId, { acrossInstances: app.db.kind === 'pg' }),
    policy: 'short',
    // Drawing fails only on a fault of ours or of storage: three tries a few seconds apart, then an admin sees it.
    retryLimit: 2,
    retryDelay: 5,
    summary: ({ userId }) => `resume PDF of user ${userId}`,
  });

  app.get(
    '/api/resumes/me',
    {
      onRequest: requireSignedIn('Please sign in to view your resume.', 'RESUME_SIGNED_OUT_VIEW'),
      schema: { tags: ['resumes'], summary: 'Your own resume (null when you have none yet)', response: { 200: myResume.nullable(), ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyResume(db, (await me(request)).id);
    },
  );

  app.put(
    '/api/resumes/me/discoverable',
    {
      onRequest: requireResumeWriter,
      schema: {
        tags: ['resumes'],
        summary: '"Employers can find me" on or off (decision 0072): off, you leave every Candidates for this job at once',
        body: resumeDiscoverableBody,
        response: { 200: myResume, ...errors },
      },
    },
    async (request) => {
      const saved = await setDiscoverable(db, (await me(request)).id, request.body.discoverable);
      if (!saved) throw notFound('Save your resume first.', 'RESUME_NOT_FOUND');
      return saved;
    },
  );

  app.put(
    '/api/resumes/me',
    {
      onRequest: requireResumeWriter,
      schema: {
        tags: ['resumes'],
        summary: 'Save your resume (upsert). Multipart: "resume" (JSON text of the fields, see SaveResumeBody) and an optional "resumeFile" (pdf, doc, docx)',
        consumes: ['multipart/form-data'],
        response: { 200: myResume, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request) => {
      const user = await me(request);
      const { files, fields } = await readUploads(
        request,
        { resumeFile: 'document' },
        () => `Failed to upload file. Please choose a ${UPLOAD_KINDS.document.formats} file.`,
      );
      const json = jsonField(fields, 'resume', () => badRequest('Failed to save resume data: the form could not be read.', 'RESUME_INVALID'));
      const parsed = saveResumeBody.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        throw badRequest(`Failed to save resume data: ${where}${issue?.message ?? 'invalid resume.'}`, 'RESUME_INVALID');
      }
      return saveMyResume(db, app.storage, app.queue, user.id, parsed.data, files.resumeFile);
    },
  );

  app.get(
    '/api/resumes/:userId',
    {
      schema: {
        tags: ['resumes'],
        summary: 'Someone’s resume, if its visibility lets you read it (owner and admins always; otherwise 404)',
        params: userIdParams,
        response: { 200: resume, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getResume(db, request.params.userId, await reader(request));
    },
  );

  app.get(
    '/api/resumes/:userId/document',
    {
      schema: {
        tags: ['resumes'],
        summary:
          'A resume’s document: the uploaded file, or a PDF generated from the builder’s fields (a PDF opens in the browser, sandboxed; doc and docx download); 409 RESUME_PDF_PENDING with Retry-After while that PDF is being drawn',
        params: userIdParams,
        querystring: z.object({ v: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const found = await findResumeDocument(db, request.params.userId, await reader(request));
      if (!found) throw notFound('No resume found.', 'RESUME_NOT_FOUND');
      if (!found.key) {
        // Queued again in case the job is lost or failed, or the layout changed since (one waits at most).
        await queueResumePdf(app.queue, db, request.params.userId);
        app.queue.wake('resume-pdf');
        reply.header('retry-after', String(PDF_RETRY_AFTER));
        throw new HttpError(409, 'This resume’s PDF is being prepared. Please try again in a moment.', 'RESUME_PDF_PENDING');
      }
      const file = await app.storage.get(found.key);
      if (!file) throw notFound('No resume found.', 'RESUME_NOT_FOUND');
      const ext = found.key.slice(found.key.lastIndexOf('.') + 1);
      const fullName = `${found.fullName.trim() || 'Resume'} - Resume.${ext}`;
      return reply
        .headers(documentHeaders({ contentType: contentTypeForKey(found.key), ext, filename: `resume.${ext}`, fullName, size: file.size }))
        .send(file.stream);
    },
  );
};
export default resumesRoutes;
