import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabaseOrExit } from './db/client';
import { closeDatabase, closeGracefully, trackConnections } from './lib/graceful-shutdown';

/** How long requests in flight get to finish after SIGTERM/SIGINT before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabaseOrExit(config);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    await database.migrate();
    app = await buildApp({ config, database });
  } catch (err) {
    // Whatever failed, the embedded database is closed cleanly and its lock released.
    await closeDatabase(database);
    throw err;
  }
  const connections = trackConnections(app.server);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (config.drainSeconds > 0) {
      // The load balancer sees /api/health/ready fail and stops sending us new requests first.
      app.startDraining();
      app.log.info({ signal, seconds: config.drainSeconds }, 'draining: readiness fails, still serving');
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    }
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    process.exit(await closeGracefully({ app, database, connections, graceMs: SHUTDOWN_GRACE_MS }));
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app.close().catch(() => {});
    await closeDatabase(database);
    throw err;
  }
  // Files no row points to (an upload whose row never committed) are swept hourly by a queue job
  // (plugins/storage.ts), once across all instances.
  // Emails and slow work wait in the database until a worker on some instance runs them.
  await app.queue.start({ clock: true });
  app.log.info(`CaribConnect is serving ${config.publicUrl} (${database.kind === 'pg' ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
