import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, savedIds, savedIdsQuery, savedItemParams, savedListQuery, savedPage, savedState } from '@caribconnect/shared';
import { me, requireUser } from '../../plugins/auth';
import savedPageForms from './page-forms';
import { listSaved, savedAmong, saveItem, unsaveItem } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Saving is private bookkeeping, not posting: muted people may save (requireUser, not requireWriter);
 * suspended and banned people may not.
 */
const saved: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  await app.register(savedPageForms);

  app.get(
    '/api/saved',
    {
      onRequest: requireUser,
      schema: { tags: ['saved'], summary: 'Your saved jobs and ads, newest saved first', querystring: savedListQuery, response: { 200: savedPage, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listSaved(db, (await me(request)).id, request.query);
    },
  );

  app.get(
    '/api/saved/ids',
    {
      onRequest: requireUser,
      schema: {
        tags: ['saved'],
        summary: 'Which of these jobs or ads (comma-separated ids, at most 50) you saved',
        querystring: savedIdsQuery,
        response: { 200: savedIds, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const ids = (request.query.ids ?? '').split(',').filter(Boolean);
      return { ids: await savedAmong(db, (await me(request)).id, request.query.kind, ids) };
    },
  );

  app.put(
    '/api/saved/:kind/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['saved'],
        summary: 'Save a job or ad (one you can see)',
        params: savedItemParams,
        response: { 200: savedState, ...errors, 409: errorResponse },
      },
    },
    async (request) => {
      await saveItem(db, (await me(request)).id, request.params.kind, request.params.id);
      return { saved: true };
    },
  );

  app.delete(
    '/api/saved/:kind/:id',
    {
      onRequest: requireUser,
      schema: { tags: ['saved'], summary: 'Remove a job or ad from your saved items', params: savedItemParams, response: { 200: savedState, ...errors } },
    },
    async (request) => {
      await unsaveItem(db, (await me(request)).id, request.params.kind, request.params.id);
      return { saved: false };
    },
  );
};
export default saved;
