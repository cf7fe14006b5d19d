import sharp from 'sharp';
import { AD_PICTURE_SIZES } from '../ad-files';
import { CONSULTANT_PHOTO_SIZES } from '../consultant-photos';
import type { Storage } from '../storage/storage';

/**
 * Smaller variants added after pictures were already stored (the phone's `srcset` widths). New
 * uploads store them with the others; for a picture stored before, the file route makes the variant
 * the first time it is asked for, from its larger sibling (the same crop, so the same picture), and
 * stores it under the name asked for. No migration, no batch job over every stored picture.
 */
const DERIVED: Array<{ pattern: RegExp; source: (base: string) => string; box: { width: number; height: number } }> = [
  { pattern: /^(ads\/[0-9a-f-]{36}-[a-z0-9]{16})-small\.webp$/, source: (base) => `${base}-card.webp`, box: AD_PICTURE_SIZES.small },
  { pattern: /^(consultants\/[A-Za-z0-9_-]+-[a-z0-9]{16})-small\.webp$/, source: (base) => `${base}.webp`, box: CONSULTANT_PHOTO_SIZES.small },
];

/** Makes and stores a missing small variant; false when the key is not one, or its source is gone too. */
export async function deriveMissingVariant(storage: Storage, key: string): Promise<boolean> {
  for (const { pattern, source, box } of DERIVED) {
    const base = pattern.exec(key)?.[1];
    if (!base) continue;
    const from = await storage.get(source(base));
    if (!from) return false;
    // Our own WebP, already upright and without metadata: only resized, streamed into libvips.
    const resize = sharp({ limitInputPixels: 4_000_000 })
      .resize({ width: box.width, height: box.height, fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 });
    from.stream.once('error', (err) => resize.destroy(err));
    const data = await from.stream.pipe(resize).toBuffer();
    await storage.put(key, data, 'image/webp');
    return true;
  }
  return false;
}
