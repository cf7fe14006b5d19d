import { CONSULTANT_PHOTO_SIZES, smallPhotoKey } from '../../lib/consultant-photos';
import { processImage, type ImageInput } from '../../lib/images';
import type { Storage } from '../../lib/storage/storage';

/**
 * Re-encodes an uploaded photo to square WebPs without metadata (lib/images) and stores them in the
 * public `consultants` area under a content-hashed name, so a new photo is a new URL that browsers
 * may cache for good. Returns the storage key of the large one (the small one's follows from it).
 * Throws 413/415 with a code for a bad picture.
 */
export async function storeConsultantPhoto(storage: Storage, userId: string, upload: ImageInput): Promise<string> {
  const { hash, variants } = await processImage(upload, CONSULTANT_PHOTO_SIZES);
  const key = `consultants/${userId}-${hash}.webp`;
  await storage.put(smallPhotoKey(key), variants.small.data, variants.small.contentType);
  await storage.put(key, variants.photo.data, variants.photo.contentType);
  return key;
}
