/**
 * npm run bench:ab -- --a DIR --b DIR [--list jobs|ads] [--size N] [--rounds R] [--seconds S] [--pg] [--data DIR]
 *
 * Two revisions of the app side by side: each tree (a git worktree, with node_modules) seeds its
 * own fresh database with its own code (bench/lib/server-process.ts of that tree) and serves it in
 * a child process, then every case is loaded through the API in alternating rounds (A B, B A, …)
 * so both see the same machine at the same moment. A machine shared with other work drifts by 2x
 * within minutes; measured one after the other, a before/after table measures the drift. Prints
 * each side's median over rounds of the per-round p95, and the median of the per-round ratios B/A.
 * Only prints; nothing passes or fails.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fmt } from './lib/load';
import { loadHttp } from './lib/measure';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    list: { type: 'string', default: 'jobs' },
    size: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    pg: { type: 'boolean', default: false },
    // A PGlite data directory seeded before (e.g. by a run of server-process.ts): each side serves a
    // copy of it instead of seeding its own, which takes a quarter of an hour on a busy machine.
    data: { type: 'string' },
  },
});
if (!args.a || !args.b) throw new Error('--a DIR and --b DIR (two trees of the app) are required');
const list = args.list!;
if (list !== 'jobs' && list !== 'ads') throw new Error('--list takes jobs or ads');
const LIMIT = list === 'jobs' ? 20 : 12;
const ROUNDS = Number(args.rounds);
const load = { connections: Number(args.connections), seconds: Number(args.seconds) };
const PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

// Cases both revisions understand (filters that existed before either change).
// A third element: the page measured, reached on each side by following its own cursors.
const CASES: Record<string, [string, Record<string, string>, number?][]> = {
  jobs: [
    ['first page, no filter', {}],
    ['title, common ("driver")', { title: 'driver' }],
    ['title, medium ("librarian")', { title: 'librarian' }],
    ['title, rare ("lead radiographer")', { title: 'lead radiographer' }],
    ['title, no match ("xylophone")', { title: 'xylophone' }],
    ['country ("jamaica")', { country: 'jamaica' }],
    ['combined (nurse, trinidad, healthcare, 30 days)', { title: 'nurse', country: 'trinidad', category: 'healthcare', date: 'last30d' }],
    ['combined (assistant, barbados, admin., this year)', { title: 'assistant', country: 'barbados', category: 'administrative', date: 'thisYear' }],
    ['title, 2 characters, no match ("zq")', { title: 'zq' }],
  ],
  ads: [
    ['first page, no filter', {}],
    ['search, common ("apartment")', { q: 'apartment' }],
    ['search, medium ("kayaks")', { q: 'kayaks' }],
    ['search, rare ("#51234", one ad)', { q: '#51234' }],
    ['search, no match ("xylophone")', { q: 'xylophone' }],
    ['category ("vehicles")', { category: 'vehicles' }],
    ['category + search (vehicles, "toyota")', { category: 'vehicles', q: 'toyota' }],
    ['search, 2 characters, no match ("zq")', { q: 'zq' }],
    ['country ("Jamaica")', { country: 'Jamaica' }],
    ['price sort, low to high (Puerto Rico)', { country: 'Puerto Rico', sort: 'price' }],
    ['price sort, high to low (Puerto Rico)', { country: 'Puerto Rico', sort: 'price_desc' }],
    ['free only', { free: 'true' }],
    ['deep page (30 pages in, no filter)', {}, 30],
    ['page 500: first page, no filter', {}, 500],
    ['page 500: price sort, low to high (Puerto Rico)', { country: 'Puerto Rico', sort: 'price' }, 500],
  ],
};

interface Side {
  name: string;
  child: ChildProcess;
  base: string;
  dataDir: string;
  database?: string;
  /** Ad category ids by slug: each side seeds its own. */
  categories: Record<string, string>;
}

async function start(name: string, tree: string): Promise<Side> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cc-ab-${name}-`));
  if (args.data) cpSync(path.resolve(args.data), dataDir, { recursive: true });
  let database: string | undefined;
  const env: Record<string, string> = { BENCH_LIST: list, BENCH_ROWS: args.size!, BENCH_LIMIT: String(LIMIT), BENCH_DATA_DIR: dataDir };
  if (args.pg) {
    database = `cc_bench_ab_${name.toLowerCase()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    env.BENCH_DATABASE_URL = PG_URL.replace(/\/postgres$/, `/${database}`);
  }
  const child = fork(path.join(tree, 'bench/lib/server-process.ts'), [], {
    cwd: tree,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let categories: Record<string, string> = {};
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { ready?: number; seedSeconds?: number; categories?: Record<string, string> }) => {
      if (m.ready !== undefined) {
        console.log(`${name}: ${tree} seeded ${Number(args.size).toLocaleString('en-US')} ${list} in ${m.seedSeconds?.toFixed(1)} s`);
        categories = m.categories ?? {};
        resolve(m.ready);
      }
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
  });
  return { name, child, base: `http://127.0.0.1:${port}`, dataDir, database, categories };
}

async function stop(side: Side) {
  side.child.kill('SIGKILL');
  rmSync(side.dataDir, { recursive: true, force: true });
  if (side.database) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${side.database} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * CPU seconds a server process has used: on its main thread (the API's event loop) and on its other
 * threads (PGlite's worker, the thread pool, the collector). Counted by the kernel, so unlike p95 it
 * does not grow when other work on the machine takes the CPUs; per request it shows where a page's
 * work runs. Linux only (/proc); elsewhere NaN.
 */
function cpuSeconds(pid: number): { main: number; other: number } {
  try {
    const ticks = (file: string) => {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) total += ticks(`/proc/${pid}/task/${task}/stat`);
    const main = ticks(`/proc/${pid}/task/${pid}/stat`);
    // USER_HZ is 100 on Linux.
    return { main: main / 100, other: (total - main) / 100 };
  } catch {
    return { main: NaN, other: NaN };
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load1 = () => loadavg()[0]!.toFixed(1);

const [a, b] = await Promise.all([start('A', path.resolve(args.a)), start('B', path.resolve(args.b))]);
console.log(
  `\n${args.pg ? 'PostgreSQL server' : 'PGlite'}, ${list}: A = ${args.a}, B = ${args.b}; ${ROUNDS} rounds of ${load.seconds} s per side and case, ${load.connections} connections; load average at start ${load1()}`,
);
const rows: string[][] = [];
try {
  for (const [name, filters, page = 1] of CASES[list]!) {
    const urls = new Map<Side, string>();
    for (const s of [a, b]) {
      // Ad categories are named by slug here; the API takes the id.
      let f = list === 'ads' && filters.category ? { ...filters, category: s.categories[filters.category]! } : filters;
      for (let p = 1; p < page; p++) {
        const next = (
          (await (await fetch(`${s.base}/api/${list}?${new URLSearchParams({ ...f, limit: String(LIMIT) })}`)).json()) as { nextCursor: string | null }
        ).nextCursor;
        // A shorter list is measured at its last page, as bench/lib/list-benchmark.ts does.
        if (!next) break;
        f = { ...f, cursor: next };
      }
      urls.set(s, `${s.base}/api/${list}?${new URLSearchParams({ ...f, limit: String(LIMIT) })}`);
    }
    const url = (s: Side) => urls.get(s)!;
    for (const s of [a, b]) for (let i = 0; i < 20; i++) await (await fetch(url(s))).arrayBuffer();
    const p95: Record<string, number[]> = { A: [], B: [] };
    const cpu: Record<string, { main: number; other: number; requests: number }> = {
      A: { main: 0, other: 0, requests: 0 },
      B: { main: 0, other: 0, requests: 0 },
    };
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? [b, a] : [a, b];
      const round: Record<string, number> = {};
      for (const s of order) {
        const before = cpuSeconds(s.child.pid!);
        const m = await loadHttp(url(s), load);
        const after = cpuSeconds(s.child.pid!);
        if (m.failures) throw new Error(`${s.name} ${name}: ${m.failures} failed requests`);
        round[s.name] = m.p95;
        p95[s.name]!.push(m.p95);
        cpu[s.name]!.main += after.main - before.main;
        cpu[s.name]!.other += after.other - before.other;
        cpu[s.name]!.requests += m.count;
      }
      ratios.push(round.B! / round.A!);
    }
    rows.push([
      name,
      fmt(median(p95.A!)),
      fmt(median(p95.B!)),
      `${fmt(median(ratios), 2)}x`,
      `${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}`,
      ...['A', 'B'].map((n) => `${fmt((cpu[n]!.main * 1000) / cpu[n]!.requests, 2)} / ${fmt((cpu[n]!.other * 1000) / cpu[n]!.requests, 2)}`),
      load1(),
    ]);
    // The row as soon as it is measured: a long run that dies still leaves its figures.
    console.log(`  measured: ${rows.at(-1)!.join(' | ')}`);
  }
} finally {
  await Promise.all([stop(a), stop(b)]);
}
const head = ['case', 'A p95 ms', 'B p95 ms', 'B/A (median of rounds)', 'B/A range', 'A CPU ms/req main / other', 'B CPU ms/req main / other', 'load'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
console.log(['', line(head), `|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`, ...rows.map(line)].join('\n'));
