import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const up = z.enum(['up', 'down']);

/** Compares digests, so neither the token's length nor its prefix leaks through timing. */
function sameToken(given: string, expected: string) {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const withinMs = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

const health: FastifyPluginAsyncZod = async (app) => {
  // Liveness: cheap enough to be asked every second; says the process and its database answer.
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, database: 'down' as const });
      }
    },
  );

  // Readiness: may this instance take traffic? A load balancer stops sending requests on 503.
  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('up'), storage: z.literal('up') }),
          503: z.object({ status: z.enum(['unavailable', 'draining']), database: up, storage: up }),
        },
      },
    },
    async (_request, reply) => {
      const check = (work: Promise<void>) =>
        withinMs(2_000, work).then(
          () => 'up' as const,
          () => 'down' as const,
        );
      const [database, storage] = await Promise.all([check(app.db.ping()), check(app.storage.ping())]);
      const draining = app.draining.aborted || app.shuttingDown.aborted;
      reply.header('cache-control', 'no-store');
      if (draining || database === 'down' || storage === 'down') {
        return reply.code(503).send({ status: draining ? ('draining' as const) : ('unavailable' as const), database, storage });
      }
      return { status: 'ready' as const, database, storage };
    },
  );

  // Prometheus scrapes with `Authorization: Bearer <METRICS_TOKEN>`; anyone else finds nothing here.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !given || !sameToken(given, token)) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
    }
    reply.header('content-type', app.metrics.registry.contentType).header('cache-control', 'no-store');
    return app.metrics.registry.metrics();
  });
};
export default health;
