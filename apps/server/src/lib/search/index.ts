import { JOBS_TOTAL_CAP, type JobPage, type JobSummary } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { CARD, type JobFilters, type JobSummaryRow } from '../job-list-query';
import { rowsOf } from '../keyset';
import { analyzeJobsQuery, decodeRankedCursor, encodeRankedCursor, RANKED_WINDOW, rankedCountSql, rankedJobsSql } from './jobs';
import { type RankedLevel, runRanked } from './rank';
import { didYouMean } from './suggest';

/**
 * The search (decision 0072), behind one door: the routes ask this module for a ranked page and
 * know nothing of tsvectors, the lexicon or the vocabulary. An external engine (OpenSearch,
 * Meilisearch: docs/deploy.md) would answer these same functions.
 */

/** The filters a "without the X filter" offer may drop, in the order they are offered when counts tie. */
const DROPPABLE = ['country', 'category', 'date', 'type', 'workplace', 'salary', 'verified'] as const;

interface TotalsCache {
  has(f: JobFilters, now: number): boolean;
  remember(f: JobFilters, now: number): void;
}

/**
 * A page of jobs ranked by relevance to the filters' search words, or null when the words hold no
 * word of two or more characters (the newest-first list answers those). When the first page finds
 * nothing it says what the person may have meant and which filter hides how many jobs.
 */
export async function searchJobs(
  db: Db,
  filters: JobFilters,
  opts: { cursor?: string; now: Date; cappedTotals?: TotalsCache; toSummary: (row: JobSummaryRow) => JobSummary; rankedBudgetMs?: number },
): Promise<JobPage | null> {
  const run = <R>(q: Parameters<Db['execute']>[0]) => rowsOf<R>(db.execute(q));
  const analyzed = await analyzeJobsQuery(filters.title, run);
  if (!analyzed) return null;
  const offset = decodeRankedCursor(opts.cursor);
  const query = (level: RankedLevel) => rankedJobsSql(analyzed, filters, opts.now, offset, level);
  const first = query(0);
  // The first page's total is counted beside the page, not after it (each on its own connection on the server).
  const [rows, total] = await Promise.all([
    first ? runRanked<{ card: unknown[] }>(db, (level) => (level === 0 ? first : query(level)!), opts.rankedBudgetMs) : [],
    opts.cursor ? null : count(db, analyzed, filters, opts.now, opts.cappedTotals),
  ]);
  const more = rows.length > filters.limit && offset + filters.limit < RANKED_WINDOW;
  const items = rows.slice(0, filters.limit).map((r) => opts.toSummary(CARD.unpack(r.card)));
  const page: JobPage = { items, nextCursor: more ? encodeRankedCursor(offset + filters.limit) : null, sort: 'relevance' };
  if (!total) return page;
  if (items.length > 0) return { ...page, total };
  const suggestion = await didYouMean(analyzed, run);
  const without = await withoutFilter(db, analyzed, filters, opts.now);
  return { ...page, total, ...(suggestion ? { didYouMean: suggestion } : {}), ...(without.length ? { withoutFilter: without } : {}) };
}

async function count(db: Db, analyzed: Parameters<typeof rankedCountSql>[0], filters: JobFilters, now: Date, cache?: TotalsCache) {
  if (cache?.has(filters, now.getTime())) return { count: JOBS_TOTAL_CAP, capped: true };
  const query = rankedCountSql(analyzed, filters, now, JOBS_TOTAL_CAP);
  const [row] = query ? await rowsOf<{ n: number }>(db.execute(query)) : [];
  const n = row?.n ?? 0;
  if (n > JOBS_TOTAL_CAP) cache?.remember(filters, now.getTime());
  return { count: Math.min(n, JOBS_TOTAL_CAP), capped: n > JOBS_TOTAL_CAP };
}

/** For each filter in use, how many jobs the same search finds without it (counted to the cap), the largest first. */
async function withoutFilter(db: Db, analyzed: Parameters<typeof rankedCountSql>[0], filters: JobFilters, now: Date) {
  const found: Array<{ filter: string; count: number }> = [];
  for (const key of DROPPABLE) {
    if (!filters[key]) continue;
    const relaxed: JobFilters = { ...filters, [key]: undefined, ...(key === 'salary' ? { per: undefined, currency: undefined } : {}) };
    const query = rankedCountSql(analyzed, relaxed, now, JOBS_TOTAL_CAP);
    const [row] = query ? await rowsOf<{ n: number }>(db.execute(query)) : [];
    if (row && row.n > 0) found.push({ filter: key, count: Math.min(row.n, JOBS_TOTAL_CAP) });
  }
  return found.sort((a, b) => b.count - a.count);
}
export { searchAds, type RankedAdPage } from './ads';
