import { sql, type SQL } from 'drizzle-orm';
import { afterCursor, isoText, type Keyset } from '../../lib/keyset';
import { visibleTo } from '../../lib/moderation';

/** Descriptions on cards are cut to this many characters (the card clamps them to a few lines). */
export const SUMMARY_CHARS = 220;

/**
 * Rows, newest first, the probe reads before handing a search term to the trigram index. A term
 * found in at least ~1% of ads fills a page from this window (as for jobs: docs/decisions/0003).
 */
export const PROBE_ROWS = 2000;

/** pg_trgm extracts no trigram from shorter terms. */
export const TRIGRAM_MIN = 3;

export interface AdFilters {
  q?: string;
  categoryId?: string;
  after: Keyset | null;
  limit: number;
  /** The signed-in viewer, who also sees their own unpaid ads. */
  viewerId?: string;
}

export interface AdSummaryRow extends Keyset {
  title: string;
  description: string;
  truncated: boolean;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  userId: string;
  image: unknown;
  poster: unknown;
  hasVideo: boolean;
  awaitingPayment: boolean;
}

/** The term as a LIKE pattern matching it anywhere, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const COLUMNS = sql.raw(
  `a.id, ${isoText('a.created_at')} as "createdAt", a.title, left(a.description, ${SUMMARY_CHARS}) as description, ` +
    `length(a.description) > ${SUMMARY_CHARS} as truncated, a.category_id as "categoryId", c.name as "categoryName", ` +
    `c.slug as "categorySlug", a.user_id as "userId", a.image, a.poster, a.video_key is not null as "hasVideo", a.awaiting_payment as "awaitingPayment"`,
);
const FROM = sql.raw('ads a left join ad_categories c on c.id = a.category_id');
// NULLS LAST as the index is built (drizzle's default for desc): plain DESC means NULLS FIRST, which
// the planner cannot read from that index, so every page would sort the whole table.
const ORDER = sql.raw('order by a.created_at desc nulls last, a.id desc nulls last');

/**
 * The statements that answer one page of Browse Ads, to try in order until one fills the page (the
 * last one's answer is final). The cursor and category are exact conditions their btrees read in list
 * order; alone they make one statement reading just the page.
 *
 * A search term (case-insensitive substring of title or description) is a filter no btree gives in
 * list order, so, as for jobs: (1) a probe filters the newest PROBE_ROWS candidates, reading only
 * (id, created_at, search_lc), and is final when it fills the page; (2) otherwise the trigram index
 * collects the matches' (id, created_at) in a materialized CTE, which is sorted (few: a common term
 * ended in step 1) and the page is read by id. A term shorter than 3 characters has no trigram: it
 * matches titles only, through the index of each title's 1- and 2-character substrings.
 */
export function adListPlan(f: AdFilters): SQL[] {
  // Paid ads of people in good standing (hidden while suspended or banned); the viewer's own ads too,
  // so an owner sees theirs while they await payment.
  const listed = sql`((not a.awaiting_payment and not exists (select 1 from profiles o where o.id = a.user_id and o.role in ('suspended', 'banned')))${f.viewerId ? sql` or a.user_id = ${f.viewerId}` : sql``})`;
  const exact: SQL[] = [afterCursor('a', f.after), listed, visibleTo(f.viewerId ? { id: f.viewerId } : null, 'ad', 'a.id', 'a.user_id')];
  if (f.categoryId) exact.push(sql`a.category_id = ${f.categoryId}::uuid`);
  const take = f.limit + 1;
  const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

  if (!f.q) return [sql`select ${COLUMNS} from ${FROM} where ${and(exact)} ${ORDER} limit ${take}`];

  const short = f.q.length < TRIGRAM_MIN;
  const pattern = containsPattern(f.q);
  // Short terms ("TV", "AC") match titles only: no index can find a rare two letters in descriptions.
  const match = short ? sql`lower(a.title) like lower(${pattern})` : sql`a.search_lc like lower(${pattern})`;
  const window = sql`select a.id, a.created_at, ${sql.raw(short ? 'a.title' : 'a.search_lc')} from ads a where ${and(exact)} ${ORDER} limit ${PROBE_ROWS}`;
  const probe = sql`select ${COLUMNS} from ${FROM}
    join (select a.id from (${window}) a where ${match} ${ORDER} limit ${take}) hit on hit.id = a.id ${ORDER}`;
  // The index that finds the matches: trigrams, or for short terms each title's 1-2 character substrings.
  const indexed = short ? [sql`job_title_grams(lower(a.title)) @> array[lower(${f.q})]`, match] : [match];
  const fallback = sql`with m as materialized (select a.id, a.created_at from ads a where ${and([...exact, ...indexed])}),
      top as (select m.id from m order by m.created_at desc nulls last, m.id desc nulls last limit ${take})
    select ${COLUMNS} from ${FROM} join top on top.id = a.id ${ORDER}`;
  return [probe, fallback];
}

/** Runs the plan and returns at most limit + 1 rows. */
export async function runAdListPlan(plan: SQL[], limit: number, run: (query: SQL) => Promise<AdSummaryRow[]>): Promise<AdSummaryRow[]> {
  let rows: AdSummaryRow[] = [];
  for (const query of plan) {
    rows = await run(query);
    if (rows.length > limit) break;
  }
  return rows;
}
