import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createFeedbackBody } from '@caribconnect/shared';
import { badRequest } from '../../lib/http-error';
import { rateLimit } from '../../lib/rate-limit';
import { acceptFormBodies, formBody, formResponse, runPageForm } from '../../plugins/page-forms';
import { submitFeedback } from './service';

/** Per address, shared by POST /api/feedback and the page form (the counter keeps the API's name). */
export const feedbackRateLimit = () =>
  rateLimit({ name: 'POST /api/feedback', max: 20, windowMs: 60 * 60 * 1000, message: 'Too much feedback from this network. Please try again later.' });

/**
 * Submit Feedback as a plain HTML form (decision 0028): the same row as POST /api/feedback, then 303
 * back to the page, which says it was sent; a refusal re-renders the page with what was typed.
 */
const feedbackPageForm: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  const limit = feedbackRateLimit();
  app.post(
    '/feedback',
    { schema: { hide: true, summary: 'Send feedback from the HTML form', body: formBody, response: formResponse } },
    async (request, reply) => {
      const { name = '', message = '' } = request.body;
      return runPageForm(request, reply, { name, message }, async () => {
        await limit(request, reply);
        const body = createFeedbackBody.safeParse(request.body);
        if (!body.success) throw badRequest(body.error.issues[0]?.message ?? 'Invalid request.', 'VALIDATION_FAILED');
        await submitFeedback(app.db.db, body.data, await request.currentUser());
        return '/feedback?sent=1';
      });
    },
  );
};
export default feedbackPageForm;
