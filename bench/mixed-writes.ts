/**
 * Mixed writes on the real server: many employers posting jobs flat out while a few job seekers
 * apply (with a PDF resume). Prints how many of each completed and their latencies, so starvation
 * of the slower kind shows. Never fails; figures depend on machine load.
 *
 *   node --import tsx bench/mixed-writes.ts          (embedded database)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/mixed-writes.ts
 * Options: BENCH_POSTERS (200), BENCH_APPLICANTS (10), BENCH_SECONDS (20).
 */
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { startAccounts } from './lib/accounts';
import { startServer } from './lib/server';

const POSTERS = Number(process.env.BENCH_POSTERS ?? 200);
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = 'bench-password-123';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const job = { title: 'Bench cook', company: 'Bench Kitchen', country: 'Jamaica', category: 'Hospitality', description: 'Measured, not hired.' };

/** Through node:http with a ready-made body, as a browser sends it (fetch's FormData streaming waited on the client side). */
function apply(url: string, cookie: string, jobId: string): Promise<number> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="coverLetter"\r\n\r\nMeasured, not hired.\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resumeFile"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/jobs/${jobId}/applications`,
      {
        method: 'POST',
        agent,
        headers: { origin: url, cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      },
      (res) => res.resume().on('end', () => resolve(res.statusCode!)),
    );
    req.on('error', reject);
    req.end(body);
  });
}
const agent = new http.Agent({ keepAlive: true });

const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!.toFixed(0) : '-';

async function run(label: string, env: Record<string, string>) {
  const accounts = await startAccounts();
  const server = await startServer({ SIGNUP_RATE_LIMIT: '100000', POSTING_LIMIT_JOBS_PER_DAY: '1000000', SMTP_URL: accounts.smtpUrl, ...env });
  const { url } = server;
  const signUp = (role: 'employer' | 'jobseeker', n: number) =>
    accounts.signUp(url, { email: `${role}${n}-${Date.now()}@bench.example`, password: PASSWORD, role, fullName: `${role} ${n}` });
  try {
    const employers = await Promise.all(Array.from({ length: Math.min(POSTERS, 20) }, (_, i) => signUp('employer', i)));
    const seekers = await Promise.all(Array.from({ length: APPLICANTS }, (_, i) => signUp('jobseeker', i)));
    const post = (cookie: string) =>
      fetch(`${url}/api/jobs`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(job) });
    // Jobs to apply to: one per application a seeker could make in the window.
    const targets: string[] = [];
    for (let i = 0; i < 150; i++) targets.push(((await (await post(employers[0]!)).json()) as { id: string }).id);

    const stats = { posts: [] as number[], applications: [] as number[], failed: 0, statuses: new Map<number, number>() };
    const fail = (status: number) => {
      stats.failed++;
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    };
    const until = Date.now() + SECONDS * 1000;
    const poster = async (cookie: string) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const res = await post(cookie);
        await res.arrayBuffer();
        if (res.status === 201) stats.posts.push(performance.now() - t0);
        else fail(res.status);
      }
    };
    const applicant = async (cookie: string) => {
      for (const jobId of targets) {
        if (Date.now() >= until) return;
        const t0 = performance.now();
        const status = await apply(url, cookie, jobId);
        if (status === 201) stats.applications.push(performance.now() - t0);
        else fail(status);
      }
    };
    const load = os.loadavg()[0]!.toFixed(1);
    await Promise.all([...Array.from({ length: POSTERS }, (_, i) => poster(employers[i % employers.length]!)), ...seekers.map((cookie) => applicant(cookie))]);
    console.log(
      `${label.padEnd(10)} ${String(stats.posts.length).padStart(6)} posts (p50 ${pct(stats.posts, 50)} ms, p95 ${pct(stats.posts, 95)} ms)  ` +
        `${String(stats.applications.length).padStart(5)} applications (p50 ${pct(stats.applications, 50)} ms, p95 ${pct(stats.applications, 95)} ms)  ` +
        `failed ${stats.failed}${stats.failed ? ` (${[...stats.statuses].map(([status, n]) => `${n} × ${status}`).join(', ')})` : ''}  load ${load}`,
    );
  } finally {
    await server.stop();
    await accounts.close();
  }
}

console.log(`${POSTERS} job posters and ${APPLICANTS} applicants (PDF resume), ${SECONDS} s, ${os.cpus().length} cores`);
await run('PGlite', { DATABASE_URL: '' });
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (pgUrl !== 'off') {
  const name = `cc_bench_mixed_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(pgUrl);
    dbUrl.pathname = `/${name}`;
    try {
      await run('PostgreSQL', { DATABASE_URL: dbUrl.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
