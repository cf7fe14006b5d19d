import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Ad, AdCategory, AdPage, AdSummary } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { adCategories, ads, type StoredPicture } from '../../db/schema';
import { adFileKeys } from '../../lib/ad-files';
import { badRequest, notFound } from '../../lib/http-error';
import { readPaymentSettings } from '../../lib/settings';
import { isUuid } from '../../lib/ids';
import { decodeCursor, rowsOf, toPage } from '../../lib/keyset';
import type { Storage } from '../../lib/storage/storage';
import type { SpooledFile, UploadedFile } from '../../plugins/storage';
import { adListPlan, runAdListPlan, type AdSummaryRow } from './list-query';
import { pictureOut, preparePicture, prepareVideo, videoOut, writeAll, type PreparedPicture, type PreparedVideo } from './media';

export const AD_NOT_FOUND = 'Ad not found.';
export const AD_NOT_FOUND_OR_DENIED = 'Ad not found or access denied.';
const notFoundOrDenied = () => notFound(AD_NOT_FOUND_OR_DENIED, 'AD_NOT_FOUND_OR_DENIED');

export interface AdText {
  title: string;
  description: string;
  categoryId: string;
}
export interface AdUploads {
  image?: UploadedFile;
  /** Streamed to a temporary file as it arrived (plugins/storage.ts), never held in memory. */
  video?: SpooledFile;
  /** The video's preview frame, captured in the browser. */
  preview?: UploadedFile;
}

function toSummary(row: AdSummaryRow): AdSummary {
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
  };
}

/** Browse Ads: newest first, optional search and category, keyset-paginated. */
export async function listAds(db: Db, input: { q?: string; category?: string; cursor?: string; limit: number }, viewerId?: string): Promise<AdPage> {
  const after = decodeCursor(input.cursor);
  // An unknown category matches nothing, as an empty result says better than an error.
  if (input.category && !isUuid(input.category)) return { items: [], nextCursor: null };
  const plan = adListPlan({ q: input.q || undefined, categoryId: input.category || undefined, after, limit: input.limit, viewerId });
  const rows = await runAdListPlan(plan, input.limit, (q) => rowsOf<AdSummaryRow>(db.execute(q)));
  return toPage(rows, input.limit, toSummary);
}

type AdRow = typeof ads.$inferSelect;

async function readAd(db: Db, id: string): Promise<Ad | null> {
  const [row] = await rowsOf<AdRow & { categoryName: string | null; categorySlug: string | null; posterName: string | null; createdText: string }>(
    db.execute(sql`select a.id, a.title, a.description, a.category_id as "categoryId", a.user_id as "userId", a.image, a.poster,
        a.video_key as "videoKey", a.paid, a.awaiting_payment as "awaitingPayment", to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdText",
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
  const [hidden] = await rowsOf<{ one: number }>(
    db.execute(sql`select 1 as one from ads a where a.id = ${found.id}
      and (a.awaiting_payment or exists (select 1 from profiles o where o.id = a.user_id and o.role in ('suspended', 'banned')))`),
  );
  if (hidden) throw notFound(AD_NOT_FOUND, 'AD_NOT_FOUND');
  return found;
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
  const { adsFree } = await readPaymentSettings(db);
  try {
    await db.insert(ads).values({
      id,
      userId,
      awaitingPayment: !adsFree,
      title: text.title,
      description: text.description,
      categoryId: text.categoryId,
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
        .set({ title: changes.title, description: changes.description, categoryId: changes.categoryId, image, videoKey, poster, updatedAt: new Date() })
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

export async function listAdCategories(db: Db): Promise<AdCategory[]> {
  return db.select().from(adCategories).orderBy(asc(adCategories.name));
}
