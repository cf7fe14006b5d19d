/**
 * npm run bench: the jobs list at the scale of a region.
 *
 * On a fresh embedded database (PGlite in a temporary directory) and, when one answers, on the
 * PostgreSQL server at 127.0.0.1:5432 (a fresh database, dropped afterwards): seeds 100,000 jobs,
 * starts the real app in a child process on a loopback port, and for each case measures
 *   - the API under concurrent load (autocannon from this process, CONNECTIONS connections), and
 *   - the very same SQL statements run directly through the database driver, inside the server's
 *     process (PGlite lives there), with the same concurrency,
 * each for SECONDS seconds, then prints requests/s, p95 and the ratio API p95 / direct p95, and the
 * p95 of the first page's count of matches (the "N jobs" line, capped at JOBS_TOTAL_CAP) alone.
 * It only prints; nothing passes or fails.
 *
 * Environment: BENCH_JOBS (100000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; "off" to skip).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BenchFilters } from './lib/filters';
import { loadHttp, type Measurement } from './lib/measure';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIMIT = 20;
const DEEP_PAGES = 50;
const DEEP = `deep page (${DEEP_PAGES} pages in, no filter)`;

const CASES: Array<{ name: string; filters: BenchFilters }> = [
  { name: 'first page, no filter', filters: {} },
  { name: 'title, common ("driver")', filters: { title: 'driver' } },
  { name: 'title, medium ("librarian")', filters: { title: 'librarian' } },
  { name: 'title, rare ("lead radiographer")', filters: { title: 'lead radiographer' } },
  { name: 'title, no match ("xylophone")', filters: { title: 'xylophone' } },
  { name: 'country ("jamaica")', filters: { country: 'jamaica' } },
  { name: 'combined (nurse, trinidad, healthcare, 30 days)', filters: { title: 'nurse', country: 'trinidad', category: 'healthcare', date: 'last30d' } },
  {
    name: 'combined (assistant, barbados, admin., this year)',
    filters: { title: 'assistant', country: 'barbados', category: 'administrative', date: 'thisYear' },
  },
  { name: DEEP, filters: {} }, // the cursor is filled in once known
  { name: 'title, 2 characters, no match ("zq")', filters: { title: 'zq' } },
];

const query = (f: BenchFilters) => new URLSearchParams({ ...f, limit: String(LIMIT) } as Record<string, string>).toString();
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const log = (line = '') => process.stdout.write(`${line}\n`);

/** The server child and a tiny request/response protocol over its IPC channel. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'lib/server-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_JOBS: String(JOBS), BENCH_LIMIT: String(LIMIT) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ ready: number; seedSeconds: number; version: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
  });
  let next = 0;
  const call = <T>(msg: object) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      const onMessage = (m: { id?: number; result?: T }) => {
        if (m.id !== id) return;
        child.off('message', onMessage);
        resolve(m.result as T);
      };
      child.on('message', onMessage);
      child.send({ ...msg, id });
    });
  return { ...ready, base: `http://127.0.0.1:${ready.ready}`, call, close: () => call<boolean>({ type: 'close' }) };
}

async function benchOne(label: string, env: Record<string, string>) {
  log(`\n=== ${label} ===`);
  const server = await startServer(env);
  log(`${server.version}: seeded ${JOBS.toLocaleString('en-US')} jobs in ${server.seedSeconds.toFixed(1)} s`);
  try {
    // Follow the cursors like a person scrolling, to find the deep page.
    let cursor: string | null = null;
    for (let i = 0; i < DEEP_PAGES; i++) {
      const res: Response = await fetch(`${server.base}/api/jobs?${query(cursor ? { cursor } : {})}`);
      cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
    }
    CASES.find((c) => c.name === DEEP)!.filters = { cursor: cursor! };

    // PGlite is WebAssembly: V8 keeps optimising it for a while, so run every case a little first.
    for (const c of CASES) await server.call({ type: 'warm', filters: c.filters });
    const rows: Row[] = [];
    for (const c of CASES) {
      const url = `${server.base}/api/jobs?${query(c.filters)}`;
      const check = await fetch(url);
      if (!check.ok) throw new Error(`${c.name}: ${check.status} ${await check.text()}`);
      // Warm both paths for this case (they share the database's caches).
      await server.call({ type: 'warm', filters: c.filters });
      for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
      const matches = c.filters.cursor ? JOBS : await server.call<number>({ type: 'count', filters: c.filters });
      const api = await loadHttp(url, { connections: CONNECTIONS, seconds: SECONDS });
      const direct = await server.call<Measurement>({ type: 'direct', filters: c.filters, connections: CONNECTIONS, seconds: SECONDS });
      const total = c.filters.cursor ? null : await server.call<Measurement>({ type: 'total', filters: c.filters, connections: CONNECTIONS, seconds: SECONDS });
      rows.push({ name: c.name, matches, api, direct, total });
      log(`  measured: ${c.name}`);
    }
    // Other work on the machine skews every figure; say how busy it was.
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    printTable(
      `${label}: ${JOBS.toLocaleString('en-US')} jobs, ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${LIMIT} per page; load average ${load} (1/5/15 min) on ${os.cpus().length} CPUs`,
      rows,
    );
  } finally {
    await server.close();
  }
}

type Row = { name: string; matches: number; api: Measurement; direct: Measurement; total: Measurement | null };

function printTable(title: string, rows: Row[]) {
  // "direct" is the page's statements plus, on a first page, the count of matches (capped at
  // JOBS_TOTAL_CAP) that the list shows; "count" is that statement alone. The API remembers a count
  // that reached the cap for a minute (CappedTotals), so for broad filters it does not run it again.
  const header = ['case', 'matching jobs', 'API req/s', 'API p50 ms', 'API p95 ms', 'direct req/s', 'direct p95 ms', 'API/direct p95', 'count p95 ms'];
  const table = rows.map((r) => [
    r.name + (r.api.failures || r.direct.failures ? ` (${r.api.failures + r.direct.failures} failed)` : ''),
    r.matches.toLocaleString('en-US'),
    fmt(r.api.perSecond, 0),
    fmt(r.api.p50),
    fmt(r.api.p95),
    fmt(r.direct.perSecond, 0),
    fmt(r.direct.p95),
    `${fmt(r.api.p95 / r.direct.p95, 2)}x`,
    r.total ? fmt(r.total.p95) : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  log(`\n${title}`);
  log(line(header));
  log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of table) log(line(row));
}

async function pgReachable(url: string): Promise<boolean> {
  if (url === 'off') return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const started = performance.now();
  log(
    `Jobs list benchmark: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}); load generator and server in separate processes`,
  );

  const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-bench-'));
  try {
    await benchOne('PGlite (embedded, fresh data directory)', { BENCH_DATA_DIR: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  if (await pgReachable(PG_URL)) {
    const name = `cc_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const pgDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-bench-'));
    try {
      await benchOne(`PostgreSQL server (127.0.0.1:5432, fresh database ${name}, pool of 10)`, { BENCH_DATA_DIR: pgDir, BENCH_DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(pgDir, { recursive: true, force: true });
    }
  } else {
    log(`\n(PostgreSQL at ${PG_URL} not reachable: skipped)`);
  }
  log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
