// npm run bench:auth — does signing in stall everybody else?
// A cheap read (/api/health, 100 requests a second, as independent visitors would send them) is
// measured on an idle server, then while people sign in: at a steady 20 sign-ins a second (a busy
// morning for a regional site), and flat out (4 clients back to back, an attack the per-address
// rate limit would normally cut short). Prints sign-ins per second and the read's p95 ratio to idle
// (goal: within 1.2x).
import { fmt, load, paced } from './lib/load';
import { startAccounts } from './lib/accounts';
import { startServer } from './lib/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const accounts = await startAccounts();
const server = await startServer({
  SMTP_URL: accounts.smtpUrl,
  SIGNIN_RATE_LIMIT: '100000000',
  SIGNUP_RATE_LIMIT: '100000000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const origin = server.url;
const headers = { 'content-type': 'application/json', origin };

try {
  const users = Array.from({ length: 8 }, (_, i) => ({ email: `bench-${i}@example.com`, password: 'bench-password-123' }));
  // Confirmed, as a person's account is before it can sign in.
  for (const [i, u] of users.entries()) await accounts.signUp(origin, { ...u, role: 'jobseeker', fullName: `Bench ${i}` });
  let n = 0;
  const signIn = () => {
    const u = users[n++ % users.length]!;
    return fetch(`${origin}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify(u) });
  };
  const health = () => fetch(`${origin}/api/health`);
  const READS = { rate: 100, seconds: SECONDS };
  await paced(health, { rate: 100, seconds: 2 }); // warm up
  await paced(signIn, { rate: 10, seconds: 2 });

  const idle = await paced(health, READS);
  const [steadyReads, steady] = await Promise.all([paced(health, READS), paced(signIn, { rate: 20, seconds: SECONDS })]);
  const [floodReads, flood] = await Promise.all([paced(health, READS), load(signIn, { concurrency: 4, seconds: SECONDS })]);

  const row = (name: string, r: Awaited<ReturnType<typeof load>>) => ({
    case: name,
    'req/s': fmt(r.rps),
    'p50 ms': fmt(r.p50, 2),
    'p95 ms': fmt(r.p95, 2),
    errors: r.errors,
  });
  console.log(
    `\nAuth benchmark (real server process, ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database'}, argon2id m=19MiB t=2 in worker threads)`,
  );
  console.table([
    row('GET /api/health, idle', idle),
    row('GET /api/health, during 20 sign-ins/s', steadyReads),
    row('  POST sign-in, 20/s', steady),
    row('GET /api/health, during sign-in flood', floodReads),
    row('  POST sign-in, 4 clients flat out', flood),
  ]);
  console.log(
    `read p95 ratio to idle: ${fmt(steadyReads.p95 / idle.p95, 2)}x at 20 sign-ins/s, ${fmt(floodReads.p95 / idle.p95, 2)}x during the flood (goal <= 1.2x)`,
  );
} finally {
  await server.stop();
  await accounts.close();
}
