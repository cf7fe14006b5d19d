import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Exposes an already-open database; whoever opened it (server.ts or a test) also closes it. */
export default fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('db', database);
  },
  { name: 'db' },
);
