import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFeedbackBody, errorResponse, feedbackItem } from '@caribconnect/shared';
import { requireAdmin } from '../../plugins/auth';
import feedbackPageForm, { feedbackRateLimit } from './page-forms';
import { listFeedback, submitFeedback } from './service';

const feedback: FastifyPluginAsyncZod = async (app) => {
  // Its own scope: the urlencoded body parser it registers reaches no API route.
  await app.register(feedbackPageForm);
  app.post(
    '/api/feedback',
    {
      preHandler: feedbackRateLimit(),
      config: { idempotent: true },
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (anyone)',
        body: createFeedbackBody,
        response: { 201: z.object({ id: z.string() }), 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const row = await submitFeedback(app.db.db, request.body, user);
      return reply.code(201).send(row);
    },
  );

  app.get(
    '/api/feedback',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['feedback'],
        summary: 'Feedback, newest first (admins)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: z.array(feedbackItem), 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => listFeedback(app.db.db, request.query.limit),
  );
};
export default feedback;
