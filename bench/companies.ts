// npm run bench:companies — the company directory and a company's page on the PostgreSQL server
// (issue 44): the first page's p95 through the real app (buildApp, app.inject: routing, schemas, the
// service's statements) beside the same SQL run directly, printed with their ratio. Target: first page
// p95 ≤ 50 ms. The "same SQL" is exactly what the app sent: every statement of each measured request
// is recorded from the pool (text and parameters) and replayed, in order, on a plain pg client.
// `npm run bench:companies -- --full`: the issue's size, 10,000 companies and 1,000,000 jobs (seeded in
// bulk SQL with the jobs' secondary indexes built once at the end: a few minutes).
// Options: BENCH_COMPANIES (2000), BENCH_JOBS (100000) unless --full, BENCH_REQUESTS (200),
// BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { withIndexesDeferred } from '../apps/server/src/db/seed/bulk';
import { p95, sequentialTimes } from './lib/measure';

const FULL = process.argv.includes('--full');
const COMPANIES = FULL ? 10_000 : Number(process.env.BENCH_COMPANIES ?? 2_000);
const JOBS = FULL ? 1_000_000 : Number(process.env.BENCH_JOBS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const COUNTRIES = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Guyana', 'Saint Lucia', 'Grenada', 'Belize', 'Haiti', 'Dominican Republic'];
const CATEGORIES = ['Hospitality', 'Healthcare', 'Education', 'Finance', 'Construction', 'Technology'];

/**
 * Owners, companies, members, slugs and jobs written in bulk SQL (generate_series; the seeding is not
 * what is measured). The jobs' secondary indexes are dropped while the rows go in and built again
 * from their own definitions at the end (one sort each, two at a time), as the bulk seed does:
 * maintaining seven trigram GIN indexes row by row made 20,000 jobs take 30 s, a million hours.
 */
async function seed(client: pg.Client, database: Database) {
  const countries = `array[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`;
  const categories = `array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  log(`seeding ${COMPANIES} companies`);
  await client.query(`insert into users (id, name, email, email_verified, created_at, updated_at)
    select 'bench-owner-' || n, 'Owner ' || n, 'owner-' || n || '@bench.example', true, now(), now() from generate_series(1, ${COMPANIES}) n`);
  await client.query(`insert into profiles (id, full_name, role, email) select 'bench-owner-' || n, 'Owner ' || n, 'employer', 'owner-' || n || '@bench.example'
    from generate_series(1, ${COMPANIES}) n`);
  await client.query(`insert into companies (id, name, slug, country, industry, created_at)
    select md5('company' || n)::uuid, 'Company ' || n || ' ' || (${categories})[1 + n % ${CATEGORIES.length}], 'company-' || n,
      (${countries})[1 + n % ${COUNTRIES.length}], (${categories})[1 + n % ${CATEGORIES.length}], now() - (n || ' minutes')::interval
    from generate_series(1, ${COMPANIES}) n`);
  await client.query(`insert into company_slugs (slug, company_id) select 'company-' || n, md5('company' || n)::uuid from generate_series(1, ${COMPANIES}) n`);
  await client.query(
    `insert into company_members (user_id, company_id, role) select 'bench-owner-' || n, md5('company' || n)::uuid, 'owner' from generate_series(1, ${COMPANIES}) n`,
  );
  log(`seeding ${JOBS} jobs`);
  // The per-statement triggers are off while seeding (one recount at the end instead).
  await client.query(`set session_replication_role = replica`);
  const batch = 100_000;
  const started = Date.now();
  await withIndexesDeferred(
    database.db,
    'jobs',
    true,
    async () => {
      for (let from = 0; from < JOBS; from += batch) {
        // Skewed: a few companies hold many jobs, as in a region.
        await client.query(`insert into jobs (user_id, company_id, title, company, country, category, description, created_at, expires_at)
      select 'bench-owner-' || c, md5('company' || c)::uuid, 'Job ' || n, 'Company ' || c, (${countries})[1 + n % ${COUNTRIES.length}],
        (${categories})[1 + n % ${CATEGORIES.length}], 'A job.', now() - ((${JOBS} - n) || ' seconds')::interval,
        now() + (((n % 60) - 20) || ' days')::interval
      from (select n, 1 + floor(power(random(), 3) * ${COMPANIES})::int as c from generate_series(${from + 1}, ${Math.min(JOBS, from + batch)}) n) g`);
        log(`jobs: ${Math.min(JOBS, from + batch)}`);
      }
    },
    { workers: 2, log },
  );
  log(`jobs seeded and indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await client.query(`set session_replication_role = origin`);
  await client.query(`update companies c set open_jobs = company_open_jobs(c.id)`);
  await client.query('analyze');
}

const timed = (run: () => Promise<unknown>) => sequentialTimes(run, { warmup: 10, requests: REQUESTS });

async function main() {
  const name = `bench_companies_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-companies-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  const direct = new pg.Client({ connectionString: url.toString() });
  try {
    await database.migrate();
    await direct.connect();
    await seed(direct, database);
    const config = loadConfig(
      { NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
      { dataDir, queueClock: false },
    );
    const app = await buildApp({ config, database });
    await app.ready();
    const get = (u: string) =>
      app.inject({ method: 'GET', url: u }).then((r) => {
        if (r.statusCode !== 200) throw new Error(`${u}: ${r.statusCode} ${r.body}`);
      });
    const slugs = Array.from({ length: REQUESTS + 10 }, (_, i) => `company-${1 + ((i * 7919) % COMPANIES)}`);
    let k = 0;
    // Every statement the app sends through its pool while `recording` is set (a request's group).
    const pool = database.pool!;
    const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    let recording: unknown[][] | null = null;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      recording?.push(args);
      return poolQuery(...args);
    };
    const replay = (args: unknown[]) => (direct.query as (...a: unknown[]) => Promise<unknown>)(...args);
    const rows: Record<string, string>[] = [];
    const measure = async (label: string, viaApp: () => Promise<unknown>) => {
      const groups: unknown[][][] = [];
      const appMs = await timed(async () => {
        const group: unknown[][] = [];
        recording = group;
        try {
          await viaApp();
        } finally {
          recording = null;
        }
        groups.push(group);
      });
      let i = 0;
      const sqlMs = await timed(async () => {
        for (const args of groups[i++ % groups.length]!) await replay(args);
      });
      rows.push({
        page: label,
        statements: String(groups.at(-1)!.length),
        'app p95 ms': p95(appMs).toFixed(1),
        'SQL p95 ms': p95(sqlMs).toFixed(1),
        ratio: (p95(appMs) / p95(sqlMs)).toFixed(2),
      });
      // BENCH_EXPLAIN=1: the plan of the request's last (main) statement, to find a slow one.
      if (process.env.BENCH_EXPLAIN) {
        const [q, params] = groups.at(-1)!.at(-1)! as [string | { text: string; values?: unknown[] }, unknown[]?];
        const text = typeof q === 'string' ? q : q.text;
        const values = (typeof q === 'string' ? undefined : q.values) ?? params;
        const plan = await direct.query(`explain (analyze, buffers) ${text}`, values as unknown[]);
        console.log(`\n${label}:\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
      }
    };
    await measure('/api/companies', () => get('/api/companies'));
    await measure('/api/companies?country=Jamaica', () => get('/api/companies?country=Jamaica'));
    await measure('/api/companies?q=company 12', () => get('/api/companies?q=company%2012'));
    await measure('/api/companies/{slug}', () => get(`/api/companies/${slugs[k++ % slugs.length]}`));
    await measure('/api/companies/{slug}/jobs', () => get(`/api/companies/${slugs[k++ % slugs.length]}/jobs`));
    // The company with the most jobs (a skewed region has one, ~5% of all jobs): its first page.
    await measure('/api/companies/company-1/jobs', () => get('/api/companies/company-1/jobs'));
    log(`${COMPANIES} companies, ${JOBS} jobs, ${REQUESTS} requests a page`);
    console.table(rows);
    await app.close();
  } finally {
    await direct.end().catch(() => {});
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
