import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabaseOrExit } from './db/client';

async function main() {
  const config = loadConfig();
  const database = await openDatabaseOrExit(config);
  await database.migrate();
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`CaribConnect is serving ${config.publicUrl} (${database.kind === 'pg' ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
