import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { wrapPool } from './client';

// Only meaningful on a PostgreSQL server, where several instances may start at once.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('migrations on a PostgreSQL server', () => {
  it('run once when four instances start together on an empty database', async () => {
    const name = `cc_migrate_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const instances = Array.from({ length: 4 }, () => wrapPool(new pg.Pool({ connectionString: url.toString(), max: 3 })));
    try {
      const results = await Promise.allSettled(instances.map((db) => db.migrate()));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const { rows } = await instances[0]!.pool!.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const { rows: files } = await instances[0]!.pool!.query("select count(*)::int as n from pg_tables where schemaname = 'pgboss'");
      expect(rows[0].n).toBeGreaterThan(0);
      expect(files[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
