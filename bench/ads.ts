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
 * Each single filter is a case, and keyset page 500 (newest, and by price) is set against its page
 * 1. With both databases it ends with each case's PGlite p95 beside the server's. On PostgreSQL it
 * also seeds BENCH_PEOPLE people and measures the people directory (/api/users): first page and
 * searches, API against the same query run directly.
 *
 * Options: --size N (ads; BENCH_ADS, 100000), --pg (the PostgreSQL server only), --pglite (PGlite
 * only), --database URL (an existing database, e.g. one made with `createdb`: seeded up to N ads
 * once, kept, so a region-sized run seeds only the first time).
 * Environment: BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432/postgres; "off" to skip), BENCH_PEOPLE (100000; 0 to skip),
 * CHROMIUM_PATH (/usr/bin/chromium).
 */
import { parseArgs } from 'node:util';
import { ADS_PAGE_SIZE } from '@caribconnect/shared';
import type { AdBenchFilters } from './lib/filters';
import { deepCase, keysetPage, loadAverage, log, printCells, runListBenchmark, type ListCase } from './lib/list-benchmark';
import { loadHttp, type Measurement } from './lib/measure';
import { phoneBytes } from './lib/phone-bytes';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const { values: args } = parseArgs({
  options: { size: { type: 'string' }, pg: { type: 'boolean' }, pglite: { type: 'boolean' }, database: { type: 'string' } },
});
const rows = Number(args.size ?? process.env.BENCH_ADS ?? 100_000);
if (!Number.isInteger(rows) || rows < 1) throw new Error('--size must be a whole number of ads');
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const firstPage: ListCase<AdBenchFilters> = { name: 'first page, no filter', filters: {} };
const priceSort: ListCase<AdBenchFilters> = { name: 'price sort, low to high (Puerto Rico)', filters: { country: 'Puerto Rico', sort: 'price' } };

await runListBenchmark<AdBenchFilters, { categories: Record<string, string> }>(
  {
    list: 'ads',
    title: 'Ads list benchmark',
    rows,
    limit: ADS_PAGE_SIZE,
    cases: [
      firstPage,
      { name: 'search, common ("apartment")', filters: { q: 'apartment' } },
      { name: 'search, medium ("kayaks")', filters: { q: 'kayaks' } },
      { name: 'search, rare ("#51234", one ad)', filters: { q: '#51234' } },
      { name: 'search, no match ("xylophone")', filters: { q: 'xylophone' } },
      { name: 'category ("vehicles")', filters: { category: 'vehicles' } },
      { name: 'category + search (vehicles, "toyota")', filters: { category: 'vehicles', q: 'toyota' } },
      { name: 'search, 2 characters, no match ("zq")', filters: { q: 'zq' } },
      deepCase(30),
      // Price and place (decision 0037): Puerto Rico's currency is USD, the seed's.
      { name: 'country ("Jamaica")', filters: { country: 'Jamaica' } },
      { name: 'country + price range (Puerto Rico, US$100-5,000)', filters: { country: 'Puerto Rico', minPrice: '100', maxPrice: '5000' } },
      priceSort,
      { name: 'price sort, high to low (Puerto Rico)', filters: { country: 'Puerto Rico', sort: 'price_desc' } },
      { name: 'price range + price sort (Puerto Rico, US$1,000+)', filters: { country: 'Puerto Rico', minPrice: '1000', sort: 'price' } },
      { name: 'free only', filters: { free: 'true' } },
      { name: 'country + category + search (Jamaica, vehicles, "toyota")', filters: { country: 'Jamaica', category: 'vehicles', q: 'toyota' } },
      keysetPage(500, firstPage),
      keysetPage(500, priceSort),
    ],
    each: async (server, label) => {
      if (!PEOPLE || !label.startsWith('PostgreSQL')) return;
      const { cookie, seconds } = await server.call<{ cookie: string; seconds: number }>({ type: 'people', people: PEOPLE });
      log(`\nPeople directory: ${PEOPLE.toLocaleString('en-US')} people seeded in ${seconds.toFixed(1)} s`);
      const cases = [
        { name: 'first page', q: undefined },
        { name: 'search, a family name ("persaud")', q: 'persaud' },
        { name: 'search, a full name ("keisha persaud")', q: 'keisha persaud' },
        { name: 'search, no match ("xylophone")', q: 'xylophone' },
      ];
      const table: string[][] = [];
      const fmt = (m: Measurement) => m.p95.toFixed(1);
      for (const c of cases) {
        const url = `${server.base}/api/users${c.q ? `?q=${encodeURIComponent(c.q)}` : ''}`;
        const check = await fetch(url, { headers: { cookie } });
        if (!check.ok) throw new Error(`directory ${c.name}: ${check.status} ${await check.text()}`);
        for (let i = 0; i < 20; i++) await (await fetch(url, { headers: { cookie } })).arrayBuffer();
        const api = await loadHttp(url, { connections: CONNECTIONS, seconds: SECONDS }, { cookie });
        const direct = await server.call<Measurement>({ type: 'users', q: c.q, connections: CONNECTIONS, seconds: SECONDS });
        table.push([
          c.name + (api.failures ? ` (${api.failures} failed)` : ''),
          api.perSecond.toFixed(0),
          fmt(api),
          fmt(direct),
          `${(api.p95 / direct.p95).toFixed(2)}x`,
        ]);
      }
      printCells(
        `People directory (/api/users, 20 a page), ${label}: ${PEOPLE.toLocaleString('en-US')} people; load average ${loadAverage()}`,
        ['case', 'API req/s', 'API p95 ms', 'direct p95 ms', 'API/direct p95'],
        table,
      );
    },
    // Category ids are chosen when the server seeds them.
    resolve: (filters, server) => (filters.category ? { ...filters, category: server.categories[filters.category]! } : filters),
    async once(server) {
      if (!server.webBuilt) {
        log('\n(web app not built: run `npm run build` first to measure what a phone downloads)');
        return;
      }
      const bytes = await phoneBytes(`${server.base}/ads`);
      log(`\nFirst ads screen on a phone (Chromium, 360 x 740 CSS px, 2x, empty cache, no scrolling): ${kb(bytes.total)} transferred (goal: under 400 KB)`);
      for (const [type, { bytes: b, requests }] of Object.entries(bytes.byType).sort((a, b) => b[1].bytes - a[1].bytes)) {
        log(`  ${type.padEnd(12)} ${kb(b).padStart(10)}  (${requests} request${requests === 1 ? '' : 's'})`);
      }
    },
  },
  { rows, only: args.pg ? 'pg' : args.pglite ? 'pglite' : undefined, pgDatabase: args.database },
);
