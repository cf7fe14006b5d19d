/**
 * npm run bench (second part), or npm run bench:ads: Browse Ads at the scale of a region.
 *
 * As bench/jobs.ts: on a fresh PGlite directory and, when reachable, a fresh database on the
 * PostgreSQL server at 127.0.0.1:5432 (dropped afterwards), seeds 100,000 ads (pictures for the
 * newest 48), starts the real app in a child process and measures the ads list API under load
 * (autocannon) against the same SQL run directly through the driver, printing req/s, p95 and the
 * API/direct p95 ratio for the first page and searches. Then, on PGlite, it loads /ads in Chromium
 * as a 360 px phone and prints the bytes it downloads (HTML, JS, CSS, API, images). Only prints.
 *
 * Environment: BENCH_ADS (100000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432/postgres; "off" to skip), CHROMIUM_PATH (/usr/bin/chromium).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADS_PAGE_SIZE } from '@caribconnect/shared';
import type { AdBenchFilters } from './lib/ads-server-process';
import { loadHttp, type Measurement } from './lib/measure';
import { phoneBytes } from './lib/phone-bytes';

const ADS = Number(process.env.BENCH_ADS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIMIT = ADS_PAGE_SIZE;
const DEEP_PAGES = 30;
const DEEP = `deep page (${DEEP_PAGES} pages in, no filter)`;

/** Category slugs are replaced by their ids once the server has seeded them. */
const CASES: Array<{ name: string; filters: AdBenchFilters }> = [
  { name: 'first page, no filter', filters: {} },
  { name: 'search, common ("apartment")', filters: { q: 'apartment' } },
  { name: 'search, medium ("kayaks")', filters: { q: 'kayaks' } },
  { name: 'search, rare ("#51234", one ad)', filters: { q: '#51234' } },
  { name: 'search, no match ("xylophone")', filters: { q: 'xylophone' } },
  { name: 'category ("vehicles")', filters: { category: 'vehicles' } },
  { name: 'category + search (vehicles, "toyota")', filters: { category: 'vehicles', q: 'toyota' } },
  { name: 'search, 2 characters, no match ("zq")', filters: { q: 'zq' } },
  { name: DEEP, filters: {} },
];

const query = (f: AdBenchFilters) => new URLSearchParams({ ...f, limit: String(LIMIT) } as Record<string, string>).toString();
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const log = (line = '') => process.stdout.write(`${line}\n`);

interface Ready {
  ready: number;
  seedSeconds: number;
  version: string;
  categories: Record<string, string>;
  webBuilt: boolean;
}

async function startServer(env: Record<string, string>) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'lib/ads-server-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_ADS: String(ADS), BENCH_LIMIT: String(LIMIT) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
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

type Row = { name: string; matches: number; api: Measurement; direct: Measurement };

async function benchOne(label: string, env: Record<string, string>, measurePhone: boolean) {
  log(`\n=== ${label} ===`);
  const server = await startServer(env);
  log(`${server.version}: seeded ${ADS.toLocaleString('en-US')} ads in ${server.seedSeconds.toFixed(1)} s`);
  try {
    const cases = CASES.map((c) => ({ ...c, filters: { ...c.filters, ...(c.filters.category ? { category: server.categories[c.filters.category]! } : {}) } }));
    let cursor: string | null = null;
    for (let i = 0; i < DEEP_PAGES; i++) {
      const res: Response = await fetch(`${server.base}/api/ads?${query(cursor ? { cursor } : {})}`);
      cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
    }
    cases.find((c) => c.name === DEEP)!.filters = { cursor: cursor! };

    for (const c of cases) await server.call({ type: 'warm', filters: c.filters });
    const rows: Row[] = [];
    for (const c of cases) {
      const url = `${server.base}/api/ads?${query(c.filters)}`;
      const check = await fetch(url);
      if (!check.ok) throw new Error(`${c.name}: ${check.status} ${await check.text()}`);
      await server.call({ type: 'warm', filters: c.filters });
      for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
      const matches = c.filters.cursor ? ADS : await server.call<number>({ type: 'count', filters: c.filters });
      const api = await loadHttp(url, { connections: CONNECTIONS, seconds: SECONDS });
      const direct = await server.call<Measurement>({ type: 'direct', filters: c.filters, connections: CONNECTIONS, seconds: SECONDS });
      rows.push({ name: c.name, matches, api, direct });
      log(`  measured: ${c.name}`);
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    printTable(
      `${label}: ${ADS.toLocaleString('en-US')} ads, ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${LIMIT} per page; load average ${load} (1/5/15 min) on ${os.cpus().length} CPUs`,
      rows,
    );

    if (measurePhone) {
      if (!server.webBuilt) log('\n(web app not built: run `npm run build` first to measure what a phone downloads)');
      else {
        const bytes = await phoneBytes(`${server.base}/ads`);
        log(`\nFirst ads screen on a phone (Chromium, 360 x 740 CSS px, 2x, empty cache, no scrolling): ${kb(bytes.total)} transferred (goal: under 400 KB)`);
        for (const [type, { bytes: b, requests }] of Object.entries(bytes.byType).sort((a, b) => b[1].bytes - a[1].bytes)) {
          log(`  ${type.padEnd(12)} ${kb(b).padStart(10)}  (${requests} request${requests === 1 ? '' : 's'})`);
        }
      }
    }
  } finally {
    await server.close();
  }
}

function printTable(title: string, rows: Row[]) {
  const header = ['case', 'matching ads', 'API req/s', 'API p50 ms', 'API p95 ms', 'direct req/s', 'direct p95 ms', 'API/direct p95'];
  const table = rows.map((r) => [
    r.name + (r.api.failures || r.direct.failures ? ` (${r.api.failures + r.direct.failures} failed)` : ''),
    r.matches.toLocaleString('en-US'),
    fmt(r.api.perSecond, 0),
    fmt(r.api.p50),
    fmt(r.api.p95),
    fmt(r.direct.perSecond, 0),
    fmt(r.direct.p95),
    `${fmt(r.api.p95 / r.direct.p95, 2)}x`,
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
  log(`Ads list benchmark: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-bench-'));
  try {
    await benchOne('PGlite (embedded, fresh data directory)', { BENCH_DATA_DIR: dir }, true);
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
      await benchOne(
        `PostgreSQL server (127.0.0.1:5432, fresh database ${name}, pool of 10)`,
        { BENCH_DATA_DIR: pgDir, BENCH_DATABASE_URL: url.toString() },
        false,
      );
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
