/**
 * npm run bench:search — the ranked job search of issue 46 (decision 0072): quality and speed.
 *
 * On a fresh embedded database (PGlite, --size jobs, default 100,000) and on the PostgreSQL server
 * (a fresh database, --pg-size jobs, default 1,000,000, dropped afterwards), both filled by the
 * seed's bulk generators (seedDemo), through the real app (buildApp, app.inject: routing, schemas,
 * the service) it prints:
 *  - quality: the judged query set (bench/search-queries/queries.tsv) asked with sort=relevance,
 *    recall@10 and nDCG@10 per language and per kind of query, overall, and the queries under 0.9;
 *  - latency: each case's first page p95 through the app beside the same statements run directly
 *    through the driver (the search's analysis, the ranked page and its count, as searchJobs runs
 *    them), their ratio, and today's newest-first figures for the same words; "jobs for you" (a seeker
 *    with a driver's resume: /api/jobs/for-you and /api/jobs?sort=foryou) the same way. With both databases,
 *    PGlite p95 / server p95. It prints figures and ratios only; nothing passes or fails.
 *
 * A job's relevance to a query is judged by its seeded title (the level, "Senior ", "Lead ", …,
 * left off): with thousands of jobs per title, recall@10 is the share of the first ten that a
 * person would expect (of at most ten that exist), nDCG@10 uses gains 2^grade - 1 against the
 * ideal order the data set allows.
 *
 * Options: --size N (PGlite), --pg-size N (server), --only pg|pglite, --requests N (100),
 * --pg URL (an existing database, seeded up to --pg-size if smaller; never dropped).
 * Environment: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { JobPage } from '@caribconnect/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/seed';
import { LEVELS } from '../apps/server/src/db/seed/data';
import type { JobFilters, RunSql } from '../apps/server/src/lib/job-list-query';
import { analyzeJobsQuery, rankedCountSql, rankedJobsSql } from '../apps/server/src/lib/search/jobs';
import { JOBS_TOTAL_CAP } from '@caribconnect/shared';
import { jobsList } from './lib/direct-lists';
import { createSessionUsers } from './lib/direct-users';
import { jobsForYou } from '../apps/server/src/lib/search/for-you';
import { p95, sequentialTimes } from './lib/measure';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string' },
    'pg-size': { type: 'string' },
    only: { type: 'string' },
    requests: { type: 'string' },
    pg: { type: 'string' },
  },
});
const PGLITE_JOBS = Number(args.size ?? 100_000);
const PG_JOBS = Number(args['pg-size'] ?? 1_000_000);
const REQUESTS = Number(args.requests ?? 100);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...line: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...line);
const dialect = new PgDialect();

interface Judged {
  lang: string;
  kind: string;
  query: string;
  grades: Map<string, number>;
}

/** The judged query set: language, kind, query, "Title=grade; …" (bench/search-queries/README.md). */
export function readQueries(): Judged[] {
  const text = readFileSync(new URL('./search-queries/queries.tsv', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('lang\t'))
    .map((l) => {
      const [lang, kind, query, expected] = l.split('\t');
      const grades = new Map(
        expected!.split(';').map((p) => {
          const [title, grade] = p.trim().split('=');
          return [title!.trim(), Number(grade)] as const;
        }),
      );
      return { lang: lang!, kind: kind!, query: query!, grades };
    });
}

const LEVEL_PREFIX = new RegExp(
  `^(${LEVELS.filter(Boolean)
    .map((l) => l.trim())
    .join('|')}) `,
);
const baseTitle = (title: string) => title.replace(LEVEL_PREFIX, '');

/** recall@10 and nDCG@10 of one query's first ten titles, given how many open jobs the data set has of each title. */
export function judge(titles: string[], grades: Map<string, number>, available: Map<string, number>) {
  const gain = (g: number) => 2 ** g - 1;
  const got = titles.slice(0, 10).map((t) => grades.get(baseTitle(t)) ?? 0);
  const dcg = got.reduce((s, g, i) => s + gain(g) / Math.log2(i + 2), 0);
  // The ideal first ten: the best graded jobs that exist, as many of each as the data set holds.
  const ideal: number[] = [];
  for (const [title, g] of [...grades].sort((a, b) => b[1] - a[1])) {
    for (let k = 0; k < (available.get(title) ?? 0) && ideal.length < 10; k++) ideal.push(g);
  }
  const idcg = ideal.reduce((s, g, i) => s + gain(g) / Math.log2(i + 2), 0);
  const relevant = ideal.length;
  return { recall: relevant ? got.filter((g) => g > 0).length / relevant : 1, ndcg: idcg ? dcg / idcg : 1 };
}

const timed = (run: () => Promise<unknown>) => sequentialTimes(run, { warmup: 5, requests: REQUESTS });

const executor = (database: Database) =>
  database.pglite
    ? (text: string, params: unknown[]) => database.pglite!.query(text, params).then((r) => r.rows)
    : (text: string, params: unknown[]) => database.pool!.query(text, params).then((r) => r.rows);

/** searchJobs' statements for a first page, run straight through the driver (the query's analysis, the page, its count). */
function directRanked(database: Database, title: string) {
  const exec = executor(database);
  const run: RunSql = (q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return exec(text, params) as never;
  };
  return async () => {
    const now = new Date();
    const filters: JobFilters = { title, after: null, limit: 20 };
    const analyzed = (await analyzeJobsQuery(title, run))!;
    await run(rankedJobsSql(analyzed, filters, now, 0)!);
    await run(rankedCountSql(analyzed, filters, now, JOBS_TOTAL_CAP)!);
  };
}

const LATENCY_WORDS = ['driver', 'nurse', 'assistant', 'senior software developer', 'enfimyè', 'acountant'];

type Row = Record<string, string | number>;

async function measure(label: string, database: Database, jobs: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-search-app-'));
  const config = loadConfig(
    { NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
    { dataDir, queueClock: false },
  );
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const get = async (url: string) => {
      const r = await app.inject({ method: 'GET', url });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json() as JobPage;
    };
    // Quality.
    const counts = (await database.db.execute(sql`select title, count(*)::int as n from jobs where expires_at > now() group by title`)) as unknown as {
      rows: Array<{ title: string; n: number }>;
    };
    const available = new Map<string, number>();
    for (const r of counts.rows) available.set(baseTitle(r.title), (available.get(baseTitle(r.title)) ?? 0) + r.n);
    const scored: Array<Judged & { recall: number; ndcg: number; top: string[] }> = [];
    for (const q of readQueries()) {
      const page = await get(`/api/jobs?sort=relevance&limit=10&title=${encodeURIComponent(q.query)}`);
      const top = page.items.map((i) => i.title);
      scored.push({ ...q, ...judge(top, q.grades, available), top });
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
    const group = (key: (s: (typeof scored)[number]) => string) => {
      const out: Row[] = [];
      for (const k of [...new Set(scored.map(key))]) {
        const of = scored.filter((s) => key(s) === k);
        out.push({ group: k, queries: of.length, 'recall@10': mean(of.map((s) => s.recall)).toFixed(3), 'nDCG@10': mean(of.map((s) => s.ndcg)).toFixed(3) });
      }
      return out;
    };
    console.log(`\n## ${label}: ${jobs.toLocaleString('en')} jobs — quality (judged query set, ${scored.length} queries)`);
    console.table([
      ...group((s) => s.lang),
      {
        group: 'overall',
        queries: scored.length,
        'recall@10': mean(scored.map((s) => s.recall)).toFixed(3),
        'nDCG@10': mean(scored.map((s) => s.ndcg)).toFixed(3),
      },
    ]);
    console.table(group((s) => s.kind));
    const weak = scored.filter((s) => s.recall < 0.9);
    if (weak.length) {
      console.log('Queries with recall@10 under 0.9:');
      for (const s of weak)
        console.log(`  ${s.lang} "${s.query}": recall ${s.recall.toFixed(2)}, nDCG ${s.ndcg.toFixed(2)} — ${s.top.slice(0, 5).join(' | ')}`);
    }
    // Latency.
    const rows: Row[] = [];
    for (const words of LATENCY_WORDS) {
      const q = encodeURIComponent(words);
      const ranked = await timed(() => get(`/api/jobs?sort=relevance&title=${q}`));
      const direct = await timed(directRanked(database, words));
      const newest = await timed(() => get(`/api/jobs?title=${q}`));
      const newestDirect = await timed(jobsList.page(database, { title: words }, 20));
      rows.push({
        query: words,
        'ranked app p95': p95(ranked).toFixed(1),
        'ranked SQL p95': p95(direct).toFixed(1),
        'app/SQL': (p95(ranked) / p95(direct)).toFixed(2),
        'newest app p95': p95(newest).toFixed(1),
        'newest SQL p95': p95(newestDirect).toFixed(1),
      });
      log(`${label}: ${words} measured`);
    }
    const first = await timed(() => get('/api/jobs'));
    rows.push({ query: '(none: newest first)', 'newest app p95': p95(first).toFixed(1) });
    try {
      // Jobs for you: a seeker with a resume (a driver), through the app with a session, beside its statements run directly.
      const [seeker] = await createSessionUsers(database, 1, config.authSecret, 'benchsearch');
      await database.db.execute(sql`insert into resumes (user_id, full_name, skills, experience)
        values (${seeker!.id}, 'Bench Seeker', '{"Customer service","Forklift","Driving"}', ${JSON.stringify([{ title: 'Delivery Driver' }, { title: 'Chofè' }])}::jsonb)`);
      const getAs = async (url: string) => {
        const r = await app.inject({ method: 'GET', url, headers: { cookie: seeker!.cookie } });
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
        return r.json() as JobPage;
      };
      const forYou = await timed(() => getAs('/api/jobs/for-you?limit=20'));
      const forYouDirect = await timed(() => jobsForYou(database.db, seeker!.id, { limit: 20, now: new Date(), toSummary: (row) => row as never }));
      const forYouSort = await timed(() => getAs('/api/jobs?sort=foryou'));
      rows.push({
        query: '(jobs for you: /api/jobs/for-you; /api/jobs?sort=foryou)',
        'ranked app p95': `${p95(forYou).toFixed(1)}; ${p95(forYouSort).toFixed(1)}`,
        'ranked SQL p95': p95(forYouDirect).toFixed(1),
        'app/SQL': (p95(forYou) / p95(forYouDirect)).toFixed(2),
      });
    } catch (e) {
      log(`${label}: jobs for you not measured: ${(e as Error).message}`);
    }
    console.log(`\n## ${label}: ${jobs.toLocaleString('en')} jobs — first page latency, ms (${REQUESTS} requests one at a time)`);
    console.table(rows);
    return rows;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPglite() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-search-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    log(`PGlite: seeding ${PGLITE_JOBS} jobs`);
    await seedDemo(database.db, { jobs: PGLITE_JOBS, log: (l) => log(`PGlite: ${l}`) });
    return await measure('PGlite', database, PGLITE_JOBS);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onServer() {
  const name = `bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const url = new URL(args.pg ?? PG_URL);
  if (!args.pg) {
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
  }
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  try {
    await database.migrate();
    const present = (await database.db.execute(sql`select count(*)::int as n from jobs`)) as unknown as { rows: Array<{ n: number }> };
    if (present.rows[0]!.n < PG_JOBS) {
      log(`server: seeding ${PG_JOBS} jobs`);
      await seedDemo(database.db, { jobs: PG_JOBS, workers: 2, log: (l) => log(`server: ${l}`) });
    }
    return await measure('PostgreSQL server', database, PG_JOBS);
  } finally {
    await database.close();
    if (!args.pg) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const lite = args.only === 'pg' ? null : await onPglite();
const server = args.only === 'pglite' ? null : await onServer();
if (lite && server) {
  console.log(`\n## PGlite (${PGLITE_JOBS.toLocaleString('en')} jobs) p95 / server (${PG_JOBS.toLocaleString('en')} jobs) p95, ranked first page`);
  console.table(
    lite
      .filter((r) => r['ranked app p95'])
      .map((r, i) => ({ query: r.query, ratio: (Number(r['ranked app p95']) / Number(server[i]!['ranked app p95'])).toFixed(2) })),
  );
}
