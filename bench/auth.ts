// npm run bench:auth — does signing in stall everybody else?
// Measures the p95 of a cheap read (/api/health, 100 requests a second as independent visitors
// would send them) on an idle server, then again while 4 clients sign in back to back as fast as
// the server lets them, and prints sign-ins per second and the ratio (goal: read p95 within 1.2x).
import { fmt, load, paced } from './lib/load';
import { startServer } from './lib/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const server = await startServer({ SIGNIN_RATE_LIMIT: '100000000', SIGNUP_RATE_LIMIT: '100000000', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
const origin = server.url;
const headers = { 'content-type': 'application/json', origin };

try {
  const users = Array.from({ length: 8 }, (_, i) => ({ email: `bench-${i}@example.com`, password: 'bench-password-123' }));
  for (const u of users) {
    const res = await fetch(`${origin}/api/signup`, { method: 'POST', headers, body: JSON.stringify({ ...u, role: 'jobseeker' }) });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  }
  const health = () => fetch(`${origin}/api/health`);
  await paced(health, { rate: 100, seconds: 2 }); // warm up

  const READS = { rate: 100, seconds: SECONDS };
  const idle = await paced(health, READS);
  let n = 0;
  const signIn = () => {
    const u = users[n++ % users.length]!;
    return fetch(`${origin}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify(u) });
  };
  const [busy, signIns] = await Promise.all([paced(health, READS), load(signIn, { concurrency: 4, seconds: SECONDS })]);

  console.log('\nAuth benchmark (real server process, embedded database, argon2id m=19MiB t=2)');
  console.table([
    { case: 'GET /api/health, idle', 'req/s': fmt(idle.rps), 'p50 ms': fmt(idle.p50, 2), 'p95 ms': fmt(idle.p95, 2), errors: idle.errors },
    { case: 'GET /api/health, during sign-ins', 'req/s': fmt(busy.rps), 'p50 ms': fmt(busy.p50, 2), 'p95 ms': fmt(busy.p95, 2), errors: busy.errors },
    { case: 'POST sign-in (4 clients)', 'req/s': fmt(signIns.rps), 'p50 ms': fmt(signIns.p50, 2), 'p95 ms': fmt(signIns.p95, 2), errors: signIns.errors },
  ]);
  console.log(`read p95 during sign-ins / idle: ${fmt(busy.p95 / idle.p95, 2)}x (goal <= 1.2x)`);
} finally {
  await server.stop();
}
