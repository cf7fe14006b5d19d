import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailSettings,
  emailSettingsBody,
  errorResponse,
  idParam,
  jobApplicantEmails,
  jobApplicantEmailsBody,
  notification,
  notificationCount,
  page,
  pageQuery,
} from '@caribconnect/shared';
import { me, requireUser } from '../../plugins/auth';
import { unreadCount } from '../../lib/notifications/notify';
import { runApplicantDigest, runMessageReminders } from './reminders';
import { getApplicantEmails, getEmailSettings, listNotifications, markAllRead, markRead, setApplicantEmails, setEmailSettings } from './service';

declare module '../../plugins/queue' {
  interface JobKinds {
    'notifications-applicant-digest': Record<string, never>;
    'notifications-message-reminders': Record<string, never>;
  }
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const noStore = { 'cache-control': 'private, no-store' } as const;

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;

  app.queue.define('notifications-applicant-digest', { run: async () => void (await runApplicantDigest(app)), expireInSeconds: 600 });
  app.queue.define('notifications-message-reminders', { run: async () => void (await runMessageReminders(app)), expireInSeconds: 600 });
  // Noon UTC is morning across the Caribbean (UTC-4/-5).
  app.queue.every('notifications-applicant-digest', '0 12 * * *', {});
  app.queue.every('notifications-message-reminders', '*/15 * * * *', {});

  app.get(
    '/api/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first (keyset pages)',
        querystring: pageQuery,
        response: { 200: page(notification), ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listNotifications(db, (await me(request)).id, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: requireUser,
      schema: { tags: ['notifications'], summary: 'How many of your notifications are unread (at most 100)', response: { 200: notificationCount, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { count: await unreadCount(db, (await me(request)).id) };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read; answers the unread count left',
        params: idParam,
        response: { 200: notificationCount, ...errors },
      },
    },
    async (request) => ({ count: await markRead(app, (await me(request)).id, request.params.id) }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: requireUser,
      schema: { tags: ['notifications'], summary: 'Mark all your notifications read', response: { 200: notificationCount, ...errors } },
    },
    async (request) => ({ count: await markAllRead(app, (await me(request)).id) }),
  );

  app.get(
    '/api/notifications/settings',
    {
      onRequest: requireUser,
      schema: { tags: ['notifications'], summary: 'Which emails you receive', response: { 200: emailSettings, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return getEmailSettings(db, (await me(request)).id);
    },
  );

  app.patch(
    '/api/notifications/settings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Turn kinds of email on or off (only the switches sent change)',
        body: emailSettingsBody,
        response: { 200: emailSettings, ...errors },
      },
    },
    async (request) => setEmailSettings(db, (await me(request)).id, request.body),
  );

  app.get(
    '/api/jobs/:id/applicant-emails',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'How the owner of this job is emailed about new applicants (the owner only)',
        params: idParam,
        response: { 200: jobApplicantEmails, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { applicantEmails: await getApplicantEmails(db, request.params.id, (await me(request)).id) };
    },
  );

  app.put(
    '/api/jobs/:id/applicant-emails',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Email me at each new applicant, once a day, or never (the job’s owner only)',
        params: idParam,
        body: jobApplicantEmailsBody,
        response: { 200: jobApplicantEmails, ...errors },
      },
    },
    async (request) => ({ applicantEmails: await setApplicantEmails(db, request.params.id, (await me(request)).id, request.body.applicantEmails) }),
  );
};
export default notificationsRoutes;
