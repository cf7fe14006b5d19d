import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, profile, updateProfileBody, userIdParams, UPLOAD_KINDS } from '@caribconnect/shared';
import { badRequest } from '../../lib/http-error';
import { me, requireUser, viewerOf } from '../../plugins/auth';
import { readUploads } from '../../plugins/storage';
import { getProfile, referencedAvatarKeys, setOwnAvatar, updateOwnProfile } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse };

const profiles: FastifyPluginAsyncZod = async (app) => {
  app.fileSweep.register('avatars', (keys) => referencedAvatarKeys(app.db.db, keys));

  app.get(
    '/api/profiles/:userId',
    {
      schema: {
        tags: ['profiles'],
        summary: 'A profile; contact details only for signed-in viewers',
        params: userIdParams,
        response: { 200: profile, ...errors },
      },
    },
    async (request) => getProfile(app.db.db, request.params.userId, await viewerOf(request)),
  );

  app.patch(
    '/api/profiles/me',
    {
      onRequest: requireUser,
      schema: { tags: ['profiles'], summary: 'Update your own profile', body: updateProfileBody, response: { 200: profile, ...errors } },
    },
    async (request) => updateOwnProfile(app.db.db, (await me(request)).id, request.body),
  );

  app.post(
    '/api/profiles/me/avatar',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profiles'],
        summary: 'Upload your avatar (multipart field "avatar", an image)',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ avatarUrl: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await me(request);
      const { files } = await readUploads(request, { avatar: 'image' }, () => `Avatar upload failed. Please choose a ${UPLOAD_KINDS.image.formats} image.`);
      if (!files.avatar) throw badRequest('Please choose an image to upload.', 'FILE_REQUIRED');
      return { avatarUrl: await setOwnAvatar(app.db.db, app.storage, user.id, files.avatar) };
    },
  );
};
export default profiles;
