import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedInvitation,
  adminCompanyPage,
  adminCompanyQuery,
  companyModeration,
  followBody,
  followState,
  company,
  companyInvitation,
  companyInvitations,
  idParam,
  invitationInput,
  invitationView,
  tokenParam,
  companyListQuery,
  companyMember,
  companyMembers,
  companyPage,
  companyUpdate,
  errorResponse,
  memberParam,
  memberRoleBody,
  myCompany,
  slugParam,
  UPLOAD_KINDS,
} from '@caribconnect/shared';
import { badRequest } from '../../lib/http-error';
import { acceptInvitation, findInvitation, INVITATION_DAYS, newInvitationToken } from '../../lib/company-invitations';
import { emailLink, emailText, toLanguage } from '../../lib/emails';
import { callerOf, me, requireAdmin, requireUser, requireWriter, viewerOf } from '../../plugins/auth';
import { defineOpenJobsRecount } from './open-jobs';
import { defineFollowerNotices } from './follow-notify';
import companyPageForms from './page-forms';
import { referencedLogoKeys, setCompanyLogo } from './logo';
import { readUploads } from '../../plugins/storage';
import {
  createInvitation,
  listInvitations,
  revokeInvitation,
  getCompanyBySlug,
  getMyCompany,
  listCompanies,
  listAdminCompanies,
  listMembers,
  removeMember,
  setMemberRole,
  updateMyCompany,
  followCompany,
  followState as followStateOf,
  moderateCompany,
  unfollowCompany,
} from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Companies and hiring teams (issue 44, decision 0070). Who may do what is decided in each
 * statement through lib/company-access.ts; these routes only say who may call at all.
 */
const companies: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  defineOpenJobsRecount(app);
  defineFollowerNotices(app);

  /** A read of the caller's own company (signed in): private, never kept by a shared cache. */
  const ownRead = (url: string, summary: string, response: z.ZodType, read: (caller: Awaited<ReturnType<typeof callerOf>>) => Promise<unknown>) =>
    app.get(url, { onRequest: requireUser, schema: { tags: ['companies'], summary, response: { 200: response, ...errors } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return read(await callerOf(request));
    });
  await app.register(companyPageForms);
  app.fileSweep.register('logos', (keys) => referencedLogoKeys(db, keys));

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

  ownRead('/api/companies/mine', 'Your company, with your role in it', myCompany, (caller) => getMyCompany(db, caller));

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
    async (request) => updateMyCompany(db, await callerOf(request), request.body),
  );

  app.post(
    '/api/companies/mine/logo',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['companies'],
        summary: 'Upload your company’s logo (owners; multipart field "logo", a picture: re-encoded, metadata stripped)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ logoUrl: z.string() }), ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request) => {
      const { files } = await readUploads(request, { logo: 'photo' }, () => `Logo upload failed. Please choose a ${UPLOAD_KINDS.photo.formats} picture.`);
      if (!files.logo) throw badRequest('Please choose an image to upload.', 'FILE_REQUIRED');
      const { logoUrl, replaced } = await setCompanyLogo(db, app.storage, await callerOf(request), files.logo);
      if (replaced) await app.storage.delete(replaced).catch((err) => request.log.warn({ err, key: replaced }, 'could not delete a replaced logo'));
      return { logoUrl };
    },
  );

  ownRead('/api/companies/mine/members', 'Your company’s team (members)', companyMembers, (caller) => listMembers(db, caller));

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

  ownRead('/api/companies/mine/invitations', 'Your company’s invitations, newest first (owners)', companyInvitations, (caller) => listInvitations(db, caller));

  app.post(
    '/api/companies/mine/invitations',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['companies'],
        summary: 'Invite someone by email with a role (owners): the email carries a link valid 7 days',
        body: invitationInput,
        response: { 201: companyInvitation, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { token, hash } = newInvitationToken();
      const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
      const created = await createInvitation(db, await callerOf(request), request.body, { hash, expiresAt });
      const language = toLanguage(created.language);
      await app.queue.email({
        to: request.body.email,
        subject: emailText(language, 'companyInvite.subject', { company: created.companyName }),
        text: emailText(language, 'companyInvite.text', {
          inviter: created.inviterName,
          company: created.companyName,
          role: emailText(language, `companyInvite.role.${request.body.role}`),
          link: emailLink(app.config.publicUrl, `/invitations/${token}`, language),
          days: INVITATION_DAYS,
        }),
      });
      return reply.code(201).send({
        id: created.id,
        email: request.body.email,
        role: request.body.role,
        expiresAt: expiresAt.toISOString(),
        createdAt: new Date().toISOString(),
        accepted: false,
      });
    },
  );

  app.delete(
    '/api/companies/mine/invitations/:id',
    {
      onRequest: requireWriter,
      schema: { tags: ['companies'], summary: 'Withdraw an invitation not yet used (owners)', params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await revokeInvitation(db, await callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags: ['companies'],
        summary: 'What an invitation link is for (anyone with the link): refused when tampered, used or expired',
        params: tokenParam,
        response: { 200: invitationView, 404: errorResponse, 410: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const found = await findInvitation(db, request.params.token);
      return { companyName: found.companyName, companySlug: found.companySlug, email: found.email, role: found.role, expiresAt: found.expiresAt };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['companies'],
        summary: 'Join the company of an invitation sent to your address; a one-person company moves in with its jobs',
        params: tokenParam,
        response: { 200: acceptedInvitation, ...errors, 409: errorResponse, 410: errorResponse },
      },
    },
    async (request) => {
      const user = await me(request);
      return acceptInvitation(db, request.params.token, { id: user.id, email: user.email, role: user.role });
    },
  );

  app.get(
    '/api/companies/:slug/follow',
    {
      onRequest: requireUser,
      schema: { tags: ['companies'], summary: 'Whether you follow this company', params: slugParam, response: { 200: followState, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return followStateOf(db, await callerOf(request), request.params.slug);
    },
  );

  app.put(
    '/api/companies/:slug/follow',
    {
      onRequest: requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Follow a company (signed in), with or without an email for each new job',
        params: slugParam,
        body: followBody,
        response: { 200: followState, ...errors },
      },
    },
    async (request) => followCompany(db, await callerOf(request), request.params.slug, request.body.email),
  );

  app.delete(
    '/api/companies/:slug/follow',
    {
      onRequest: requireUser,
      schema: { tags: ['companies'], summary: 'Stop following a company', params: slugParam, response: { 200: followState, ...errors } },
    },
    async (request) => unfollowCompany(db, await callerOf(request), request.params.slug),
  );

  app.get(
    '/api/admin/companies',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Every company, suspended ones too, by name, with its members (admins)',
        querystring: adminCompanyQuery,
        response: { 200: adminCompanyPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAdminCompanies(db, request.query);
    },
  );

  app.patch(
    '/api/admin/companies/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Suspend a company (hides its page and jobs) or lift it; verify it ("Verified company") or not (admins)',
        params: idParam,
        body: companyModeration,
        response: { 200: company, ...errors },
      },
    },
    async (request) => moderateCompany(db, (await me(request)).id, request.params.id, request.body),
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
