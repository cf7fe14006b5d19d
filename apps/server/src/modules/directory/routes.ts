import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryUser, errorResponse, page, userSearchQuery } from '@caribconnect/shared';
import { me, requireUser } from '../../plugins/auth';
import { searchUsers } from './service';

/** Search Users and the User Directory: signed-in people find each other by name. */
const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      onRequest: requireUser,
      schema: {
        tags: ['directory'],
        summary: 'Other users by name (case-insensitive substring), alphabetical, paged; never yourself',
        querystring: userSearchQuery,
        response: { 200: page(directoryUser), 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { q, cursor, limit } = request.query;
      return searchUsers(app.db.db, (await me(request)).id, q, cursor, limit);
    },
  );
};
export default directoryRoutes;
