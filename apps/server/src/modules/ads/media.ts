import type { AdPicture } from '@caribconnect/shared';
import type { StoredPicture } from '../../db/schema';
import { AD_PICTURE_SIZES, smallWidthOf } from '../../lib/ad-files';
import { pictureBase, processImage, variantKey } from '../../lib/images';
import { contentTypeForKey } from '../../lib/storage/file-types';
import type { Storage } from '../../lib/storage/storage';
import type { UploadedFile } from '../../plugins/storage';

/** A picture or video made ready for storage: the files to write and what the row records. */
/** Bytes in memory (picture variants) or a spooled upload on disk (a video, streamed to storage). */
export type PreparedFile = { key: string; contentType: string } & ({ data: Buffer } | { path: string });
export interface PreparedPicture {
  stored: StoredPicture;
  files: PreparedFile[];
}
export interface PreparedVideo {
  key: string;
  files: PreparedFile[];
}

export async function preparePicture(adId: string, upload: UploadedFile): Promise<PreparedPicture> {
  const { hash, variants } = await processImage(upload, AD_PICTURE_SIZES);
  const base = pictureBase('ads', adId, hash);
  return {
    stored: { base, width: variants.detail.width, height: variants.detail.height, cardWidth: variants.card.width, cardHeight: variants.card.height },
    files: Object.entries(variants).map(([name, v]) => ({ key: variantKey(base, name), data: v.data, contentType: v.contentType })),
  };
}

/** Videos are stored as uploaded (checked by content and size); the name carries their content hash. */
export function prepareVideo(adId: string, upload: UploadedFile): PreparedVideo {
  const key = `videos/${adId}-${upload.sha256.slice(0, 16)}.${upload.ext}`;
  return { key, files: [{ key, path: upload.path, contentType: contentTypeForKey(key) }] };
}

/** Writes prepared files; on failure removes the ones already written and rethrows. */
export async function writeAll(storage: Storage, files: PreparedFile[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const f of files) {
      if ('data' in f) await storage.put(f.key, f.data, f.contentType);
      else await storage.putFile(f.key, f.path, f.contentType);
      written.push(f.key);
    }
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw err;
  }
}

const fileUrl = (key: string) => `/api/files/${key}`;

export function pictureOut(p: StoredPicture | null | undefined): AdPicture | null {
  if (!p) return null;
  return {
    small: fileUrl(variantKey(p.base, 'small')),
    smallWidth: smallWidthOf(p),
    card: fileUrl(variantKey(p.base, 'card')),
    detail: fileUrl(variantKey(p.base, 'detail')),
    width: p.width,
    height: p.height,
    cardWidth: p.cardWidth,
    cardHeight: p.cardHeight,
  };
}

export const videoOut = (key: string | null, poster: StoredPicture | null) =>
  key ? { url: fileUrl(key), type: contentTypeForKey(key), poster: pictureOut(poster) } : null;
