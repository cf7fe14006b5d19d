import { processImage } from '../../lib/images';
import type { Storage } from '../../lib/storage/storage';

/** Cards show photos at 64-128 CSS px; 320 px square covers that on 2x screens. */
const PHOTO_SIZE = { width: 320, height: 320, fit: 'cover' as const };

/**
 * Re-encodes an uploaded photo to a square WebP without metadata (lib/images) and stores it in the
 * public `consultants` area under a content-hashed name, so a new photo is a new URL that browsers
 * may cache for good. Returns the storage key. Throws 413/415 with a code for a bad picture.
 */
export async function storeConsultantPhoto(storage: Storage, userId: string, data: Buffer): Promise<string> {
  const { hash, variants } = await processImage(data, { photo: PHOTO_SIZE });
  const key = `consultants/${userId}-${hash}.webp`;
  await storage.put(key, variants.photo.data, variants.photo.contentType);
  return key;
}
