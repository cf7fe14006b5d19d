/**
 * The skeleton shared by the list benchmarks (bench/jobs.ts, bench/ads.ts): for a fresh PGlite
 * directory and, when reachable, a fresh database on the PostgreSQL server (dropped afterwards),
 * seed the list in a server child process, then measure each case's API under load against the same
 * statements run directly through the driver, and print one table per database.
 * Environment: BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432/postgres; "off" to skip).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadHttp, type Measurement } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export interface ListCase<F> {
  name: string;
  filters: F;
  /** How many pages in this case is: its filters become the cursor reached by following that many. */
  deep?: number;
  /** The first page this deep page is compared with (its case's name), in the keyset table. */
  firstPage?: string;
}

/** A case that many pages in with no filter, found by scrolling like a person would. */
export const deepCase = <F>(pages: number): ListCase<F> => ({ name: `deep page (${pages} pages in, no filter)`, filters: {} as F, deep: pages });

/**
 * Page `page` of a case's list, reached by following page - 1 cursors, set against its first page
 * (keyset pages should cost what the first does). A list with fewer pages stops at its last one,
 * and the case's name says which page it measured.
 */
export const keysetPage = <F>(page: number, first: ListCase<F>): ListCase<F> => ({
  name: `page ${page}: ${first.name}`,
  filters: first.filters,
  deep: page - 1,
  firstPage: first.name,
});

/** Which databases to measure and on how many rows (command-line options of the list benchmarks). */
export interface RunOptions {
  rows: number;
  /** Only the PostgreSQL server (`--pg`) or only PGlite (`--pglite`). */
  only?: 'pg' | 'pglite';
  /** An existing database to use instead of a fresh one: seeded up to `rows` once, never dropped. */
  pgDatabase?: string;
}

export type ListServer<S> = S & { version: string; seedSeconds: number; webBuilt: boolean; base: string };

export interface ListBenchmark<F extends { cursor?: string }, S> {
  /** Which list: the server process's list, the API path (/api/<list>) and the word for its rows. */
  list: 'jobs' | 'ads';
  /** The first line's name, and anything said after the machine. */
  title: string;
  titleNote?: string;
  rows: number;
  limit: number;
  cases: Array<ListCase<F>>;
  /** Measure the first page's count of matches alone too (its own column). */
  totals?: boolean;
  /** Cases may name things by what the seeding chooses (ids); resolve them once it has. */
  resolve?: (filters: F, server: ListServer<S>) => F;
  /** Measurements that do not depend on the database, run once, on PGlite. */
  once?: (server: ListServer<S>) => Promise<void>;
  /** Which databases to measure (both by default); `RunOptions.only` wins. */
  only?: 'pglite' | 'pg';
  /** An existing PostgreSQL database to measure instead of a fresh one; never dropped. */
  pgDatabase?: string;
  /** Only the cases whose name contains one of these. */
  caseFilter?: string[];
  /** More measurements on each database, after the list's cases (e.g. the people directory). */
  each?: (server: ListServer<S> & { call: <T>(msg: object) => Promise<T> }, label: string) => Promise<void>;
}

/** The server child and a tiny request/response protocol over its IPC channel. */
async function startServer<S>(env: Record<string, string>) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'server-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ListServer<S> & { ready: number }>((resolve, reject) => {
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

type Row = { name: string; matches: number; api: Measurement; direct: Measurement; total: Measurement | null; firstPage?: string };

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function benchOne<F extends { cursor?: string }, S>(
  bench: ListBenchmark<F, S>,
  label: string,
  env: Record<string, string>,
  first: boolean,
): Promise<Row[]> {
  const { list, rows: count, limit } = bench;
  const query = (f: object) => new URLSearchParams({ ...f, limit: String(limit) } as Record<string, string>).toString();
  log(`\n=== ${label} ===`);
  const server = await startServer<S>({ ...env, BENCH_LIST: list, BENCH_ROWS: String(count), BENCH_LIMIT: String(limit) });
  log(`${server.version}: seeded ${count.toLocaleString('en-US')} ${list} in ${server.seedSeconds.toFixed(1)} s (load average ${loadAverage()})`);
  try {
    const cases = bench.cases
      .filter((c) => !bench.caseFilter?.length || bench.caseFilter.some((part) => c.name.includes(part)))
      .map((c) => ({ ...c, filters: bench.resolve ? bench.resolve(c.filters, server) : c.filters }));
    for (const c of cases.filter((c) => c.deep)) {
      let cursor: string | null = null;
      let followed = 0;
      for (; followed < c.deep!; followed++) {
        const res: Response = await fetch(`${server.base}/api/${list}?${query({ ...c.filters, ...(cursor ? { cursor } : {}) })}`);
        const next = ((await res.json()) as { nextCursor: string | null }).nextCursor;
        if (!next) break;
        cursor = next;
      }
      if (followed < c.deep!) c.name += ` (the list ends at page ${followed + 1})`;
      c.filters = { ...c.filters, cursor: cursor ?? undefined } as F;
    }

    // PGlite is WebAssembly: V8 keeps optimising it for a while, so run every case a little first.
    for (const c of cases) await server.call({ type: 'warm', filters: c.filters });
    const rows: Row[] = [];
    for (const c of cases) {
      const url = `${server.base}/api/${list}?${query(c.filters)}`;
      const check = await fetch(url);
      if (!check.ok) throw new Error(`${c.name}: ${check.status} ${await check.text()}`);
      // Warm both paths for this case (they share the database's caches).
      await server.call({ type: 'warm', filters: c.filters });
      for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
      const matches = c.filters.cursor ? count : await server.call<number>({ type: 'count', filters: c.filters });
      const concurrency = { connections: CONNECTIONS, seconds: SECONDS };
      const api = await loadHttp(url, concurrency);
      const direct = await server.call<Measurement>({ type: 'direct', filters: c.filters, ...concurrency });
      const total = bench.totals && !c.filters.cursor ? await server.call<Measurement>({ type: 'total', filters: c.filters, ...concurrency }) : null;
      rows.push({ name: c.name, matches, api, direct, total, firstPage: c.firstPage });
      log(`  measured: ${c.name}`);
    }
    // Other work on the machine skews every figure; say how busy it was.
    printTable(
      `${label}: ${count.toLocaleString('en-US')} ${list}, ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${limit} per page; load average ${loadAverage()} (1/5/15 min) on ${os.cpus().length} CPUs`,
      `matching ${list}`,
      rows,
      !!bench.totals,
    );
    printKeyset(rows);
    if (bench.each) await bench.each(server, label);
    if (first && bench.once) await bench.once(server);
    return rows;
  } finally {
    await server.close();
  }
}

/** Each keyset page beside its first page: a page deep in the list should cost what the first does. */
function printKeyset(rows: Row[]) {
  const pairs = rows.flatMap((r) => {
    const first = r.firstPage && rows.find((f) => f.name === r.firstPage);
    return first ? [[r.name, fmt(first.api.p95), fmt(r.api.p95), `${fmt(r.api.p95 / first.api.p95, 2)}x`]] : [];
  });
  if (pairs.length) printCells('Keyset pages against page 1 (API p95)', ['case', 'page 1 p95 ms', 'deep page p95 ms', 'deep/page 1'], pairs);
}

/** A markdown table: first column left-aligned, the others right-aligned. */
export function printCells(title: string, header: string[], table: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  log(`\n${title}`);
  log(line(header));
  log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of table) log(line(row));
}

function printTable(title: string, matching: string, rows: Row[], totals: boolean) {
  // "direct" is a page's statements, on a first page with the count of matches when the list shows
  // one (jobs: capped at JOBS_TOTAL_CAP); "count" is that statement alone. The API remembers a count
  // that reached the cap for a minute (CappedTotals), so for broad filters it does not run it again.
  const header = [
    'case',
    matching,
    'API req/s',
    'API p50 ms',
    'API p95 ms',
    'direct req/s',
    'direct p95 ms',
    'API/direct p95',
    ...(totals ? ['count p95 ms'] : []),
  ];
  const table = rows.map((r) => [
    r.name + (r.api.failures || r.direct.failures ? ` (${r.api.failures + r.direct.failures} failed)` : ''),
    r.matches.toLocaleString('en-US'),
    fmt(r.api.perSecond, 0),
    fmt(r.api.p50),
    fmt(r.api.p95),
    fmt(r.direct.perSecond, 0),
    fmt(r.direct.p95),
    `${fmt(r.api.p95 / r.direct.p95, 2)}x`,
    ...(totals ? [r.total ? fmt(r.total.p95) : '-'] : []),
  ]);
  printCells(title, header, table);
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

export async function runListBenchmark<F extends { cursor?: string }, S = object>(bench: ListBenchmark<F, S>, options?: RunOptions) {
  const started = performance.now();
  if (options) bench = { ...bench, rows: options.rows };
  const only = options?.only ?? bench.only;
  const pgDatabase = options?.pgDatabase ?? bench.pgDatabase;
  log(`${bench.title}: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})${bench.titleNote ?? ''}`);

  let lite: Row[] | null = null;
  let server: Row[] | null = null;
  if (only !== 'pg') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-bench-'));
    try {
      lite = await benchOne(bench, 'PGlite (embedded, fresh data directory)', { BENCH_DATA_DIR: dir }, true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  if (only === 'pglite') {
    // PGlite only.
  } else if (pgDatabase) {
    const pgDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-bench-'));
    try {
      const shown = new URL(pgDatabase);
      server = await benchOne(
        bench,
        `PostgreSQL server (${shown.host}, database ${shown.pathname.slice(1)}, kept, pool of 10)`,
        { BENCH_DATA_DIR: pgDir, BENCH_DATABASE_URL: pgDatabase },
        !lite,
      );
    } finally {
      await rm(pgDir, { recursive: true, force: true });
    }
  } else if (await pgReachable(PG_URL)) {
    const name = `cc_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const pgDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-bench-'));
    try {
      server = await benchOne(
        bench,
        `PostgreSQL server (127.0.0.1:5432, fresh database ${name}, pool of 10)`,
        { BENCH_DATA_DIR: pgDir, BENCH_DATABASE_URL: url.toString() },
        !lite,
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await rm(pgDir, { recursive: true, force: true });
    }
  } else {
    log(`\n(PostgreSQL at ${PG_URL} not reachable: skipped)`);
  }
  if (lite && server) printEmbeddedAgainstServer(lite, server);
  log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Issue 20: each case's p95 on PGlite against the same case on the PostgreSQL server, same rows. */
function printEmbeddedAgainstServer(lite: Row[], server: Row[]) {
  const table = lite.flatMap((l) => {
    const s = server.find((r) => r.name === l.name);
    return s
      ? [
          [
            l.name,
            fmt(l.api.p95),
            fmt(s.api.p95),
            `${fmt(l.api.p95 / s.api.p95, 2)}x`,
            fmt(l.direct.p95),
            fmt(s.direct.p95),
            `${fmt(l.direct.p95 / s.direct.p95, 2)}x`,
          ],
        ]
      : [];
  });
  printCells(
    'PGlite against the PostgreSQL server (p95, same rows)',
    ['case', 'API PGlite ms', 'API server ms', 'API ratio', 'direct PGlite ms', 'direct server ms', 'direct ratio'],
    table,
  );
}
