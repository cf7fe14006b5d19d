import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, roleChange, setRoleBody, userIdParams } from '@caribconnect/shared';
import { me, requireRole } from '../../plugins/auth';
import { setUserRole } from './service';

const admin: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/admin/users/:userId/role',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: "Set a user's role: job seeker, employer, suspended, muted or banned (admins)",
        params: userIdParams,
        body: setRoleBody,
        response: { 200: roleChange, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => setUserRole(app.db.db, (await me(request)).id, request.params.userId, request.body.role),
  );
};
export default admin;
