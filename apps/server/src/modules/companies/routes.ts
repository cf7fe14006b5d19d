import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  company,
  companyListQuery,
  companyMember,
  companyMembers,
  companyPage,
  companyUpdate,
  COUNTRIES,
  errorResponse,
  memberParam,
  memberRoleBody,
  myCompany,
  slugParam,
} from '@caribconnect/shared';
import { badRequest } from '../../lib/http-error';
import { callerOf, requireUser, requireWriter, viewerOf } from '../../plugins/auth';
import { defineOpenJobsRecount } from './open-jobs';
import { getCompanyBySlug, getMyCompany, listCompanies, listMembers, removeMember, setMemberRole, updateMyCompany } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Companies and hiring teams (issue 44, decision 0070). Who may do what is decided in each
 * statement through lib/company-access.ts; these routes only say who may call at all.
 */
const companies: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  defineOpenJobsRecount(app);

  app.get(
    '/api/companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'The company directory (anyone): by open jobs, then name; search by name, filter by country and industry',
        querystring: companyListQuery,
        response: { 200: companyPage, 400: errorResponse },
      },
    },
    async (request) => listCompanies(db, request.query),
  );

  app.get(
    '/api/companies/mine',
    { onRequest: requireUser, schema: { tags: ['companies'], summary: 'Your company, with your role in it', response: { 200: myCompany, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyCompany(db, await callerOf(request));
    },
  );

  app.patch(
    '/api/companies/mine',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['companies'],
        summary: 'Edit your company (owners): a new name gives a new address, the old one redirects',
        body: companyUpdate,
        response: { 200: myCompany, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.country && !(COUNTRIES as readonly string[]).includes(body.country))
        throw badRequest('Please select a country from the list.', 'VALIDATION_FAILED');
      if (body.hiresIn?.some((c) => !(COUNTRIES as readonly string[]).includes(c)))
        throw badRequest('Please select a country from the list.', 'VALIDATION_FAILED');
      return updateMyCompany(db, await callerOf(request), body);
    },
  );

  app.get(
    '/api/companies/mine/members',
    { onRequest: requireUser, schema: { tags: ['companies'], summary: 'Your company’s team (members)', response: { 200: companyMembers, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMembers(db, await callerOf(request));
    },
  );

  app.put(
    '/api/companies/mine/members/:userId/role',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['companies'],
        summary: 'Change a member’s role (owners); making someone owner transfers ownership; the last owner cannot be demoted',
        params: memberParam,
        body: memberRoleBody,
        response: { 200: companyMember, ...errors, 409: errorResponse },
      },
    },
    async (request) => setMemberRole(db, await callerOf(request), request.params.userId, request.body.role),
  );

  app.delete(
    '/api/companies/mine/members/:userId',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['companies'],
        summary: 'Remove a member (owners), or leave (yourself); their jobs stay with the company; the last owner cannot leave',
        params: memberParam,
        response: { 204: z.null(), ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await removeMember(db, await callerOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/companies/:slug',
    {
      schema: {
        tags: ['companies'],
        summary: 'One company by any slug it had (anyone): the answer carries the current slug, which the page redirects to with 301',
        params: slugParam,
        response: { 200: company, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { company: found } = await getCompanyBySlug(db, request.params.slug, viewer);
      if (viewer || found.myRole) reply.header('cache-control', 'private, no-store');
      return found;
    },
  );
};
export default companies;
