import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoText, rowsOf } from '../../lib/keyset';
import { notHeldText, ownerInGoodStandingText } from '../../lib/moderation';
import type { SitemapUrl } from './xml';

/**
 * How many URLs one sitemap file holds: half the protocol's 50,000, because each URL carries its
 * seven language alternates (about 1 KB in all), and a full file must stay under the protocol's
 * 50 MB. A setting object, not a constant, so a test can prove the index and its paging with a
 * handful of rows.
 */
export const SITEMAP_DEFAULTS = { urlsPerFile: 25_000, batchRows: 5_000 } as const;
export const sitemapSettings: { urlsPerFile: number; batchRows: number } = { ...SITEMAP_DEFAULTS };

/** Public screens that are not a listing, in the order a visitor meets them. */
export const STATIC_PAGES = ['/', '/jobs', '/ads', '/consultants', '/companies', '/faq', '/about', '/terms'];

export type ListingKind = 'jobs' | 'ads' | 'consultants' | 'companies';
export const LISTING_KINDS: ListingKind[] = ['jobs', 'ads', 'consultants', 'companies'];

/**
 * What an anonymous visitor sees of each kind, as its list query hides the rest (lib/job-list-query.ts,
 * ads/list-query.ts, consultants/service.ts): paid jobs, ads not awaiting payment, and never the
 * listings of a suspended or banned owner, nor a job or ad past its closing date. Queried from the tables directly: a module never imports another module.
 */
const KINDS: Record<ListingKind, { table: string; visible: string; path: (key: string) => string; key: string }> = {
  jobs: {
    table: 'jobs j',
    visible: `j.paid and j.expires_at > now() and ${ownerInGoodStandingText('j.user_id')} and ${notHeldText('job', 'j.id')}`,
    key: 'j.id::text',
    path: (id) => `/jobs/${id}`,
  },
  ads: {
    table: 'ads j',
    visible: `not j.awaiting_payment and j.expires_at > now() and ${ownerInGoodStandingText('j.user_id')} and ${notHeldText('ad', 'j.id')}`,
    key: 'j.id::text',
    path: (id) => `/ads/${id}`,
  },
  // A consultant's public page is their profile.
  consultants: {
    table: 'consultants j',
    visible: `${ownerInGoodStandingText('j.user_id')} and ${notHeldText('consultant', 'j.user_id')} and ${notHeldText('profile', 'j.user_id')}`,
    key: 'j.user_id',
    path: (userId) => `/profile/${encodeURIComponent(userId)}`,
  },
  // A company's page (issue 44) at its current slug; a suspended company is hidden.
  companies: {
    table: 'companies j',
    visible: 'j.suspended_at is null',
    key: 'j.slug',
    path: (slug) => `/companies/${encodeURIComponent(slug)}`,
  },
};

interface Cursor {
  createdAt: string;
  id: string;
}

/**
 * Oldest first, (created_at, id): each kind's (created_at desc, id desc) index read backwards (NULLS
 * FIRST is that index's order read backwards). Oldest first keeps the early files stable as new
 * listings arrive at the end.
 *
 * Files are cut by position in that index, hidden rows included, and visibility is a column of each
 * row rather than a WHERE condition: every query is then a plain walk of the index from a cursor,
 * with a limit, which the planner cannot turn into a scan and sort of the whole table (it did, for
 * `not exists` conditions it misjudged). A file thus lists at most urlsPerFile URLs, fewer when some
 * of its rows are hidden.
 */
const ORDER = sql.raw('order by j.created_at asc nulls first, j.id asc nulls first');
const after = (c: Cursor | null) => (c ? sql`where (j.created_at, j.id) > (${c.createdAt}::timestamptz, ${c.id}::uuid)` : sql``);
const table = (kind: ListingKind) => sql.raw(KINDS[kind].table);

/** How many rows a kind's table holds, counting no further than `cap` (enough to decide on an index). */
export async function countRows(db: Db, kind: ListingKind, cap?: number): Promise<number> {
  const limit = cap === undefined ? sql`` : sql`limit ${cap}`;
  const [row] = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from (select 1 from ${table(kind)} ${limit}) v`));
  return row?.n ?? 0;
}

/**
 * Where file `page` (1-based) of a kind starts: page − 1 hops of urlsPerFile rows along the index,
 * each continuing from the previous hop. Null for the first file.
 */
async function startOf(db: Db, kind: ListingKind, page: number, perFile: number): Promise<Cursor | null | 'past-the-end'> {
  let cursor: Cursor | null = null;
  for (let hop = 1; hop < page; hop++) {
    const [last]: Cursor[] = await rowsOf<Cursor>(
      db.execute(sql`select ${sql.raw(isoText('j.created_at'))} as "createdAt", j.id from ${table(kind)} ${after(cursor)} ${ORDER}
        offset ${perFile - 1} limit 1`),
    );
    if (!last) return 'past-the-end';
    cursor = last;
  }
  return cursor;
}

/**
 * The URLs of file `page` of a kind, read in keyset batches of batchRows, or null when the file
 * does not exist (past the last row; file 1 always exists, even empty).
 */
export async function listingUrls(db: Db, kind: ListingKind, page: number, baseUrl: string): Promise<SitemapUrl[] | null> {
  const { urlsPerFile: perFile, batchRows } = sitemapSettings;
  const start = await startOf(db, kind, page, perFile);
  if (start === 'past-the-end') return null;
  const spec = KINDS[kind];
  const urls: SitemapUrl[] = [];
  let cursor = start;
  let read = 0;
  while (read < perFile) {
    const take = Math.min(batchRows, perFile - read);
    const rows = await rowsOf<Cursor & { key: string; lastmod: string; visible: boolean }>(
      db.execute(sql`select ${sql.raw(isoText('j.created_at'))} as "createdAt", j.id, ${sql.raw(spec.key)} as key,
          ${sql.raw(isoText('j.updated_at'))} as lastmod, ${sql.raw(spec.visible)} as visible
        from ${table(kind)} ${after(cursor)} ${ORDER} limit ${take}`),
    );
    for (const row of rows) if (row.visible) urls.push({ loc: baseUrl + spec.path(row.key), lastmod: row.lastmod });
    read += rows.length;
    if (rows.length < take) break;
    cursor = rows[rows.length - 1]!;
  }
  if (page > 1 && read === 0) return null;
  return urls;
}

export const staticUrls = (baseUrl: string): SitemapUrl[] => STATIC_PAGES.map((p) => ({ loc: baseUrl + p }));

export type SitemapPlan = { kind: 'single'; urls: SitemapUrl[] } | { kind: 'index'; files: string[] };

/**
 * /sitemap.xml: every URL in one file while they fit, else an index of files: the static pages,
 * then each kind in files of urlsPerFile rows (jobs-1.xml, jobs-2.xml, …).
 */
export async function planSitemap(db: Db, baseUrl: string): Promise<SitemapPlan> {
  const perFile = sitemapSettings.urlsPerFile;
  const pages = staticUrls(baseUrl);
  let total = pages.length;
  const counts = new Map<ListingKind, number>();
  for (const kind of LISTING_KINDS) {
    // Counting stops once one file would be full: past that the answer is an index anyway.
    const n = await countRows(db, kind, perFile + 1);
    counts.set(kind, n);
    total += n;
  }
  if (total <= perFile) {
    const urls = [...pages];
    for (const kind of LISTING_KINDS) if (counts.get(kind)) urls.push(...(await listingUrls(db, kind, 1, baseUrl))!);
    return { kind: 'single', urls };
  }
  const files = ['pages.xml'];
  for (const kind of LISTING_KINDS) {
    const n = counts.get(kind)! > perFile ? await countRows(db, kind) : counts.get(kind)!;
    const fileCount = Math.max(1, Math.ceil(n / perFile));
    for (let i = 1; i <= fileCount; i++) files.push(`${kind}-${i}.xml`);
  }
  return { kind: 'index', files };
}
