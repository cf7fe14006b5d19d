/**
 * The ads benchmark's server process (as server-process.ts for jobs): seeds ads, serves the real app
 * (with the built web app, for the phone download measurement) and runs the "direct" measurements,
 * the same statements through the driver. Messages in: { id, type: 'warm' | 'direct' | 'count' |
 * 'close', filters }; out: { id, result } or { ready, seedSeconds, version }.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { seedAds } from '../../apps/server/src/db/seed/ads';
import { seedDemo } from '../../apps/server/src/db/seed/seed';
import { decodeCursor } from '../../apps/server/src/lib/keyset';
import { diskStorage } from '../../apps/server/src/lib/storage/disk';
import { adListPlan, containsPattern, type AdSummaryRow } from '../../apps/server/src/modules/ads/list-query';
import { loadDirect } from './measure';

export interface AdBenchFilters {
  q?: string;
  category?: string;
  cursor?: string;
}

const { BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: databaseUrl, BENCH_ADS: ads = '100000', BENCH_LIMIT: limit = '12' } = process.env;
const LIMIT = Number(limit);

function directPage(database: Database, filters: AdBenchFilters) {
  const dialect = new PgDialect();
  const plan = adListPlan({ q: filters.q, categoryId: filters.category, after: decodeCursor(filters.cursor), limit: LIMIT }).map((q) => dialect.sqlToQuery(q));
  const exec = database.pglite
    ? (text: string, params: unknown[]) => database.pglite!.query<AdSummaryRow>(text, params).then((r) => r.rows)
    : (text: string, params: unknown[]) => database.pool!.query<AdSummaryRow>(text, params).then((r) => r.rows);
  return async () => {
    for (const step of plan) if ((await exec(step.sql, step.params)).length > LIMIT) return;
  };
}

async function countMatches(database: Database, f: AdBenchFilters): Promise<number> {
  const where = [sql`true`];
  if (f.q) where.push(sql`search_lc like lower(${containsPattern(f.q)})`);
  if (f.category) where.push(sql`category_id = ${f.category}::uuid`);
  const res = (await database.db.execute(sql`select count(*)::int as n from ads where ${sql.join(where, sql` and `)}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return res.rows[0]!.n;
}

async function main() {
  const database = await openDatabase({ databaseUrl, dataDir: dataDir! });
  await database.migrate();
  const t0 = performance.now();
  const { users } = await seedDemo(database.db, { jobs: 0 });
  // Pictures for the newest ads only: enough for the first screens, quick to draw.
  await seedAds(database.db, diskStorage(path.join(dataDir!, 'uploads')), { ads: Number(ads), pictures: 48, userIds: users.map((u) => u.id) });
  const seedSeconds = (performance.now() - t0) / 1000;
  const categories = (await database.db.execute(sql`select id, slug from ad_categories`)) as unknown as { rows: Array<{ id: string; slug: string }> };

  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789', DATA_DIR: dataDir },
    { host: '127.0.0.1', port: 0 },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const version = database.pool
    ? (await database.pool.query('show server_version')).rows[0].server_version
    : (await database.pglite!.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;

  process.on('message', async (msg: { id: number; type: string; filters?: AdBenchFilters; connections?: number; seconds?: number }) => {
    if (msg.type === 'close') {
      await app.close();
      await database.close();
      process.send!({ id: msg.id, result: true }, () => process.exit(0));
      return;
    }
    const task = directPage(database, msg.filters!);
    if (msg.type === 'warm') {
      for (let i = 0; i < 50; i++) await task();
      process.send!({ id: msg.id, result: true });
    } else if (msg.type === 'count') {
      process.send!({ id: msg.id, result: await countMatches(database, msg.filters!) });
    } else if (msg.type === 'direct') {
      process.send!({ id: msg.id, result: await loadDirect(task, { connections: msg.connections!, seconds: msg.seconds! }) });
    }
  });
  process.send!({
    ready: typeof address === 'object' && address ? address.port : 0,
    seedSeconds,
    version,
    categories: Object.fromEntries(categories.rows.map((c) => [c.slug, c.id])),
    webBuilt: !!config.webDist,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
