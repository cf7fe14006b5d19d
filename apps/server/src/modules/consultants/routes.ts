import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consultantDetail,
  consultantInput,
  consultantListQuery,
  consultantPage,
  consultantParams,
  errorResponse,
  myConsultant,
  UPLOAD_KINDS,
} from '@caribconnect/shared';
import { badRequest } from '../../lib/http-error';
import { me, requireUser, requireWriter, viewerOf } from '../../plugins/auth';
import { readUploads } from '../../plugins/storage';
import { photoFileKeys } from '../../lib/consultant-photos';
import { storeConsultantPhoto } from './photo';
import reviewsRoutes from './reviews-routes';
import { getConsultant, getMyConsultant, listConsultants, referencedPhotoKeys, saveOwnConsultant } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Form fields of the save request; anything else sent (user_id, rating, review_count…) is ignored. */
const FIELDS = ['fullName', 'contactInfo', 'country', 'specialty', 'phone', 'bio'] as const;

const consultantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db;
  app.fileSweep.register('consultants', (keys) => referencedPhotoKeys(db, keys));

  app.get(
    '/api/consultants',
    {
      schema: {
        tags: ['consultants'],
        summary: 'Consultants, newest first; search (name or specialty), specialty and country filters; keyset-paginated (anyone)',
        querystring: consultantListQuery,
        response: { 200: consultantPage, 400: errorResponse },
      },
    },
    async (request) => listConsultants(db, request.query, await viewerOf(request)),
  );

  app.get(
    '/api/consultants/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consultants'],
        summary: 'Your own consultant record, with the count of new client requests (null when you have none yet)',
        response: { 200: myConsultant.nullable(), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyConsultant(db, (await me(request)).id);
    },
  );

  app.put(
    '/api/consultants/me',
    {
      onRequest: requireWriter,
      schema: {
        tags: ['consultants'],
        summary:
          'Create or update your own consultant record. Multipart: fullName, contactInfo, country, specialty, phone, bio, and an optional photo (an image)',
        consumes: ['multipart/form-data'],
        response: { 200: myConsultant, 201: myConsultant, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      const { files, fields } = await readUploads(
        request,
        { photo: 'photo' },
        () => `Avatar upload failed. Please choose a ${UPLOAD_KINDS.photo.formats} image.`,
      );
      const parsed = consultantInput.safeParse(Object.fromEntries(FIELDS.filter((f) => f in fields).map((f) => [f, fields[f]])));
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Error saving profile.', 'VALIDATION_FAILED');
      const photoKey = files.photo ? await storeConsultantPhoto(app.storage, user.id, files.photo) : null;
      let result;
      try {
        result = await saveOwnConsultant(db, user, parsed.data, photoKey);
      } catch (err) {
        for (const key of photoFileKeys(photoKey)) await app.storage.delete(key).catch(() => undefined);
        throw err;
      }
      // After the commit: a failure here leaves an unreferenced file, never a record without its photo.
      const old = result.replacedPhotoKey;
      for (const key of photoFileKeys(old))
        await app.storage.delete(key).catch((err) => request.log.warn({ err, key }, 'could not delete a replaced consultant photo'));
      return reply.code(result.created ? 201 : 200).send(result.consultant);
    },
  );

  app.get(
    '/api/consultants/:userId',
    {
      schema: {
        tags: ['consultants'],
        summary: 'One consultant, and whether the caller may contact or review them (anyone)',
        params: consultantParams,
        response: { 200: consultantDetail, 404: errorResponse },
      },
    },
    async (request, reply) => {
      if (await request.currentUser()) reply.header('cache-control', 'private, no-store');
      return getConsultant(db, request.params.userId, await viewerOf(request));
    },
  );

  await app.register(reviewsRoutes);
};
export default consultantsRoutes;
