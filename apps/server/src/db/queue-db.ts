import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Database } from './client';

/**
 * How pg-boss reaches our database: through the same PGlite thread (its one connection) or the same
 * pg pool, so the queue adds no connections of its own.
 */
export function queueConnection(database: Database): Pick<ConstructorOptions, 'db' | 'backend'> {
  if (database.pglite) return { db: fromPglite(database.pglite as never), backend: 'pglite' };
  const pool = database.pool!;
  return { db: { executeSql: (text, values) => pool.query(text, values as unknown[]) }, backend: 'postgres' };
}

/**
 * Creates or upgrades pg-boss's own schema (`pgboss`) as part of our migrations, so a server start,
 * a test database cloned from the migrated template, and a restore all find it in place.
 */
export async function migrateQueueSchema(database: Database) {
  const boss = new PgBoss({ ...queueConnection(database), supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
