import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { ads, type StoredPicture } from '../db/schema';
import { variantKey } from './images/names';
import type { Storage } from './storage/storage';

/**
 * Variants every ad picture (photo or video preview frame) is stored in. Cards offer `small` and
 * `card` in a srcset, so a phone at 1x takes the small one; `small` came later, and pictures stored
 * before it get theirs made on first request (lib/images/derived.ts).
 */
export const AD_PICTURE_SIZES = {
  small: { width: 360, height: 270, fit: 'cover' as const },
  card: { width: 480, height: 360, fit: 'cover' as const },
  detail: 1200,
};

export const pictureKeys = (picture: StoredPicture | null | undefined): string[] =>
  picture ? Object.keys(AD_PICTURE_SIZES).map((variant) => variantKey(picture.base, variant)) : [];

/** The width of a picture's small variant: the card's, scaled down to the small box (never enlarged). */
export const smallWidthOf = (picture: StoredPicture) => Math.min(picture.cardWidth, AD_PICTURE_SIZES.small.width);

/** Every storage key an ad's row points at. */
export function adFileKeys(ad: { image: StoredPicture | null; poster: StoredPicture | null; videoKey: string | null }): string[] {
  return [...pictureKeys(ad.image), ...pictureKeys(ad.poster), ...(ad.videoKey ? [ad.videoKey] : [])];
}

/**
 * The files of every ad a user owns. Deleting the user cascades to the rows, so whoever deletes an
 * account (the admin) calls this in the same transaction, before the delete, and removes the files
 * with removeFiles once it has committed.
 */
export async function adFilesOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ image: ads.image, poster: ads.poster, videoKey: ads.videoKey }).from(ads).where(eq(ads.userId, userId));
  return rows.flatMap(adFileKeys);
}

/**
 * Removes files nothing points at any more. Called after the commit: a failure leaves an unused
 * file behind, never a row without its file.
 */
export async function removeFiles(storage: Storage, keys: Iterable<string>, log: FastifyBaseLogger): Promise<void> {
  for (const key of new Set(keys)) {
    await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete a stored file'));
  }
}

/** For the file sweep: which of these `ads/` and `videos/` keys an ad row still points at. Keys start with the ad's id. */
export async function referencedAdKeys(db: Db, keys: string[]): Promise<string[]> {
  const ids = [...new Set(keys.map((k) => /^(?:ads|videos)\/([0-9a-f-]{36})-/.exec(k)?.[1]).filter((id): id is string => !!id))];
  if (!ids.length) return [];
  const rows = await db.select({ image: ads.image, poster: ads.poster, videoKey: ads.videoKey }).from(ads).where(inArray(ads.id, ids));
  return rows.flatMap(adFileKeys);
}
