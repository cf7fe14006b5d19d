/**
 * The benchmarked server, in its own process so the load generator does not share its event loop.
 * It also runs the "direct" measurements: PGlite lives inside this process, so the driver-level loop
 * must run here too, and doing the same on PostgreSQL keeps both sides alike.
 * Messages in: { id, type: 'warm' | 'direct' | 'total' | 'count' | 'close', ... }; out: { id, result } or { ready }.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/db/seed/seed';
import { decodeCursor } from '../../apps/server/src/lib/keyset';
import { countriesMatching } from '../../apps/server/src/modules/jobs/country-match';
import { JOBS_TOTAL_CAP } from '@caribconnect/shared';
import { containsPattern, dateCutoff, jobCountQuery, jobListPlan, pageIsFinal, type JobListRow } from '../../apps/server/src/modules/jobs/list-query';
import { loadDirect } from './measure';
import type { BenchFilters } from './filters';

const { BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: databaseUrl, BENCH_JOBS: jobs = '100000', BENCH_LIMIT: limit = '20' } = process.env;
const LIMIT = Number(limit);

const dialect = new PgDialect();
const executor = (database: Database) =>
  database.pglite
    ? (text: string, params: unknown[]) => database.pglite!.query<JobListRow>(text, params).then((r) => r.rows)
    : (text: string, params: unknown[]) => database.pool!.query<JobListRow>(text, params).then((r) => r.rows);

/** The first page's count of matches (capped), as the service runs it; null on later pages, which carry none. */
function countStatement(filters: BenchFilters) {
  if (filters.cursor) return null;
  const query = jobCountQuery(filters, new Date(), JOBS_TOTAL_CAP);
  return query && dialect.sqlToQuery(query);
}

/** One page's statements straight through the driver, exactly as the service runs them (the count included). */
function directPage(database: Database, filters: BenchFilters) {
  const plan = jobListPlan({ ...filters, after: decodeCursor(filters.cursor), limit: LIMIT }, new Date()).map((q) => dialect.sqlToQuery(q));
  const count = countStatement(filters);
  const exec = executor(database);
  return async () => {
    for (const step of plan) if (pageIsFinal(await exec(step.sql, step.params), LIMIT)) break;
    if (count) await exec(count.sql, count.params);
  };
}

/** The count statement alone: what saying "N jobs" adds to a first page. */
function directCount(database: Database, filters: BenchFilters) {
  const count = countStatement(filters);
  const exec = executor(database);
  return async () => {
    if (count) await exec(count.sql, count.params);
  };
}

async function countMatches(database: Database, f: BenchFilters): Promise<number> {
  const where = [sql`true`];
  if (f.title) where.push(sql`title_lc like lower(${containsPattern(f.title)})`);
  if (f.country)
    where.push(
      sql`country in (${sql.join(
        [...countriesMatching(f.country), ''].map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  if (f.category) where.push(sql`lower(category) = lower(${f.category})`);
  if (f.date) where.push(sql`created_at >= ${dateCutoff(f.date, new Date()).toISOString()}::timestamptz`);
  const res = (await database.db.execute(sql`select count(*)::int as n from jobs where ${sql.join(where, sql` and `)}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return res.rows[0]!.n;
}

async function main() {
  const database = await openDatabase({ databaseUrl, dataDir: dataDir! });
  await database.migrate();
  const t0 = performance.now();
  await seedDemo(database.db, { jobs: Number(jobs) });
  const seedSeconds = (performance.now() - t0) / 1000;

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

  process.on('message', async (msg: { id: number; type: string; filters?: BenchFilters; connections?: number; seconds?: number }) => {
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
    } else if (msg.type === 'total') {
      const total = directCount(database, msg.filters!);
      process.send!({ id: msg.id, result: await loadDirect(total, { connections: msg.connections!, seconds: msg.seconds! }) });
    }
  });
  process.send!({ ready: typeof address === 'object' && address ? address.port : 0, seedSeconds, version });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
