import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { AD_LIFETIME_DAYS, currencyOfCountry, type Ad, type AdCategory, type AdPage, type AdSummary, type Currency } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { adCategories, ads, type StoredPicture } from '../../db/schema';
import { adFileKeys } from '../../lib/ad-files';
import { badRequest, notFound } from '../../lib/http-error';
import { readPaymentSettings } from '../../lib/settings';
import { isUuid } from '../../lib/ids';
import { visibleTo } from '../../lib/moderation';
import { decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';
import type { Storage } from '../../lib/storage/storage';
import type { UploadedFile } from '../../plugins/storage';
import { searchAds } from '../../lib/search';
import { adListPlan, ownExpiredQuery, rankedAdParts, runAdListPlan, unpackAdRows, type AdFilters, type AdSummaryRow, type PriceKeyset } from './list-query';
import type { PackedRow } from '../../lib/packed-rows';
import { pictureOut, preparePicture, prepareVideo, videoOut, writeAll, type PreparedPicture, type PreparedVideo } from './media';

export const AD_NOT_FOUND = 'Ad not found.';
export const AD_NOT_FOUND_OR_DENIED = 'Ad not found or access denied.';
const notFoundOrDenied = () => notFound(AD_NOT_FOUND_OR_DENIED, 'AD_NOT_FOUND_OR_DENIED');

export interface AdText {
  title: string;
  description: string;
  categoryId: string;
  country: string;
  town?: string;
  priceKind?: 'amount' | 'free' | 'on_request';
  price?: string;
  currency?: string;
  negotiable?: string;
}

/** The stored price columns of validated fields (adFields checked their consistency). */
function priceColumns(text: AdText) {
  const kind = text.priceKind ?? (text.price ? 'amount' : 'on_request');
  const currency = text.currency || currencyOfCountry(text.country) || 'USD';
  return {
    priceKind: kind,
    price: kind === 'amount' ? text.price! : kind === 'free' ? '0' : null,
    currency: kind === 'on_request' ? null : currency,
    negotiable: kind === 'amount' && (text.negotiable === 'true' || text.negotiable === 'on'),
    country: text.country,
    town: text.town || null,
  };
}

/** Place and price as the API answers them. */
function placeAndPriceOut(row: Pick<AdSummaryRow, 'priceKind' | 'priceText' | 'currency' | 'negotiable' | 'country' | 'town' | 'expiresAt' | 'expired'>) {
  return {
    priceKind: row.priceKind,
    price: row.priceText === null ? null : Number(row.priceText),
    currency: row.currency as Currency | null,
    negotiable: row.negotiable,
    country: row.country,
    town: row.town,
    expiresAt: row.expiresAt,
    expired: row.expired,
  };
}

const PRICE_CURSOR = /^p\|(\d{1,12}(?:\.\d{1,2})?)\|([0-9a-f-]{36})$/i;
const encodePriceCursor = (row: PriceKeyset) => Buffer.from(`p|${row.price}|${row.id}`).toString('base64url');
function decodePriceCursor(cursor: string | undefined): PriceKeyset | null {
  if (!cursor) return null;
  const m = /^[A-Za-z0-9_-]+$/.test(cursor) ? PRICE_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  if (!m || !isUuid(m[2]!)) throw badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
  return { price: m[1]!, id: m[2]! };
}
export interface AdUploads {
  image?: UploadedFile;
  /** Every upload is streamed to a temporary file as it arrives (plugins/storage.ts), never held in memory. */
  video?: UploadedFile;
  /** The video's preview frame, captured in the browser. */
  preview?: UploadedFile;
}

/** `ownerId`: who reads the list; their own ads carry the price each was posted at (issue 47), nobody else's do. */
function toSummary(row: AdSummaryRow, ownerId?: string): AdSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.truncated ? `${row.description.trimEnd()}…` : row.description,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    categorySlug: row.categorySlug,
    userId: row.userId,
    createdAt: row.createdAt,
    image: pictureOut(row.image as StoredPicture | null),
    preview: pictureOut(row.poster as StoredPicture | null),
    hasVideo: row.hasVideo,
    awaitingPayment: row.awaitingPayment,
    ...placeAndPriceOut(row),
    ...(ownerId && row.userId === ownerId ? { listingPrice: row.listingPrice, listingCurrency: row.listingCurrency } : {}),
  };
}

export interface AdListInput {
  q?: string;
  category?: string;
  country?: string;
  minPrice?: number;
  maxPrice?: number;
  free?: string;
  sort?: string;
  cursor?: string;
  limit: number;
}

/**
 * Browse Ads: newest first or by price, optional search, category, country, price range and free,
 * keyset-paginated. Prices compare only within one currency, the chosen country's (decision 0037):
 * a range or a price sort without a country is refused.
 */
export async function listAds(db: Db, input: AdListInput, viewerId?: string): Promise<AdPage> {
  const filters = adFiltersOf(input, viewerId);
  if (!filters) return { items: [], nextCursor: null };
  const summary = (row: AdSummaryRow) => toSummary(row, viewerId);
  // Words ranked by relevance (decision 0072) when asked; without a word of two letters, the newest-first list.
  if (filters.sort === 'relevance') {
    const ranked = await searchAds(db, filters.q, {
      ...rankedAdParts(filters),
      cursor: input.cursor,
      limit: input.limit,
      now: new Date(),
    });
    if (ranked)
      return {
        items: ranked.rows.map(summary),
        nextCursor: ranked.nextCursor,
        sort: 'relevance',
        ...(ranked.didYouMean ? { didYouMean: ranked.didYouMean } : {}),
      };
    filters.sort = 'newest';
    filters.after = decodeCursor(input.cursor);
  }
  const plan = adListPlan(filters);
  const rows = await runAdListPlan(plan, input.limit, (q) => rowsOf<PackedRow>(db.execute(q)));
  if (filters.sort === 'newest') return toPage(rows, input.limit, summary);
  const more = rows.length > input.limit;
  const items = rows.slice(0, input.limit);
  const last = items[items.length - 1];
  return { items: items.map(summary), nextCursor: more && last?.priceText ? encodePriceCursor({ price: last.priceText, id: last.id }) : null };
}

/** The list's query as the plan takes it (the benchmark runs the same); null when nothing can match. */
export function adFiltersOf(input: AdListInput, viewerId?: string): AdFilters | null {
  const sort = input.sort === 'price' || input.sort === 'price_desc' || input.sort === 'relevance' ? input.sort : 'newest';
  const byPrice = sort === 'price' || sort === 'price_desc';
  const country = input.country || undefined;
  const ranged = input.minPrice !== undefined || input.maxPrice !== undefined;
  if ((ranged || byPrice) && !country) throw badRequest('Choose a country to compare prices.', 'AD_PRICE_NEEDS_COUNTRY');
  if (input.minPrice !== undefined && input.maxPrice !== undefined && input.maxPrice < input.minPrice)
    throw badRequest('The highest price must not be below the lowest.', 'AD_PRICE_RANGE_INVALID');
  // A ranked page's cursor is its offset (lib/search), read there.
  const after = sort === 'newest' ? decodeCursor(input.cursor) : null;
  const afterPrice = byPrice ? decodePriceCursor(input.cursor) : null;
  // An unknown category matches nothing, as an empty result says better than an error.
  if (input.category && !isUuid(input.category)) return null;
  return {
    q: input.q || undefined,
    categoryId: input.category || undefined,
    country,
    currency: country ? currencyOfCountry(country) : undefined,
    minPrice: input.minPrice,
    maxPrice: input.maxPrice,
    free: input.free === 'true' || input.free === 'on',
    sort,
    after,
    afterPrice,
    limit: input.limit,
    viewerId,
  };
}

type AdRow = typeof ads.$inferSelect;

async function readAd(db: Db, id: string): Promise<Ad | null> {
  const [row] = await rowsOf<
    Omit<AdRow, 'price' | 'expiresAt'> & {
      categoryName: string | null;
      categorySlug: string | null;
      posterName: string | null;
      createdText: string;
      priceText: string | null;
      expiresAt: string;
      expired: boolean;
      listingPrice: string | null;
    }
  >(
    db.execute(sql`select a.id, a.title, a.description, a.category_id as "categoryId", a.user_id as "userId", a.image, a.poster,
        a.video_key as "videoKey", a.paid, a.awaiting_payment as "awaitingPayment", to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdText",
        a.price_kind as "priceKind", a.price::text as "priceText", a.currency, a.negotiable, a.country, a.town,
        ${sql.raw(isoText('a.expires_at'))} as "expiresAt", a.expires_at <= now() as expired,
        a.listing_price::text as "listingPrice", a.listing_currency as "listingCurrency",
        c.name as "categoryName", c.slug as "categorySlug", p.full_name as "posterName"
      from ads a left join ad_categories c on c.id = a.category_id left join profiles p on p.id = a.user_id
      where a.id = ${id}`),
  );
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    categorySlug: row.categorySlug,
    userId: row.userId,
    createdAt: row.createdText,
    image: pictureOut(row.image),
    video: videoOut(row.videoKey, row.poster),
    paid: row.paid,
    awaitingPayment: row.awaitingPayment,
    posterName: row.posterName ?? '',
    ...placeAndPriceOut(row),
    // Dropped by getAd for anyone but the owner and admins (issue 47).
    listingPrice: row.listingPrice,
    listingCurrency: row.listingCurrency,
  };
}

/**
 * One ad. An unpaid ad, or one whose owner is suspended or banned, is "not found" for everyone but
 * its owner and admins (spec section 4: hidden until paid / reinstated).
 */
export async function getAd(db: Db, id: string, viewer: { id: string; isAdmin: boolean } | null = null): Promise<Ad> {
  const found = isUuid(id) ? await readAd(db, id) : null;
  if (!found) throw notFound(AD_NOT_FOUND, 'AD_NOT_FOUND');
  if (viewer && (viewer.isAdmin || viewer.id === found.userId)) return found;
  const { listingPrice: _price, listingCurrency: _currency, ...shown } = found;
  const [hidden] = await rowsOf<{ one: number }>(
    db.execute(sql`select 1 as one from ads a where a.id = ${found.id}
      and (a.awaiting_payment or exists (select 1 from profiles o where o.id = a.user_id and o.role in ('suspended', 'banned'))
        or not ${visibleTo(viewer, 'ad', 'a.id', 'a.user_id')})`),
  );
  if (hidden) throw notFound(AD_NOT_FOUND, 'AD_NOT_FOUND');
  return shown;
}

async function assertCategory(db: Db, categoryId: string) {
  const ok = isUuid(categoryId) && (await db.select({ id: adCategories.id }).from(adCategories).where(eq(adCategories.id, categoryId))).length > 0;
  if (!ok) throw badRequest('Please select a category.', 'AD_CATEGORY_INVALID');
}

async function prepare(adId: string, uploads: AdUploads) {
  const image = uploads.image ? await preparePicture(adId, uploads.image) : undefined;
  const video = uploads.video ? prepareVideo(adId, uploads.video) : undefined;
  const poster = uploads.preview ? await preparePicture(adId, uploads.preview) : undefined;
  const files = [image, video, poster].flatMap((p: PreparedPicture | PreparedVideo | undefined) => p?.files ?? []);
  return { image, video, poster, files };
}

/**
 * Posts an ad: every picture is re-encoded first (a bad file is refused before anything is stored),
 * then the files are written and the row inserted; if the insert fails the files go. paid is false.
 */
export async function createAd(db: Db, storage: Storage, userId: string, text: AdText, uploads: AdUploads): Promise<Ad> {
  await assertCategory(db, text.categoryId);
  const id = randomUUID();
  // A preview frame belongs to a video; without one it is not even decoded.
  const media = await prepare(id, uploads.video ? uploads : { image: uploads.image });
  await writeAll(storage, media.files);
  // While ads are not free (settings.ads_free = false) a new ad waits for an admin to record its payment.
  const { adsFree, adPrice, currency } = await readPaymentSettings(db);
  try {
    await db.insert(ads).values({
      id,
      userId,
      awaitingPayment: !adsFree,
      // The ad keeps the price it was posted at: a later change applies to new ads only (issue 47).
      ...(adsFree ? {} : { listingPrice: Number(adPrice).toFixed(2), listingCurrency: currency }),
      title: text.title,
      description: text.description,
      categoryId: text.categoryId,
      ...priceColumns(text),
      image: media.image?.stored ?? null,
      videoKey: media.video?.key ?? null,
      poster: media.video ? (media.poster?.stored ?? null) : null,
    });
  } catch (err) {
    await Promise.all(media.files.map((f) => storage.delete(f.key).catch(() => {})));
    throw err;
  }
  return (await readAd(db, id))!;
}

export interface AdChanges extends AdText {
  removeImage: boolean;
  removeVideo: boolean;
}

/**
 * Edit Ad, for the owner only: the owner check is in every statement's WHERE, so someone else's ad
 * is "not found or access denied" and stays as it was. New media replace old; returns the updated ad
 * and the storage keys nothing points at any more, for the caller to remove after the commit.
 */
export async function updateOwnAd(
  db: Db,
  storage: Storage,
  id: string,
  userId: string,
  changes: AdChanges,
  uploads: AdUploads,
): Promise<{ ad: Ad; unused: string[] }> {
  if (!isUuid(id)) throw notFoundOrDenied();
  const owned = async (tx: Db, lock: boolean) =>
    (
      await rowsOf<{ image: StoredPicture | null; poster: StoredPicture | null; videoKey: string | null }>(
        tx.execute(sql`select image, poster, video_key as "videoKey" from ads where id = ${id} and user_id = ${userId} ${lock ? sql`for update` : sql``}`),
      )
    )[0];
  // Checked before the pictures are processed, so a stranger's request costs no image work.
  const before = await owned(db, false);
  if (!before) throw notFoundOrDenied();
  await assertCategory(db, changes.categoryId);
  const media = await prepare(id, uploads);
  await writeAll(storage, media.files);

  let unused: string[];
  try {
    unused = await db.transaction(async (tx) => {
      const current = await owned(tx as unknown as Db, true);
      if (!current) throw notFoundOrDenied();
      const image = media.image ? media.image.stored : changes.removeImage ? null : current.image;
      const videoKey = media.video ? media.video.key : changes.removeVideo ? null : current.videoKey;
      const poster = !videoKey ? null : media.poster ? media.poster.stored : media.video ? null : current.poster;
      await tx
        .update(ads)
        .set({
          title: changes.title,
          description: changes.description,
          categoryId: changes.categoryId,
          ...priceColumns(changes),
          image,
          videoKey,
          poster,
          updatedAt: new Date(),
        })
        .where(sql`${ads.id} = ${id} and ${ads.userId} = ${userId}`);
      const kept = new Set(adFileKeys({ image, poster, videoKey }));
      return adFileKeys(current).filter((key) => !kept.has(key));
    });
  } catch (err) {
    // Files written for this request that the row does not point at (the update failed); an unchanged
    // picture sent again has its old name, which the row still uses.
    const inUse = new Set(adFileKeys(before));
    await Promise.all(media.files.filter((f) => !inUse.has(f.key)).map((f) => storage.delete(f.key).catch(() => {})));
    throw err;
  }
  return { ad: (await readAd(db, id))!, unused };
}

/**
 * Deletes an ad; only its owner (or an admin) finds it. Returns the storage keys to remove after
 * the commit.
 */
export async function deleteAd(db: Db, id: string, caller: { id: string; isAdmin: boolean }): Promise<string[]> {
  if (!isUuid(id)) throw notFoundOrDenied();
  const removed = await db
    .delete(ads)
    .where(sql`${ads.id} = ${id} and (${ads.userId} = ${caller.id} or ${caller.isAdmin})`)
    .returning({ image: ads.image, poster: ads.poster, videoKey: ads.videoKey });
  if (!removed[0]) throw notFoundOrDenied();
  return adFileKeys(removed[0]);
}

/**
 * Renew: the owner's ad is listed again for AD_LIFETIME_DAYS from today (never shortened), and its
 * reminders start over. The owner check is in the UPDATE: anyone else's ad, an admin's included, is
 * "not found or access denied" and stays as it was.
 */
export async function renewOwnAd(db: Db, id: string, userId: string): Promise<Ad> {
  if (!isUuid(id)) throw notFoundOrDenied();
  const renewed = await rowsOf<{ id: string }>(
    db.execute(sql`update ads set expires_at = greatest(expires_at, now() + make_interval(days => ${AD_LIFETIME_DAYS})), reminders_sent = 0, updated_at = now()
      where id = ${id} and user_id = ${userId} returning id`),
  );
  if (!renewed[0]) throw notFoundOrDenied();
  return (await readAd(db, id))!;
}

/** The signed-in person's expired ads, newest first, for Renew. */
export async function listOwnExpiredAds(db: Db, userId: string, cursor: string | undefined, limit: number): Promise<AdPage> {
  const rows = unpackAdRows(await rowsOf<PackedRow>(db.execute(ownExpiredQuery(userId, decodeCursor(cursor), limit))));
  return toPage(rows, limit, (row) => toSummary(row, userId));
}

export async function listAdCategories(db: Db): Promise<AdCategory[]> {
  return db.select().from(adCategories).orderBy(asc(adCategories.name));
}
