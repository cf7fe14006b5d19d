/**
 * npm run bench:search — the ranked job search of issue 46 (decision 0072): quality and speed.
 *
 * On an embedded database (PGlite, --size jobs, default 100,000) and on the PostgreSQL server
 * (--pg-size jobs, default 1,000,000), each filled by seedBench: the seed's own generator (seedDemo)
 * writes the first --base jobs (10,000), and copies of them, in bulk SQL, fill up to the size.
 * Through the real app (buildApp, app.inject: routing, schemas, the service) it prints:
 *  - quality: the judged query set (bench/search-queries/queries.tsv) asked with sort=relevance,
 *    recall@10 and nDCG@10 per language and per kind of query, overall, and the queries under 0.9;
 *  - latency: each case's first page p95 through the app beside the same statements replayed
 *    directly (every statement the request sent, recorded from the driver, in order, one after the
 *    other), their ratio, and the newest-first list's p95 for the same words; "jobs for you" (a
 *    seeker with a driver's resume: /api/jobs/for-you and /api/jobs?sort=foryou) the same way. Each
 *    figure is the median of --rounds (5) rounds' p95 of --requests (40) requests, the app, the
 *    replay and the newest-first list alternating round by round so that load drift weighs on all. With both databases, PGlite p95 / server p95. It prints figures and ratios only;
 *    nothing passes or fails. --explain prints each latency query's ranked plan
 *    (EXPLAIN ANALYZE, BUFFERS).
 *
 * A job's relevance to a query is judged by its seeded title (the level, "Senior ", "Lead ", …,
 * left off): with thousands of jobs per title, recall@10 is the share of the first ten that a
 * person would expect (of at most ten that exist), nDCG@10 uses gains 2^grade - 1 against the
 * ideal order the data set allows.
 *
 * Options: --size N (PGlite), --pg-size N (server), --base N (10,000), --only pg|pglite, --requests N (40), --rounds N (5),
 * --pg URL (an existing database, seeded up to --pg-size if smaller; never dropped), --pglite-dir DIR
 * (a PGlite data directory kept between runs, seeded up to --size if smaller), --explain,
 * --no-quality (latency only), --words "a,b c" (the latency queries, comma-separated).
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
import { seconds, withIndexesDeferred } from '../apps/server/src/db/seed/bulk';
import { LEVELS } from '../apps/server/src/db/seed/data';
import type { RunSql } from '../apps/server/src/lib/job-list-query';
import { analyzeJobsQuery, rankedJobsSql } from '../apps/server/src/lib/search/jobs';
import { createSessionUsers } from './lib/direct-users';
import { p95, sequentialTimes } from './lib/measure';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string' },
    'pg-size': { type: 'string' },
    only: { type: 'string' },
    requests: { type: 'string' },
    rounds: { type: 'string' },
    pg: { type: 'string' },
    'pglite-dir': { type: 'string' },
    explain: { type: 'boolean' },
    'no-quality': { type: 'boolean' },
    base: { type: 'string' },
    words: { type: 'string' },
  },
});
const PGLITE_JOBS = Number(args.size ?? 100_000);
const PG_JOBS = Number(args['pg-size'] ?? 1_000_000);
const REQUESTS = Number(args.requests ?? 40);
/** Latency rounds: each case's app, replay and newest-first runs alternate this many times; the median round's p95 is printed. */
const ROUNDS = Number(args.rounds ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
/** Jobs written by the seed's own generator (seedDemo); the rest, up to the size, are copies of them (fillJobs). */
const BASE_JOBS = Number(args.base ?? 10_000);
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

/**
 * Seeds a database for the bench: the first BASE_JOBS jobs by seedDemo (the judged titles, the demo
 * accounts), then copies of them up to `target`, written in bulk SQL. seedDemo computes each job's
 * search document (job_search_doc: four dictionaries over title, company, category, country and
 * description), which is what made 20,000 jobs take 352 s; a copy takes its source's document and
 * title words as they are (the same text gives the same tsvector), so a million jobs are rows and
 * index builds only. Copies keep the seed's mix of titles, categories, countries and descriptions
 * (job n copies base job n mod BASE_JOBS), so "driver" or "nurse" is as common at a million as in
 * the seed; they get their own id and a created_at spread over the seed's 400 days, more of them
 * recent, so the newest matches of a word are a mix of copies and originals. The jobs' triggers are
 * off while copying (session_replication_role = replica): they would recompute what is copied.
 */
async function seedBench(database: Database, target: number, workers: number) {
  const db = database.db;
  const count = async () => ((await db.execute(sql`select count(*)::int as n from jobs`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  let present = await count();
  if (present >= target) return;
  if (present < Math.min(BASE_JOBS, target)) {
    log(`seeding ${Math.min(BASE_JOBS, target)} jobs with seedDemo`);
    await seedDemo(db, { jobs: Math.min(BASE_JOBS, target), workers, log: (l) => log(l) });
    present = await count();
  }
  if (present >= target) return;
  const started = Date.now();
  // The copied columns: every column of jobs but the id, the dates and the generated ones.
  const cols = (
    (await db.execute(sql`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = 'jobs'
      and is_generated = 'NEVER' and column_name not in ('id', 'created_at', 'updated_at', 'expires_at') order by ordinal_position`)) as unknown as {
      rows: Array<{ c: string }>;
    }
  ).rows.map((r) => `"${r.c}"`);
  await db.execute(sql`drop table if exists bench_search_base`);
  await db.execute(sql`create table bench_search_base as select (row_number() over (order by created_at, id) - 1)::int as k, id from jobs`);
  await db.execute(sql`create unique index on bench_search_base (k)`);
  const base = present;
  const copies = target - present;
  const batch = 100_000;
  const now = new Date().toISOString();
  log(`copying ${copies} jobs from ${base}`);
  await withIndexesDeferred(
    db,
    ['jobs', 'job_search_docs', 'job_search_words'],
    true,
    async () => {
      for (let from = 0; from < copies; from += batch) {
        const to = Math.min(copies, from + batch);
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(sql`set local synchronous_commit = off`);
          await tx.execute(sql`create temp table bench_fill on commit drop as
            select md5('bench-search-copy-' || n)::uuid as id, b.id as src,
              ${now}::timestamptz - floor((1 - (n + 0.5) / ${copies}::float8) ^ 2 * 400 * 86400000) * interval '1 millisecond' as created_at,
              ${now}::timestamptz + (10 + n % 60) * interval '1 day' as expires_at
            from generate_series(${from}::int, ${to - 1}::int) n join bench_search_base b on b.k = n % ${base}::int`);
          await tx.execute(
            sql.raw(`insert into jobs (id, ${cols.join(', ')}, created_at, updated_at, expires_at)
              select f.id, ${cols.map((c) => `j.${c}`).join(', ')}, f.created_at, f.created_at, f.expires_at
              from bench_fill f join jobs j on j.id = f.src order by f.created_at`),
          );
          await tx.execute(sql`insert into job_search_docs (job_id, created_at, expires_at, doc)
            select f.id, f.created_at, f.expires_at, d.doc from bench_fill f join job_search_docs d on d.job_id = f.src`);
          await tx.execute(sql`insert into job_search_words (word, created_at, job_id, expires_at)
            select w.word, f.created_at, f.id, f.expires_at from bench_fill f join job_search_words w on w.job_id = f.src`);
        });
        log(`copies: ${to} / ${copies} (${seconds(started)})`);
      }
    },
    { workers, log },
  );
  await db.execute(sql`drop table bench_search_base`);
  // The companies' open-job counts the trigger would have kept.
  await db.execute(sql`update companies c set open_jobs = company_open_jobs(c.id)`);
  await db.execute(sql`vacuum analyze jobs`);
  await db.execute(sql`vacuum analyze job_search_docs`);
  await db.execute(sql`vacuum analyze job_search_words`);
  log(`${target} jobs ready in ${seconds(started)}`);
}

/** --explain: EXPLAIN (ANALYZE, BUFFERS) of each latency query's ranked first page, to find where its time goes. */
async function explainRanked(database: Database, title: string) {
  const exec = executor(database);
  const run: RunSql = (q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return exec(text, params) as never;
  };
  const analyzed = (await analyzeJobsQuery(title, run))!;
  const { sql: text, params } = dialect.sqlToQuery(rankedJobsSql(analyzed, { title, after: null, limit: 20 }, new Date(), 0)!);
  const plan = (await exec(`explain (analyze, buffers) ${text}`, params)) as Array<Record<string, string>>;
  console.log(`\n### ${title}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
}

/**
 * Records every statement the app sends to the database while a request runs (text and parameters,
 * through the pool or PGlite's query), and replays a request's statements, in order, straight to
 * the driver: "the same SQL run directly", including what the app skips (a capped total it remembers).
 */
function statementRecorder(database: Database) {
  type Query = (this: unknown, ...a: unknown[]) => Promise<unknown>;
  // On the server the ranked page runs on a pool of its own (db/client.ts timedDb, its connections
  // carry the page's time budget): every pool's query() is recorded, through their prototype.
  const target = (database.pglite ?? pg.Pool.prototype) as unknown as { query: Query };
  const self = database.pglite ?? database.pool;
  const original = target.query;
  const direct = (...a: unknown[]) => original.apply(self, a);
  let group: unknown[][] | null = null;
  // Statements that only set the session up are the app's cost, not the search's: the replay leaves them out.
  const control = (a: unknown[]) =>
    /^\s*(begin|commit|rollback|set local)\b/i.test(typeof a[0] === 'string' ? a[0] : ((a[0] as { text?: string })?.text ?? ''));
  // A statement is recorded once it has answered: one PostgreSQL cancelled for the page's time
  // budget is not the search's, and replaying it without the budget would measure the slow plan.
  const recorded = (a: unknown[], run: (...x: unknown[]) => unknown): Promise<unknown> => {
    const g = group;
    if (!g || control(a)) return run(...a) as Promise<unknown>;
    const answer = run(...a) as Promise<unknown>;
    answer.then(
      () => g.push(a),
      () => undefined,
    );
    return answer;
  };
  target.query = function (this: unknown, ...a: unknown[]) {
    // pg-pool's query() with a callback (none of the app's) is left as it was.
    if (typeof a[a.length - 1] === 'function') return original.apply(this, a);
    return recorded(a, (...x) => original.apply(this, x));
  };
  const groups: unknown[][][] = [];
  return {
    async record(run: () => Promise<unknown>) {
      const g: unknown[][] = [];
      group = g;
      try {
        await run();
      } finally {
        group = null;
      }
      groups.push(g);
    },
    /** A task replaying the recorded requests' statements in turn; the recordings are then cleared. */
    replayer() {
      const taken = groups.splice(0);
      let i = 0;
      return async () => {
        for (const a of taken[i++ % taken.length]!) await direct(...a);
      };
    },
  };
}

/**
 * The latency cases: common words, a 3-word query, another language, a typo, and two common words
 * that seldom meet in one job ("sales nurse": the planner's estimate of both together is its worst).
 * --words "a,b c" measures others.
 */
const LATENCY_WORDS = args.words
  ? args.words
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean)
  : ['driver', 'nurse', 'assistant', 'senior software developer', 'enfimyè', 'acountant', 'sales nurse'];

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
    for (const q of args['no-quality'] ? [] : readQueries()) {
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
    if (args.explain) for (const words of LATENCY_WORDS) await explainRanked(database, words);
    // Latency: each case's p95 through the app, of the same statements replayed directly, and of the
    // newest-first list, in ROUNDS alternating rounds (app, replay, newest, app, replay, …) so that
    // the machine's load drifting during the run weighs on all of them alike; the median round's p95.
    const recorder = statementRecorder(database);
    const rows: Row[] = [];
    const alternate = async (tasks: Array<() => Promise<number[]>>) => {
      const rounds: number[][] = tasks.map(() => []);
      for (let r = 0; r < ROUNDS; r++) for (const [i, task] of tasks.entries()) rounds[i]!.push(p95(await task()));
      return rounds.map(median);
    };
    for (const words of LATENCY_WORDS) {
      const q = encodeURIComponent(words);
      const [ranked, replayed, newest] = await alternate([
        () => timed(() => recorder.record(() => get(`/api/jobs?sort=relevance&title=${q}`))),
        () => timed(recorder.replayer()),
        () => timed(() => get(`/api/jobs?title=${q}`)),
      ]);
      rows.push({
        query: words,
        'ranked app p95': ranked!.toFixed(1),
        'ranked SQL p95': replayed!.toFixed(1),
        'app/SQL': (ranked! / replayed!).toFixed(2),
        'newest app p95': newest!.toFixed(1),
      });
      log(`${label}: ${words} measured`);
    }
    const [first] = await alternate([() => timed(() => get('/api/jobs'))]);
    rows.push({ query: '(none: newest first)', 'newest app p95': first!.toFixed(1) });
    try {
      // Jobs for you: a seeker with a resume (a driver), through the app with a session, beside its statements replayed.
      const [seeker] = await createSessionUsers(database, 1, config.authSecret, 'benchsearch');
      await database.db.execute(sql`insert into resumes (user_id, full_name, skills, experience)
        values (${seeker!.id}, 'Bench Seeker', '{"Customer service","Forklift","Driving"}', ${JSON.stringify([{ title: 'Delivery Driver' }, { title: 'Chofè' }])}::jsonb)`);
      const getAs = async (url: string) => {
        const r = await app.inject({ method: 'GET', url, headers: { cookie: seeker!.cookie } });
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
        return r.json() as JobPage;
      };
      const [forYou, forYouReplayed, forYouSort] = await alternate([
        () => timed(() => recorder.record(() => getAs('/api/jobs/for-you?limit=20'))),
        () => timed(recorder.replayer()),
        () => timed(() => getAs('/api/jobs?sort=foryou')),
      ]);
      rows.push({
        query: '(jobs for you: /api/jobs/for-you; /api/jobs?sort=foryou)',
        'ranked app p95': `${forYou!.toFixed(1)}; ${forYouSort!.toFixed(1)}`,
        'ranked SQL p95': forYouReplayed!.toFixed(1),
        'app/SQL': (forYou! / forYouReplayed!).toFixed(2),
      });
    } catch (e) {
      log(`${label}: jobs for you not measured: ${(e as Error).message}`);
    }
    console.log(
      `\n## ${label}: ${jobs.toLocaleString('en')} jobs — first page latency, ms (p95 of ${REQUESTS} requests one at a time, median of ${ROUNDS} alternating rounds)`,
    );
    console.table(rows);
    return rows;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPglite() {
  // --pglite-dir: a data directory kept between runs (seeded once, up to --size).
  const dataDir = args['pglite-dir'] ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-search-')));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedBench(database, PGLITE_JOBS, 1);
    return await measure('PGlite', database, PGLITE_JOBS);
  } finally {
    await database.close();
    if (!args['pglite-dir']) await rm(dataDir, { recursive: true, force: true });
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
    await seedBench(database, PG_JOBS, 2);
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
  // The rows of the same query on each side (a row's first figure: jobs for you's cell holds two).
  const ranked = (rows: Row[]) => new Map(rows.filter((r) => r['ranked app p95']).map((r) => [r.query, parseFloat(String(r['ranked app p95']))]));
  const onServer = ranked(server);
  console.table([...ranked(lite)].map(([query, ms]) => ({ query, ratio: (ms / onServer.get(query)!).toFixed(2) })));
}
