// npm run bench:alerts — one alert run over 10,000 due alerts and 100,000 jobs, 1,000 of them posted
// since the last run, on the embedded database (PGlite) and, when reachable, PostgreSQL.
// The real app (buildApp) on a fresh database: the hourly pass (runAlerts) writes the queue jobs, the
// app's workers match each alert with the jobs list's own query and write its email job (the run
// ends there: sending the emails is the mail queue's work, at its SMTP server's pace). Prints the
// run's time, the statements the app ran and the rows PostgreSQL read (pg_stat_user_tables), the
// emails written, and the event loop's delay during the run (max and p99: the run must not hold it).
// Options: BENCH_ALERTS (10000), BENCH_JOBS (100000), BENCH_NEW_JOBS (1000),
// BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; "off" skips it), BENCH_PGLITE ("off" skips it).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/lib/keyset';
import { observeQueries } from '../apps/server/src/lib/query-timing';
import { runAlerts } from '../apps/server/src/modules/alerts/run';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const NEW_JOBS = Number(process.env.BENCH_NEW_JOBS ?? 1000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const WORDS = [
  'chef',
  'nurse',
  'driver',
  'teacher',
  'cashier',
  'accountant',
  'guard',
  'clerk',
  'bartender',
  'mechanic',
  'welder',
  'cook',
  'agent',
  'manager',
  'developer',
];
const COUNTRIES = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Guyana', 'Saint Lucia', 'Grenada', 'Belize', 'Dominica', 'Antigua and Barbuda'];
const CATEGORIES = ['Hospitality', 'Healthcare', 'Education', 'Finance', 'Construction', 'Technology'];

/** Jobs and alerts written in bulk, in SQL: the seeding is not what is measured. */
async function seed(database: Database, now: Date) {
  const db = database.db;
  const owner = `bench-${randomBytes(4).toString('hex')}`;
  await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
    values (${owner}, 'Bench Employer', ${`${owner}@example.com`}, true, now(), now())`);
  await db.execute(sql`insert into profiles (id, email, full_name, role) values (${owner}, ${`${owner}@example.com`}, 'Bench Employer', 'employer')`);
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const countries = `array[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`;
  const categories = `array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  const last = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  // Old jobs: over the 60 days before the last run. New ones: between the last run and now.
  for (const [count, from, span] of [
    [JOBS - NEW_JOBS, last.getTime() - 60 * 86_400_000, 60 * 86_400_000],
    [NEW_JOBS, last.getTime() + 1000, now.getTime() - last.getTime() - 2000],
  ] as const) {
    for (let start = 0; start < count; start += 20_000) {
      const n = Math.min(20_000, count - start);
      await db.execute(
        sql.raw(`insert into jobs (user_id, title, description, company, category, country, salary, created_at)
        select '${owner}', initcap((${words})[1 + (i * 7) % ${WORDS.length}]) || ' ' || (i % 97), 'A job.', 'Company ' || (i % 50),
          (${categories})[1 + i % ${CATEGORIES.length}], (${countries})[1 + (i * 3) % ${COUNTRIES.length}],
          case when i % 3 = 0 then 'USD ' || (1000 + i % 900) else '' end,
          to_timestamp(${from / 1000} + random() * ${span / 1000})
        from generate_series(${start}, ${start + n - 1}) i`),
      );
    }
  }
  // Alerts as people make them: a word, a country, a category, or two of those; a few with none.
  await db.execute(
    sql.raw(`insert into job_alerts (email, name, filters, frequency, confirmed_at, last_sent_at, next_due_at, created_at)
    select 'alert' || i || '@example.com', 'Alert ' || i,
      case i % 5
        when 0 then jsonb_build_object('title', (${words})[1 + i % ${WORDS.length}])
        when 1 then jsonb_build_object('country', (${countries})[1 + i % ${COUNTRIES.length}])
        when 2 then jsonb_build_object('title', (${words})[1 + i % ${WORDS.length}], 'country', (${countries})[1 + (i / 5) % ${COUNTRIES.length}])
        when 3 then jsonb_build_object('category', (${categories})[1 + i % ${CATEGORIES.length}], 'country', (${countries})[1 + (i / 5) % ${COUNTRIES.length}])
        else case when i % 50 = 4 then '{}'::jsonb else jsonb_build_object('title', (${words})[1 + i % ${WORDS.length}], 'category', (${categories})[1 + i % ${CATEGORIES.length}]) end
      end,
      'daily', '${last.toISOString()}', '${last.toISOString()}', '${new Date(now.getTime() - 60_000).toISOString()}', '${last.toISOString()}'
    from generate_series(1, ${ALERTS}) i`),
  );
  await db.execute(sql`analyze jobs`);
  await db.execute(sql`analyze job_alerts`);
}

async function tableReads(database: Database): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(
    database.db.execute(
      sql`select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)::bigint as n from pg_stat_user_tables where relname in ('jobs', 'job_alerts', 'users', 'profiles')`,
    ),
  );
  return Number(row?.n ?? 0);
}

async function measure(label: string, database: Database, dataDir: string) {
  const now = new Date();
  log(`${label}: seeding ${JOBS} jobs and ${ALERTS} alerts`);
  await seed(database, now);
  const config = loadConfig(
    { NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
    { dataDir, queueTimings: { pollingIntervalSeconds: 0.5 }, queueClock: false },
  );
  const app = await buildApp({ config, database });
  await app.ready();
  let statements = 0;
  const stop = observeQueries(database, () => statements++);
  // Stats are flushed at the end of a transaction; a pause lets the seeding's reach the views.
  await new Promise((r) => setTimeout(r, 1200));
  const readsBefore = await tableReads(database);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const dispatched = await runAlerts(app, now);
  const dispatchMs = performance.now() - started;
  await app.queue.start();
  // The run is over when every alert's matching is done and its email job written; sending the
  // emails is the mail queue's own work (its SMTP server's pace), not measured here.
  for (;;) {
    const [left] = await rowsOf<{ n: number }>(
      database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name in ('alerts-run', 'alerts-send') and state in ('created', 'retry', 'active')`,
      ),
    );
    if (!left?.n) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const totalMs = performance.now() - started;
  loop.disable();
  stop();
  await new Promise((r) => setTimeout(r, 1200));
  const rowsRead = (await tableReads(database)) - readsBefore;
  const [written] = await rowsOf<{ n: number }>(database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email'`));
  const [sent] = await rowsOf<{ emails: number; alerts: number }>(
    database.db.execute(
      sql`select count(*) filter (where last_sent_count > 0)::int as emails, count(*) filter (where last_sent_at = ${now.toISOString()}::timestamptz)::int as alerts from job_alerts`,
    ),
  );
  await app.close();
  return {
    database: label,
    alerts: ALERTS,
    jobs: JOBS,
    newJobs: NEW_JOBS,
    'queue jobs': dispatched.jobs,
    'dispatch ms': Math.round(dispatchMs),
    'run s': (totalMs / 1000).toFixed(1),
    'alerts done': sent?.alerts ?? 0,
    emails: sent?.emails ?? 0,
    'email jobs': written?.n ?? 0,
    statements,
    'statements/alert': (statements / ALERTS).toFixed(1),
    'rows read': rowsRead,
    'rows read/alert': (rowsRead / ALERTS).toFixed(0),
    'loop max ms': (loop.max / 1e6).toFixed(1),
    'loop p99 ms': (loop.percentile(99) / 1e6).toFixed(1),
  };
}

async function main() {
  const results = [];
  if (process.env.BENCH_PGLITE !== 'off') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-alerts-'));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    try {
      results.push(await measure('PGlite', database, dataDir));
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (PG_URL !== 'off') {
    const name = `bench_alerts_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    const reachable = await admin.connect().then(
      () => true,
      () => false,
    );
    if (reachable) {
      await admin.query(`create database ${name}`);
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-alerts-'));
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
      try {
        await database.migrate();
        results.push(await measure('PostgreSQL', database, dataDir));
      } finally {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        await rm(dataDir, { recursive: true, force: true });
      }
    } else log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
  }
  console.table(results);
  console.log(
    `load average during the run: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
}

void main();
