import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config';
import type { Database } from './db/client';
import authPlugin, { assertGuardsFirst, routeAccess, type Access } from './plugins/auth';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import inputPlugin from './plugins/input';
import idempotencyPlugin from './plugins/idempotency';
import mailerPlugin from './plugins/mailer';
import queuePlugin from './plugins/queue';
import metricsPlugin from './plugins/metrics';
import pageFormsPlugin from './plugins/page-forms';
import realtimePlugin from './plugins/realtime';
import securityPlugin from './plugins/security';
import storagePlugin from './plugins/storage';
import swaggerPlugin from './plugins/swagger';
import webPlugin from './plugins/web';
import { modules } from './modules';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /**
     * Every route as registered (method, URL pattern) with the access its guards require (empty:
     * anyone); the fuzz and access tests walk it.
     */
    routeTable: ReadonlyArray<{ method: string; url: string; access: Access[] }>;
    /**
     * Aborted when the app starts closing (SIGTERM/SIGINT, or app.close() in tests), before the
     * server stops listening. Anything that keeps a response open (Server-Sent Events streams,
     * long polls) must listen to it and end its response, or shutdown waits for it and then cuts it:
     *   app.shuttingDown.addEventListener('abort', () => reply.raw.end(), { once: true })
     */
    shuttingDown: AbortSignal;
    /**
     * Aborted when the instance should leave its load balancer (SIGTERM with DRAIN_SECONDS): from
     * then on /api/health/ready answers 503 while requests are still served.
     */
    draining: AbortSignal;
    startDraining(): void;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** One-time secrets that travel in links (password reset) never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|otp)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (!stream && (config.env === 'test' || config.logLevel === 'silent')) return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(!stream && config.env === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** Builds the whole app without listening, so tests can `inject` requests into it. */
export async function buildApp({ config, database, logger }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  const routeTable: Array<{ method: string; url: string; access: Access[] }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    assertGuardsFirst(route);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, access: routeAccess(route) });
  });
  const shutdown = new AbortController();
  app.decorate('shuttingDown', shutdown.signal);
  app.addHook('preClose', async () => {
    shutdown.abort();
  });
  const drain = new AbortController();
  app.decorate('draining', drain.signal);
  app.decorate('startDraining', () => drain.abort());
  // Lets other plugins declare `dependencies: ['config']`.
  await app.register(fp(async () => {}, { name: 'config' }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  // Before compression: it stores the answer as serialised, and must see routes as they register.
  await app.register(idempotencyPlugin);
  // Brotli quality 5 rather than the plugin's 4: a rendered page (up to ~100 KB of HTML and data) comes
  // out about 8% smaller for a few milliseconds more, and on a slow phone link every KB is ~25 ms.
  // The built assets are compressed once at the highest quality (apps/web/scripts/precompress.mjs).
  // Brotli before zstd, which the plugin prefers on Node 24 and every current Chromium accepts: a
  // page in zstd came out 13% larger, and Chromium handed it to the parser only once all of it was
  // in, so the page's files were asked for a whole HTML later on a slow link (decision 0055).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate', 'identity'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(securityPlugin);
  await app.register(swaggerPlugin);
  await app.register(dbPlugin, { database });
  await app.register(metricsPlugin);
  await app.register(mailerPlugin);
  await app.register(queuePlugin);
  await app.register(storagePlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(pageFormsPlugin);
  for (const mod of modules) await app.register(mod);
  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
