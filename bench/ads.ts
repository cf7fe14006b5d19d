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
import { ADS_PAGE_SIZE } from '@caribconnect/shared';
import type { AdBenchFilters } from './lib/filters';
import { deepCase, log, runListBenchmark } from './lib/list-benchmark';
import { phoneBytes } from './lib/phone-bytes';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

await runListBenchmark<AdBenchFilters, { categories: Record<string, string> }>({
  list: 'ads',
  title: 'Ads list benchmark',
  rows: Number(process.env.BENCH_ADS ?? 100_000),
  limit: ADS_PAGE_SIZE,
  cases: [
    { name: 'first page, no filter', filters: {} },
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
    { name: 'price sort, low to high (Puerto Rico)', filters: { country: 'Puerto Rico', sort: 'price' } },
    { name: 'price sort, high to low (Puerto Rico)', filters: { country: 'Puerto Rico', sort: 'price_desc' } },
    { name: 'price range + price sort (Puerto Rico, US$1,000+)', filters: { country: 'Puerto Rico', minPrice: '1000', sort: 'price' } },
    { name: 'free only', filters: { free: 'true' } },
    { name: 'country + category + search (Jamaica, vehicles, "toyota")', filters: { country: 'Jamaica', category: 'vehicles', q: 'toyota' } },
  ],
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
});
