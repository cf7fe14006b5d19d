import { sql, type SQL } from 'drizzle-orm';
import type { JobDateFilter } from '@caribconnect/shared';
import { afterCursor, isoText, type Keyset } from './keyset';

/** Descriptions on list cards are cut to this many characters (the card shows two lines). */
export const SUMMARY_CHARS = 300;

/**
 * How many rows, newest first, the first attempt reads before giving up on a title or country
 * filter. A term that matches at least ~1% of jobs fills a page from this window; rarer terms go
 * to the trigram index instead (see jobListPlan).
 */
export const PROBE_ROWS = 2000;

/** pg_trgm extracts no trigram from a term shorter than this, so its index cannot help. */
export const TRIGRAM_MIN = 3;

export interface JobFilters {
  title?: string;
  category?: string;
  country?: string;
  date?: JobDateFilter;
  after: Keyset | null;
  limit: number;
  /** Only this owner's jobs (Your Job Listings). */
  userId?: string;
}

export interface JobSummaryRow extends Keyset {
  title: string;
  company: string;
  country: string;
  category: string;
  description: string;
  truncated: boolean;
  salary: string;
}

/** Start of the date filter's window. thisYear starts on 1 January, UTC. */
export function dateCutoff(date: JobDateFilter, now: Date): Date {
  const day = 24 * 60 * 60 * 1000;
  switch (date) {
    case 'last24h':
      return new Date(now.getTime() - day);
    case 'last3d':
      return new Date(now.getTime() - 3 * day);
    case 'last7d':
      return new Date(now.getTime() - 7 * day);
    case 'last30d':
      return new Date(now.getTime() - 30 * day);
    case 'thisYear':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  }
}

/** The term as a LIKE pattern matching it anywhere, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SUMMARY_COLUMNS = sql.raw(
  `j.id, ${isoText('j.created_at')} as "createdAt", j.title, j.company, j.country, j.category, ` +
    `left(j.description, ${SUMMARY_CHARS}) as description, length(j.description) > ${SUMMARY_CHARS} as truncated, j.salary`,
);
const ORDER = sql.raw('order by j.created_at desc nulls last, j.id desc nulls last');

/**
 * The SQL statements that answer one page of the jobs list, in the order to try them: run the first;
 * if it fills the page (limit + 1 rows) it is the answer, otherwise run the next, whose answer is
 * final.
 *
 * Why two: with `ORDER BY created_at DESC LIMIT n` and a substring filter the planner may walk the
 * created_at index and test every row, which scans the whole table when the term is rare; if it
 * chooses the trigram index instead, a common term makes it fetch and sort thousands of rows. So
 * the first statement walks only the newest PROBE_ROWS rows (always cheap, and enough for any
 * common term); the fallback collects the matches' (id, created_at) through the trigram index in a
 * materialized CTE (no LIMIT inside, so the planner has no reason to walk created_at), sorts only
 * those, which are few since a common term would have filled the page already, and reads the
 * page's rows by id.
 *
 * Date and cursor are range conditions on the created_at index and never need the fallback; nor
 * does category alone, which has its own (lower(category), created_at, id) index.
 */
export function jobListPlan(f: JobFilters, now: Date): SQL[] {
  const range: SQL[] = [afterCursor('j', f.after)];
  if (f.date) range.push(sql`j.created_at >= ${dateCutoff(f.date, now).toISOString()}::timestamptz`);
  if (f.userId) range.push(sql`j.user_id = ${f.userId}`);
  const category = f.category ? sql`lower(j.category) = lower(${f.category})` : null;
  const terms: SQL[] = [];
  // title_lc and country_lc are lower(title) and lower(country), stored; LIKE on them is ILIKE without the per-row case folding.
  if (f.title) terms.push(sql`j.title_lc like lower(${containsPattern(f.title)})`);
  if (f.country) terms.push(sql`j.country_lc like lower(${containsPattern(f.country)})`);
  const take = f.limit + 1;

  const all = [...range, ...(category ? [category] : []), ...terms];
  const plain = sql`select ${SUMMARY_COLUMNS} from jobs j where ${sql.join(all, sql` and `)} ${ORDER} limit ${take}`;
  if (terms.length === 0) return [plain];

  const window = [...range, ...(category ? [category] : [])];
  const probe = sql`select ${SUMMARY_COLUMNS} from (select * from jobs j where ${sql.join(window, sql` and `)} ${ORDER} limit ${PROBE_ROWS}) j
    where ${sql.join(terms, sql` and `)} ${ORDER} limit ${take}`;

  const indexable = (f.title?.length ?? 0) >= TRIGRAM_MIN || (f.country?.length ?? 0) >= TRIGRAM_MIN;
  if (!indexable) return [probe, plain];
  // Only (id, created_at) of the matches are materialized and sorted; the page's rows are then read by id.
  const fallback = sql`with m as materialized (select j.id, j.created_at from jobs j where ${sql.join(all, sql` and `)}),
      top as (select m.id from m order by m.created_at desc nulls last, m.id desc nulls last limit ${take})
    select ${SUMMARY_COLUMNS} from jobs j join top on top.id = j.id ${ORDER}`;
  return [probe, fallback];
}

/** Runs a plan: each statement until one fills the page; the last one's rows are final. */
export async function runJobListPlan(plan: SQL[], limit: number, run: (query: SQL) => Promise<JobSummaryRow[]>) {
  let rows: JobSummaryRow[] = [];
  for (const query of plan) {
    rows = await run(query);
    if (rows.length > limit) break;
  }
  return rows;
}
