import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfig } from '@caribconnect/shared';

/** The settings a screen needs to show (upload caps, support address), read from the server's configuration. */
const config: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['config'], summary: 'Public settings the web app shows', response: { 200: publicConfig } } },
    async (_request, reply) => {
      // Changes only with a restart; a few minutes of caching spares every first screen a round trip.
      reply.header('cache-control', 'public, max-age=300');
      return {
        maxUploadBytes: app.config.maxUploadBytes,
        maxVideoBytes: app.config.maxVideoBytes,
        supportEmail: app.config.supportEmail,
        applicationRetentionDays: app.config.applicationRetentionDays,
      };
    },
  );
};
export default config;
