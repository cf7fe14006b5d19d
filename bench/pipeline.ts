// npm run bench:pipeline — the hiring workspace at 10,000 applications on one job (issue 45,
// decision 0078), on the PostgreSQL server (a bench database created and dropped) and on PGlite:
// - the applicants page's first page p95 through the real app (buildApp, app.inject) beside the same
//   SQL run directly, with their ratio;
// - a bulk move of 5,000 to Not selected with the kind reply: time to answer, and time until the last
//   reply email is queued (after the 10 s undo window, which is printed apart);
// - the longest event-loop block (monitorEventLoopDelay max) from the request until the last email
//   is queued, and the request's own apart. The issue wants ≤ 50 ms.
// Options: BENCH_APPLICATIONS (10000), BENCH_MOVE (5000), BENCH_REQUESTS (100),
// BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_ENGINES (pg,pglite).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/lib/keyset';
import { p95, sequentialTimes } from './lib/measure';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const MOVE = Number(process.env.BENCH_MOVE ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pg,pglite').split(',');
const UNDO_WINDOW_MS = 10_000;
const ORIGIN = 'http://localhost:3000';
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

/** The list's statement as listApplicants runs it (first page, 20 + 1 rows, the caller's columns). */
const FIRST_PAGE = (jobId: string, callerId: string) => sql`select a.id, a.created_at, a.user_id, coalesce(p.full_name, ''), a.cover_letter, a.status, a.stage,
    a.resume_key, a.cover_letter_key,
    (select round(avg(r.rating), 1) from application_ratings r where r.application_id = a.id),
    (select count(*)::int from application_ratings r where r.application_id = a.id),
    (select r.rating::int from application_ratings r where r.application_id = a.id and r.user_id = ${callerId}),
    (select count(*)::int from application_notes n where n.application_id = a.id)
  from applications a join jobs j on j.id = a.job_id left join profiles p on p.id = a.user_id
  where a.job_id = ${jobId} and exists (select 1 from company_members cm where cm.company_id = j.company_id and cm.user_id = ${callerId} and cm.role in ('owner', 'recruiter', 'viewer'))
  order by a.job_id, a.created_at desc nulls last, a.id desc nulls last limit 21`;

async function run(engine: 'pg' | 'pglite'): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-pipeline-'));
  let admin: pg.Client | null = null;
  let dbName = '';
  let database: Database;
  if (engine === 'pg') {
    dbName = `bench_pipeline_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  } else database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const config = loadConfig(
      { NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent' },
      { dataDir, queueClock: false },
    );
    const app = await buildApp({ config, database });
    await app.ready();
    // The workers run, as on the server: the batch job queues the replies (no clock: no recurring jobs).
    await app.queue.start();
    const db = database.db;
    // The owner signs up and in as a person does (the email confirmation set directly).
    const email = `owner-${randomBytes(3).toString('hex')}@bench.example`;
    const password = 'bench-password-1234';
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { origin: ORIGIN },
      payload: { email, password, role: 'employer', fullName: 'Bench Owner', companyName: 'Bench Resorts' },
    });
    if (signup.statusCode >= 300) throw new Error(`signup ${signup.statusCode} ${signup.body}`);
    await db.execute(sql`update users set email_verified = true where email = ${email}`);
    const signin = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } });
    if (signin.statusCode !== 200) throw new Error(`sign-in ${signin.statusCode} ${signin.body}`);
    const cookie = signin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const [owner] = await rowsOf<{ id: string; companyId: string }>(
      db.execute(sql`select u.id, cm.company_id as "companyId" from users u join company_members cm on cm.user_id = u.id where u.email = ${email}`),
    );
    log(engine, `seeding ${APPLICATIONS} applicants`);
    const [job] = await rowsOf<{ id: string }>(
      db.execute(sql`insert into jobs (user_id, company_id, title, description, company, category, country)
        values (${owner!.id}, ${owner!.companyId}, 'Front Desk Agent', 'A job.', 'Bench Resorts', 'Hospitality', 'Jamaica') returning id`),
    );
    await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'bench-seeker-' || n, 'Seeker ' || n, 'seeker-' || n || '@bench.example', true, now(), now() from generate_series(1, ${APPLICATIONS}) n`);
    await db.execute(sql`insert into profiles (id, full_name, role, email, language)
      select 'bench-seeker-' || n, 'Seeker ' || n, 'jobseeker', 'seeker-' || n || '@bench.example', (array['en','es','fr','nl','ht','pap'])[1 + n % 6]
      from generate_series(1, ${APPLICATIONS}) n`);
    await db.execute(sql`insert into applications (job_id, user_id, cover_letter, created_at)
      select ${job!.id}, 'bench-seeker-' || n, 'Hello.', now() - make_interval(secs => ${APPLICATIONS} - n) from generate_series(1, ${APPLICATIONS}) n`);
    await db.execute(sql`analyze`);

    const list = () =>
      app.inject({ method: 'GET', url: `/api/jobs/${job!.id}/applications`, headers: { cookie } }).then((r) => {
        if (r.statusCode !== 200) throw new Error(`list ${r.statusCode} ${r.body}`);
      });
    const appMs = await sequentialTimes(list, { warmup: 10, requests: REQUESTS });
    const sqlMs = await sequentialTimes(() => db.execute(FIRST_PAGE(job!.id, owner!.id)), { warmup: 10, requests: REQUESTS });

    const ids = (
      await rowsOf<{ id: string }>(db.execute(sql`select id from applications where job_id = ${job!.id} order by created_at, id limit ${MOVE}`))
    ).map((r) => r.id);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/jobs/${job!.id}/applications/bulk-move`,
      headers: { cookie, origin: ORIGIN },
      payload: { ids, to: 'Not selected', template: 'default' },
    });
    const answeredMs = performance.now() - started;
    // The request's own block apart from the batch job's (notices and replies, after the undo window).
    // The monitor records a block when its timer fires late, so the loop turns once before reading it.
    await new Promise((r) => setTimeout(r, 20));
    const requestBlockMs = loop.max / 1e6;
    loop.reset();
    if (res.statusCode !== 200) throw new Error(`bulk ${res.statusCode} ${res.body}`);
    const { batch } = res.json() as { batch: string };
    for (;;) {
      const [row] = await rowsOf<{ n: number }>(
        db.execute(sql`select count(*)::int as n from application_replies where batch = ${batch} and state = 'queued'`),
      );
      if (row!.n >= ids.length) break;
      if (performance.now() - started > 600_000) throw new Error(`only ${row!.n} replies queued after 10 minutes`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const queuedMs = performance.now() - started;
    loop.disable();
    await app.close();
    return {
      engine: engine === 'pg' ? 'PostgreSQL' : 'PGlite',
      'first page app p95 ms': p95(appMs).toFixed(1),
      'first page SQL p95 ms': p95(sqlMs).toFixed(1),
      ratio: (p95(appMs) / p95(sqlMs)).toFixed(2),
      [`bulk ${MOVE} answer ms`]: answeredMs.toFixed(0),
      'last email queued ms': queuedMs.toFixed(0),
      'after undo window ms': (queuedMs - UNDO_WINDOW_MS).toFixed(0),
      'longest loop block ms': Math.max(requestBlockMs, loop.max / 1e6).toFixed(1),
      'of it, the request ms': requestBlockMs.toFixed(1),
    };
  } finally {
    await database.close().catch(() => {});
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rows: Record<string, string>[] = [];
for (const engine of ENGINES) rows.push(await run(engine as 'pg' | 'pglite'));
console.table(rows);
