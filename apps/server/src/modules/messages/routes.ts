import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversation,
  errorResponse,
  LOCKED_ROLES,
  markReadResult,
  message,
  MESSAGE_MAX,
  messageText,
  otherUserParams,
  page,
  pageQuery,
  sendMessageBody,
  unreadCount,
  jobInvitationBody,
  type Role,
} from '@caribconnect/shared';
import { badRequest, notFound } from '../../lib/http-error';
import { invitableJob } from '../../lib/search/candidates';
import { byUser, rateLimit } from '../../lib/rate-limit';
import { me, requireUser, requireWriter } from '../../plugins/auth';
import { markSeen } from '../../lib/notifications/last-seen';
import { newContactLimit } from '../../lib/posting-limits';
import { countUnread, deleteConversation, listConversations, listMessages, markRead, sendMessage } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const noStore = { 'cache-control': 'private, no-store' } as const;

/** Each failure of the text has its own code, so the chat can say exactly what is wrong. */
function checkedText(raw: string): string {
  const parsed = messageText.safeParse(raw);
  if (parsed.success) return parsed.data;
  const tooLong = raw.trim().length > MESSAGE_MAX;
  throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid message.', tooLong ? 'MESSAGE_TOO_LONG' : 'MESSAGE_EMPTY');
}

const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  // Per person, not per address: many people share one address (cafés, carrier NAT).
  const sendLimit = rateLimit({
    ...app.config.messageRateLimit,
    message: 'You are sending messages too fast. Please wait a moment.',
    code: 'MESSAGE_RATE_LIMITED',
    key: byUser,
  });

  app.post(
    '/api/messages',
    {
      onRequest: requireWriter,
      preHandler: [sendLimit, newContactLimit(app.config.postingLimits.newContacts)],
      schema: {
        tags: ['messages'],
        summary: 'Send a message as the signed-in user (muted, suspended and banned people cannot)',
        body: sendMessageBody,
        response: { 201: message, ...errors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const sender = await me(request);
      const text = checkedText(request.body.message);
      return reply.code(201).send(await sendMessage(db, app.realtime, sender.id, request.body.recipientId, text));
    },
  );

  app.post(
    '/api/messages/job-invitations',
    {
      onRequest: requireWriter,
      preHandler: [sendLimit],
      schema: {
        tags: ['messages'],
        summary: "Invite an opted-in candidate to apply for a job: a message from the job's owner or recruiter, the job linked (issue 46)",
        body: jobInvitationBody,
        response: { 201: message, ...errors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const sender = await me(request);
      const { jobId, userId } = request.body;
      const job = await invitableJob(db, sender, jobId, userId);
      // The same answer for a job not theirs and a person who did not opt in: nobody learns which.
      if (!job) throw notFound('Candidate not found.', 'CANDIDATE_NOT_FOUND');
      const link = `${app.config.publicUrl.replace(/\/$/, '')}/jobs/${job.id}`;
      const typed = request.body.message.trim();
      const text = checkedText(typed.includes(link) ? typed : `${typed}\n\n${job.title}: ${link}`.trim());
      return reply.code(201).send(await sendMessage(db, app.realtime, sender.id, userId, text));
    },
  );

  app.get(
    '/api/messages/conversations',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Your conversations, newest first, with the last message and your unread count',
        querystring: pageQuery,
        response: { 200: page(conversation), ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listConversations(db, (await me(request)).id, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    '/api/messages/unread-count',
    { onRequest: requireUser, schema: { tags: ['messages'], summary: 'How many messages you have not read', response: { 200: unreadCount, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return countUnread(db, (await me(request)).id);
    },
  );

  app.get(
    '/api/messages/with/:userId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Your conversation with one person, newest first (keyset pages going back in time)',
        params: otherUserParams,
        querystring: pageQuery,
        response: { 200: page(message), ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listMessages(db, (await me(request)).id, request.params.userId, request.query.cursor, request.query.limit);
    },
  );

  app.post(
    '/api/messages/with/:userId/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Mark what this person sent you as read (only the recipient can)',
        params: otherUserParams,
        response: { 200: markReadResult, ...errors },
      },
    },
    async (request) => markRead(db, app.realtime, (await me(request)).id, request.params.userId),
  );

  app.delete(
    '/api/messages/with/:userId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Delete your copy of a conversation (the other person keeps theirs)',
        params: otherUserParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteConversation(db, app.realtime, (await me(request)).id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/messages/stream',
    {
      onRequest: requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Your live events (Server-Sent Events): message, read, conversation-deleted, message-moderated; resumes after Last-Event-ID or ?since=',
        querystring: z.object({ since: z.string().max(20).optional() }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      // An open stream is a person on the site (the unread-messages email waits for them to be away).
      const seen = (force = false) => markSeen(db, user.id, { force }).catch((err: unknown) => request.log.warn({ err }, 'could not record last seen'));
      await seen();
      request.raw.on('close', () => void seen(true));
      // Sign-out, a ban or a suspension ends the stream at the next check.
      const stillAllowed = async () => {
        request._currentUser = undefined;
        const now = await request.currentUser();
        void seen();
        return !!now && now.id === user.id && !LOCKED_ROLES.includes(now.role as Role);
      };
      app.realtime.serve(request, reply, user.id, stillAllowed);
      return reply;
    },
  );
};
export default messagesRoutes;
