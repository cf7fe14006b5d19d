import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockBody, blockedPerson, blockState, errorResponse, page, pageQuery, userIdParams } from '@caribconnect/shared';
import { me, requireUser } from '../../plugins/auth';
import { block, isBlocked, listBlocked, unblock } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Blocking: every route acts on the caller's own blocks only (the caller is the blocker in the SQL). */
const blocks: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  const opts = { onRequest: requireUser };
  const tags = ['blocks'];
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/blocks',
    { ...opts, schema: { tags, summary: 'The people you blocked, newest first', querystring: pageQuery, response: { 200: page(blockedPerson), ...errors } } },
    async (request, reply) => reply.headers(noStore).send(await listBlocked(db, (await me(request)).id, request.query)),
  );
  app.post(
    '/api/blocks',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Block someone: they cannot message you, and you stop seeing their listings',
        body: blockBody,
        response: { 200: blockState, ...errors },
      },
    },
    async (request) => block(db, (await me(request)).id, request.body.userId),
  );
  app.get(
    '/api/blocks/:userId',
    { ...opts, schema: { tags, summary: 'Whether you blocked this person', params: userIdParams, response: { 200: blockState, ...errors } } },
    async (request, reply) => reply.headers(noStore).send(await isBlocked(db, (await me(request)).id, request.params.userId)),
  );
  app.delete(
    '/api/blocks/:userId',
    { ...opts, schema: { tags, summary: 'Unblock someone', params: userIdParams, response: { 200: blockState, ...errors } } },
    async (request) => unblock(db, (await me(request)).id, request.params.userId),
  );
};
export default blocks;
