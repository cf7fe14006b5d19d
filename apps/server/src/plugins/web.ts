import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import path from 'node:path';

/**
 * Serves the built front end: hashed assets cached for a year, index.html never cached, and
 * index.html for every other non-API path so the browser router can take over.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    app.setNotFoundHandler((request, reply) => {
      // A missing API path or asset is a real 404 (a stale chunk must fail, not parse HTML as JS).
      if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || request.method !== 'GET' || !root) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    });
    if (!root) {
      app.log.warn('apps/web/dist not found: run `npm run build` to serve the web app');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: false,
      // npm run build writes .br and .gz next to each asset (apps/web/scripts/precompress.mjs): sent
      // as they are for a browser that accepts them, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root));
  },
  { name: 'web', dependencies: ['config'] },
);
