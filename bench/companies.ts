// npm run bench:companies — the company directory and a company's page with 10,000 companies and
// 1,000,000 jobs on the PostgreSQL server (issue 44): the first page's p95 through the real app
// (buildApp, app.inject: routing, schemas, the service's statements) beside the same SQL run directly,
// printed with their ratio. Target: first page p95 ≤ 50 ms.
// Options: BENCH_COMPANIES (10000), BENCH_JOBS (1000000), BENCH_REQUESTS (200),
// BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { p95, sequentialTimes } from './lib/measure';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const COUNTRIES = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Guyana', 'Saint Lucia', 'Grenada', 'Belize', 'Haiti', 'Dominican Republic'];
const CATEGORIES = ['Hospitality', 'Healthcare', 'Education', 'Finance', 'Construction', 'Technology'];

/** Owners, companies, members, slugs and jobs written in SQL (the seeding is not what is measured). */
async function seed(client: pg.Client) {
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
  for (let from = 0; from < JOBS; from += batch) {
    // Skewed: a few companies hold many jobs, as in a region.
    await client.query(`insert into jobs (user_id, company_id, title, company, country, category, description, created_at, expires_at)
      select 'bench-owner-' || c, md5('company' || c)::uuid, 'Job ' || n, 'Company ' || c, (${countries})[1 + n % ${COUNTRIES.length}],
        (${categories})[1 + n % ${CATEGORIES.length}], 'A job.', now() - ((${JOBS} - n) || ' seconds')::interval,
        now() + (((n % 60) - 20) || ' days')::interval
      from (select n, 1 + floor(power(random(), 3) * ${COMPANIES})::int as c from generate_series(${from + 1}, ${Math.min(JOBS, from + batch)}) n) g`);
    log(`jobs: ${Math.min(JOBS, from + batch)}`);
  }
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
    await seed(direct);
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
    const rows: Record<string, string>[] = [];
    const measure = async (label: string, viaApp: () => Promise<unknown>, sqlText: () => [string, unknown[]]) => {
      const appMs = await timed(viaApp);
      const sqlMs = await timed(() => direct.query(...sqlText()));
      rows.push({ page: label, 'app p95 ms': p95(appMs).toFixed(1), 'SQL p95 ms': p95(sqlMs).toFixed(1), ratio: (p95(appMs) / p95(sqlMs)).toFixed(2) });
    };
    const DIRECTORY = `select c.id, c.slug, c.name, c.country, c.industry, c.logo_url, c.verified_at is not null, c.open_jobs, c.name_fold
      from companies c where c.suspended_at is null order by c.open_jobs desc, c.name_fold, c.id limit 21`;
    await measure(
      '/api/companies',
      () => get('/api/companies'),
      () => [DIRECTORY, []],
    );
    await measure(
      '/api/companies?country=Jamaica',
      () => get('/api/companies?country=Jamaica'),
      () => [
        `select c.id, c.slug, c.name, c.open_jobs from companies c where c.suspended_at is null and c.country = $1 order by c.open_jobs desc, c.name_fold, c.id limit 21`,
        ['Jamaica'],
      ],
    );
    await measure(
      '/api/companies?q=company 12',
      () => get('/api/companies?q=company%2012'),
      () => [
        `select c.id, c.slug, c.name, c.open_jobs from companies c where c.suspended_at is null and c.name_fold like '%company%' and c.name_fold like '%12%' order by c.open_jobs desc, c.name_fold, c.id limit 21`,
        [],
      ],
    );
    await measure(
      '/api/companies/{slug}',
      () => get(`/api/companies/${slugs[k++ % slugs.length]}`),
      () => [`select c.* from company_slugs s join companies c on c.id = s.company_id where s.slug = $1`, [slugs[k++ % slugs.length]]],
    );
    await measure(
      '/api/companies/{slug}/jobs',
      () => get(`/api/companies/${slugs[k++ % slugs.length]}/jobs`),
      () => [
        `select j.id, j.title, j.country, j.created_at from jobs j where j.company_id = (select company_id from company_slugs where slug = $1)
          and j.paid and j.expires_at > now() order by j.created_at desc, j.id desc limit 21`,
        [slugs[k++ % slugs.length]],
      ],
    );
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
