import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ad,
  adCategory,
  adFields,
  listingDeleteBody,
  adListQuery,
  adPage,
  adUpdateFields,
  errorResponse,
  idParam,
  ownExpiredAdsQuery,
  UPLOAD_KINDS,
} from '@caribconnect/shared';
import { referencedAdKeys, removeFiles } from '../../lib/ad-files';
import { HttpError, badRequest } from '../../lib/http-error';
import { adminRemovalOf } from '../../lib/listing-removal';
import { callerOf, me, requireUser, requireWriter, viewerOf } from '../../plugins/auth';
import { dailyPostingLimit } from '../../lib/posting-limits';
import { readUploads } from '../../plugins/storage';
import { defineAdExpiryReminders } from './reminders';
import { createAd, deleteAd, getAd, listAdCategories, listAds, listOwnExpiredAds, renewOwnAd, updateOwnAd, type AdUploads } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const uploadErrors = { 413: errorResponse, 415: errorResponse };
const KINDS = { image: 'photo', preview: 'photo', video: 'video' } as const;

/**
 * The multipart form of Post an Ad / Edit Ad. A refused file answers with a code naming its kind
 * (UNSUPPORTED_IMAGE_TYPE or UNSUPPORTED_VIDEO_TYPE), so the form can say 'Image upload failed.'
 * or 'Video upload failed.' as the spec does.
 */
async function readAdForm(request: FastifyRequest) {
  let badField = '';
  try {
    return await readUploads(request, KINDS, (field) => {
      badField = field;
      return field === 'video'
        ? `Video upload failed: use an ${UPLOAD_KINDS.video.formats} video.`
        : `Image upload failed: use a ${UPLOAD_KINDS.photo.formats} picture.`;
    });
  } catch (err) {
    if (err instanceof HttpError && err.code === 'UNSUPPORTED_FILE_TYPE') {
      throw new HttpError(415, err.message, badField === 'video' ? 'UNSUPPORTED_VIDEO_TYPE' : 'UNSUPPORTED_IMAGE_TYPE');
    }
    throw err;
  }
}

function parseFields<T extends z.ZodTypeAny>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid ad.', 'VALIDATION_FAILED');
  return parsed.data;
}

const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  for (const area of ['ads', 'videos']) app.fileSweep.register(area, (keys) => referencedAdKeys(db, keys));
  defineAdExpiryReminders(app);

  app.get(
    '/api/ads',
    {
      schema: {
        tags: ['ads'],
        summary:
          'Browse Ads: live ads newest first or by price; search (title/description), category, country, price range (in the country’s currency) and free; keyset-paginated (anyone)',
        querystring: adListQuery,
        response: { 200: adPage, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      // The viewer's own unpaid ads are in their list: such a page must not sit in a shared cache.
      if (user) reply.header('cache-control', 'private, no-store');
      return listAds(db, request.query, user && !['suspended', 'banned'].includes(user.role) ? user.id : undefined);
    },
  );

  app.get(
    '/api/ads/:id',
    { schema: { tags: ['ads'], summary: 'One ad (anyone)', params: idParam, response: { 200: ad, 404: errorResponse } } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      // Who may see an ad depends on the viewer (owner, admin): never from a shared cache.
      if (await request.currentUser()) reply.header('cache-control', 'private, no-store');
      return getAd(db, request.params.id, viewer);
    },
  );

  app.get(
    '/api/my-ads/expired',
    {
      onRequest: requireUser,
      schema: {
        tags: ['ads'],
        summary: 'Your own expired ads, newest first (signed in)',
        querystring: ownExpiredAdsQuery,
        response: { 200: adPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listOwnExpiredAds(db, (await me(request)).id, request.query.cursor, request.query.limit);
    },
  );

  app.post(
    '/api/ads/:id/renew',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['ads'],
        summary: 'Renew your own ad: listed for another 30 days from today (owner only, not muted)',
        params: idParam,
        response: { 200: ad, ...errors },
      },
    },
    async (request) => renewOwnAd(db, request.params.id, (await me(request)).id),
  );

  app.get('/api/ad-categories', { schema: { tags: ['ads'], summary: 'Ad categories', response: { 200: z.array(adCategory) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return listAdCategories(db);
  });

  app.post(
    '/api/ads',
    {
      onRequest: requireWriter,
      preHandler: dailyPostingLimit('ads', app.config.postingLimits.ads),
      schema: {
        tags: ['ads'],
        summary: 'Post an ad (signed in, not muted). Multipart: title, description, categoryId; optional files image, video and preview (the video’s frame)',
        consumes: ['multipart/form-data'],
        response: { 201: ad, ...errors, ...uploadErrors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      const { files, fields } = await readAdForm(request);
      const text = parseFields(adFields, fields);
      const created = await createAd(db, app.storage, user.id, text, files as AdUploads);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/ads/:id',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['ads'],
        summary: 'Edit your own ad. Multipart: title, description, categoryId, removeImage, removeVideo; optional files image, video, preview',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: ad, ...errors, ...uploadErrors },
      },
    },
    async (request) => {
      const user = await me(request);
      const { files, fields } = await readAdForm(request);
      const { removeImage, removeVideo, ...text } = parseFields(adUpdateFields, fields);
      const changes = { ...text, removeImage: removeImage === 'true', removeVideo: removeVideo === 'true' };
      const uploads = files as AdUploads;
      const { ad: updated, unused } = await updateOwnAd(db, app.storage, request.params.id, user.id, changes, uploads);
      await removeFiles(app.storage, unused, request.log);
      return updated;
    },
  );

  app.delete(
    '/api/ads/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['ads'],
        summary: 'Delete your own ad and its files. Admins: any ad, with a reason the owner is told (audited)',
        params: idParam,
        body: listingDeleteBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      // An admin removing someone else's ad takes the one removal path (reason, owner told, audited; decision 0069).
      const removal = await adminRemovalOf(app, { ...caller, email: (await me(request)).email }, 'ad', request.params.id, request.body?.reason);
      const keys = removal ? removal.keys : await deleteAd(db, request.params.id, caller);
      await removeFiles(app.storage, keys, request.log);
      return reply.code(204).send(null);
    },
  );
};
export default adsRoutes;
