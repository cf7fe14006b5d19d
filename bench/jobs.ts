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
 * It only prints; nothing passes or fails. The skeleton is bench/lib/list-benchmark.ts.
 *
 * Environment: BENCH_JOBS (100000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10),
 * BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; "off" to skip).
 *
 * Options (issue 20, the list at a region's size):
 *   --size N        jobs in the data set (default BENCH_JOBS, else 100,000)
 *   --pg URL        measure this existing PostgreSQL database (seeded with `npm run seed -- --jobs N`,
 *                   or seeded here: only missing jobs are added) instead of a fresh one; never dropped
 *   --only pg|pglite  one database only
 *   --cases a,b     only the cases whose name contains one of these
 * With both databases it also prints each case's PGlite / server p95 ratio, and every table is
 * followed by keyset page 500 against page 1.
 */
import { parseArgs } from 'node:util';
import type { BenchFilters } from './lib/filters';
import { deepCase, keysetPage, runListBenchmark, type ListCase } from './lib/list-benchmark';

const { values: args } = parseArgs({
  options: { size: { type: 'string' }, pg: { type: 'string' }, only: { type: 'string' }, cases: { type: 'string' } },
});
if (args.only && args.only !== 'pg' && args.only !== 'pglite') throw new Error('--only takes pg or pglite');

const firstPage: ListCase<BenchFilters> = { name: 'first page, no filter', filters: {} };

await runListBenchmark<BenchFilters>({
  list: 'jobs',
  title: 'Jobs list benchmark',
  titleNote: '; load generator and server in separate processes',
  rows: Number(args.size ?? process.env.BENCH_JOBS ?? 100_000),
  only: args.only as 'pg' | 'pglite' | undefined,
  pgDatabase: args.pg,
  caseFilter: args.cases?.split(',').map((c) => c.trim()),
  limit: 20,
  totals: true,
  cases: [
    firstPage,
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
    deepCase(50),
    keysetPage(500, firstPage),
    { name: 'title, 2 characters, no match ("zq")', filters: { title: 'zq' } },
    // Issue 21: the structured fields' filters and the folded search.
    { name: 'title with accent ("curaçao")', filters: { title: 'curaçao' } },
    { name: 'workplace ("remote")', filters: { workplace: 'remote' } },
    { name: 'employment type ("internship")', filters: { type: 'internship' } },
    { name: 'salary at least (JMD 150,000 a month)', filters: { salary: '150000', per: 'month', currency: 'JMD' } },
    // Issue 20: every single filter the list offers is a case (country and title above).
    { name: 'category ("construction")', filters: { category: 'construction' } },
    { name: 'date posted ("last 7 days")', filters: { date: 'last7d' } },
    { name: 'combined (remote, part-time, TTD 10,000 a month)', filters: { workplace: 'remote', type: 'part-time', salary: '10000', currency: 'TTD' } },
  ],
});
