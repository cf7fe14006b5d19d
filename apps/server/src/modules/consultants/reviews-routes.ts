import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consultantParams, errorResponse, pageQuery, review, reviewInput, reviewPage } from '@caribconnect/shared';
import { me, requireWriter } from '../../plugins/auth';
import { notifyReview } from '../../lib/notifications/events';
import { createReview, listReviews, updateMyReview } from './reviews-service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;

  app.get(
    '/api/consultants/:userId/reviews',
    {
      schema: {
        tags: ['consultants'],
        summary: 'A consultant’s reviews, newest first (anyone)',
        params: consultantParams,
        querystring: pageQuery,
        response: { 200: reviewPage, 400: errorResponse },
      },
    },
    async (request) => listReviews(db, request.params.userId, request.query.cursor, request.query.limit),
  );

  app.post(
    '/api/consultants/:userId/reviews',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['consultants'],
        summary: 'Review a consultant you sent a request to: once, never yourself',
        params: consultantParams,
        body: reviewInput,
        response: { 201: review, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const authorId = (await me(request)).id;
      const created = await db.transaction(async (tx) => {
        const row = await createReview(tx, request.params.userId, authorId, request.body);
        await notifyReview(app, tx, request.params.userId, authorId, request.body.rating);
        return row;
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/consultants/:userId/reviews/mine',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['consultants'],
        summary: 'Edit your own review of a consultant',
        params: consultantParams,
        body: reviewInput,
        response: { 200: review, ...errors },
      },
    },
    async (request) => updateMyReview(db, request.params.userId, (await me(request)).id, request.body),
  );
};
export default reviewsRoutes;
