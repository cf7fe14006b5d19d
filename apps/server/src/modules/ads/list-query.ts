import { sql, type SQL } from 'drizzle-orm';
import { searchFold } from '@caribconnect/shared';
import { afterCursor, isoText, type Keyset } from '../../lib/keyset';
import { ownerInGoodStanding, visibleTo } from '../../lib/moderation';
import { packedColumns, type PackedRow } from '../../lib/packed-rows';

/** Descriptions on cards are cut to this many characters (the card clamps them to a few lines). */
export const SUMMARY_CHARS = 220;

/**
 * Rows, newest first, the probe reads before handing a search term to the trigram index. A term
 * found in at least ~1% of ads fills a page from this window (as for jobs: docs/decisions/0003).
 */
export const PROBE_ROWS = 2000;

/** pg_trgm extracts no trigram from shorter terms. */
export const TRIGRAM_MIN = 3;

/** A position in the list by price: (price, id), ascending or descending. */
export interface PriceKeyset {
  price: string;
  id: string;
}

export interface AdFilters {
  q?: string;
  categoryId?: string;
  /** English name, one of CARIBBEAN_COUNTRIES. */
  country?: string;
  /** The chosen country's currency: a price range and the price sort compare only ads priced in it. */
  currency?: string;
  minPrice?: number;
  maxPrice?: number;
  free?: boolean;
  sort?: 'newest' | 'price' | 'price_desc' | 'relevance';
  after: Keyset | null;
  /** The cursor of the price sorts. */
  afterPrice?: PriceKeyset | null;
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
  priceKind: 'amount' | 'free' | 'on_request';
  /** numeric as text, exact for the cursor. */
  priceText: string | null;
  currency: string | null;
  negotiable: boolean;
  country: string | null;
  town: string | null;
  expiresAt: string;
  expired: boolean;
  listingPrice: string | null;
  listingCurrency: string | null;
}

/** The term as a LIKE pattern matching it anywhere, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A card's columns, each named by its key of AdSummaryRow; a row carries them as one JSON array. */
const CARD = packedColumns<AdSummaryRow>([
  ['id', 'a.id'],
  ['createdAt', isoText('a.created_at')],
  ['title', 'a.title'],
  ['description', `left(a.description, ${SUMMARY_CHARS})`],
  ['truncated', `length(a.description) > ${SUMMARY_CHARS}`],
  ['categoryId', 'a.category_id'],
  ['categoryName', '(select c.name from ad_categories c where c.id = a.category_id)'],
  ['categorySlug', '(select c.slug from ad_categories c where c.id = a.category_id)'],
  ['userId', 'a.user_id'],
  ['image', 'a.image'],
  ['poster', 'a.poster'],
  ['hasVideo', 'a.video_key is not null'],
  ['awaitingPayment', 'a.awaiting_payment'],
  ['priceKind', 'a.price_kind'],
  ['priceText', 'a.price::text'],
  ['currency', 'a.currency'],
  ['negotiable', 'a.negotiable'],
  ['country', 'a.country'],
  ['town', 'a.town'],
  ['expiresAt', isoText('a.expires_at')],
  ['expired', 'a.expires_at <= now()'],
  ['listingPrice', 'a.listing_price::text'],
  ['listingCurrency', 'a.listing_currency'],
]);
const COLUMNS = CARD.select;
// The category's name and slug are read by scalar subqueries rather than a join: a page's rows look
// up one small table by primary key either way, but without the join the planner has one relation
// less to plan, which on PGlite is a measurable part of every page (decision 0052).
const FROM = sql.raw('ads a');
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
 * (id, created_at, search_lc, user_id, awaiting_payment), and is final when it fills the page; the
 * owner's standing and moderation are checked on the matches only, not on the whole window (a
 * superset of the visible candidates in the same order, so a full page is still the true first
 * page; decision 0045); (2) otherwise the trigram index
 * collects the matches' (id, created_at) in a materialized CTE, which is sorted (few: a common term
 * ended in step 1) and the page is read by id. A term shorter than 3 characters has no trigram: it
 * matches titles only, through the index of each title's 1- and 2-character substrings.
 */
/** Which ads the list may show: `own` tests the ad's own columns (the probe's window applies these alone), `exact` all. */
function adConditions(f: AdFilters) {
  // Paid ads of people in good standing (hidden while suspended or banned); the viewer's own ads too,
  // so an owner sees theirs while they await payment.
  // Expired ads are out for everyone, their owner included (who finds them under their expired ads).
  const live = sql`a.expires_at > now()`;
  // The owner's standing as the jobs list checks it (a hashed subplan, not an anti-join: less to plan).
  const standing = sql`((not a.awaiting_payment and ${ownerInGoodStanding('a.user_id')})${f.viewerId ? sql` or a.user_id = ${f.viewerId}` : sql``})`;
  const visible = visibleTo(f.viewerId ? { id: f.viewerId } : null, 'ad', 'a.id', 'a.user_id');
  // The price sorts and the ranked search have cursors of their own.
  const keyset = f.sort === undefined || f.sort === 'newest';
  const own: SQL[] = [keyset ? afterCursor('a', f.after) : sql`true`, live, ...placeAndPrice(f)];
  if (f.categoryId) own.push(sql`a.category_id = ${f.categoryId}::uuid`);
  return { own, standing, visible, exact: [...own, standing, visible] };
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * Browse Ads ranked by relevance (lib/search/ads.ts, decision 0072): the ads this list would show,
 * as a test of a search document's key, and a page's cards from the ranked rows, best first.
 */
export function rankedAdParts(f: AdFilters) {
  const { exact } = adConditions({ ...f, sort: 'relevance', after: null });
  return {
    where: (key: SQL) => sql`exists (select 1 from ads a where a.id = ${key} and ${and(exact)})`,
    cards: (ranked: SQL) => sql`with r as (${ranked})
      select ${COLUMNS} from ${FROM} join r on r.id = a.id order by r.score desc, r.created_at desc nulls last, r.id desc nulls last`,
    unpack: (row: unknown) => CARD.unpack((row as PackedRow).card),
  };
}

export function adListPlan(f: AdFilters): SQL[] {
  const { own, standing, visible, exact } = adConditions(f);
  const byPrice = f.sort === 'price' || f.sort === 'price_desc';
  const take = f.limit + 1;

  if (byPrice) {
    // (country, currency, price, id) read from the chosen country's first (or last) price onwards. A search
    // term is a plain filter here: the price order has no probe window of its own.
    const desc = f.sort === 'price_desc';
    const order = sql.raw(desc ? 'order by a.price desc, a.id desc' : 'order by a.price asc, a.id asc');
    const cursor = f.afterPrice
      ? desc
        ? sql`(a.price, a.id) < (${f.afterPrice.price}::numeric, ${f.afterPrice.id}::uuid)`
        : sql`(a.price, a.id) > (${f.afterPrice.price}::numeric, ${f.afterPrice.id}::uuid)`
      : sql`true`;
    const match = f.q
      ? [f.q.length < TRIGRAM_MIN ? sql`lower(a.title) like lower(${containsPattern(f.q)})` : sql`a.search_lc like lower(${containsPattern(f.q)})`]
      : [];
    return [sql`select ${COLUMNS} from ${FROM} where ${and([...exact, cursor, sql`a.price is not null`, ...match])} ${order} limit ${take}`];
  }

  if (!f.q) return [sql`select ${COLUMNS} from ${FROM} where ${and(exact)} ${ORDER} limit ${take}`];

  const short = f.q.length < TRIGRAM_MIN;
  const pattern = containsPattern(f.q);
  // Short terms ("TV", "AC") match titles only: no index can find a rare two letters in descriptions.
  // search_lc is search_fold(title) and search_fold(description): the long term is folded the same way.
  const match = short ? sql`lower(a.title) like lower(${pattern})` : sql`a.search_lc like ${containsPattern(searchFold(f.q.normalize('NFC')).trim())}`;
  const window = sql`select a.id, a.created_at, a.user_id, a.awaiting_payment, ${sql.raw(short ? 'a.title' : 'a.search_lc')} from ads a where ${and(own)} ${ORDER} limit ${PROBE_ROWS}`;
  const probe = sql`select ${COLUMNS} from ${FROM}
    join (select a.id from (${window}) a where ${and([match, standing, visible])} ${ORDER} limit ${take}) hit on hit.id = a.id ${ORDER}`;
  // The index that finds the matches: trigrams, or for short terms each title's 1-2 character substrings.
  const indexed = short ? [sql`job_title_grams(lower(a.title)) @> array[lower(${f.q})]`, match] : [match];
  const fallback = sql`with m as materialized (select a.id, a.created_at from ads a where ${and([...exact, ...indexed])}),
      top as (select m.id from m order by m.created_at desc nulls last, m.id desc nulls last limit ${take})
    select ${COLUMNS} from ${FROM} join top on top.id = a.id ${ORDER}`;
  return [probe, fallback];
}

/** The country, free and price-range conditions (the range in the chosen currency only). */
function placeAndPrice(f: AdFilters): SQL[] {
  const out: SQL[] = [];
  if (f.country) out.push(sql`a.country = ${f.country}`);
  if (f.free) out.push(sql`a.price_kind = 'free'`);
  if (f.currency && (f.minPrice !== undefined || f.maxPrice !== undefined || f.sort === 'price' || f.sort === 'price_desc')) {
    out.push(sql`a.currency = ${f.currency}`);
    if (f.minPrice !== undefined) out.push(sql`a.price >= ${f.minPrice}`);
    if (f.maxPrice !== undefined) out.push(sql`a.price <= ${f.maxPrice}`);
  }
  return out;
}

/** Runs the plan and returns at most limit + 1 rows. */
export async function runAdListPlan(plan: SQL[], limit: number, run: (query: SQL) => Promise<PackedRow[]>): Promise<AdSummaryRow[]> {
  let rows: PackedRow[] = [];
  for (const query of plan) {
    rows = await run(query);
    if (rows.length > limit) break;
  }
  return rows.map((row) => CARD.unpack(row.card));
}

/** The rows of ownExpiredQuery. */
export const unpackAdRows = (rows: PackedRow[]): AdSummaryRow[] => rows.map((row) => CARD.unpack(row.card));

/** The owner's ads past their closing date, newest first ((user_id, created_at, id) index). */
export function ownExpiredQuery(userId: string, after: Keyset | null, limit: number): SQL {
  return sql`select ${COLUMNS} from ${FROM} where a.user_id = ${userId} and a.expires_at <= now() and ${afterCursor('a', after)} ${ORDER} limit ${limit + 1}`;
}
