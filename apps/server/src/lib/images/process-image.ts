import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { UPLOAD_KINDS } from '@caribconnect/shared';
import { HttpError } from '../http-error';
import { decodeHeic } from './heic';

// Uploads are read once; libvips' operation cache would only hold memory between requests.
sharp.cache(false);

/**
 * Raster formats people upload, by content (UPLOAD_KINDS.photo, shared with the forms). SVG and HTML
 * are never among them: file-type does not recognise text formats, and sharp's own format (checked
 * again after decoding) must be one of these. HEIC (iPhone photos) is decoded by libheif in
 * WebAssembly (./heic.ts): sharp's prebuilt libvips has no HEVC decoder.
 */
const ACCEPTED = new Set(Object.keys(UPLOAD_KINDS.photo.types));
const SHARP_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** 40 megapixels: above any phone's default photo, far below what a decompression bomb declares. */
export const DEFAULT_MAX_PIXELS = 40_000_000;

/** Bump when the output of the same input changes, so content-hashed names change too. */
const PIPELINE_VERSION = '1';

/**
 * A variant's bounding box. A number is the longest edge (fit inside, never enlarged); an object
 * may ask for a cover crop, e.g. a square avatar.
 */
export type VariantSize = number | { width: number; height: number; fit: 'inside' | 'cover' };

export interface ImageVariant {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
  ext: 'webp';
}

export interface ProcessedImage<K extends string> {
  /** Short hash of the source bytes, pipeline version and sizes: the same upload always gets the same name. */
  hash: string;
  variants: Record<K, ImageVariant>;
}

/**
 * A picture in memory (the seed's drawings, tests), or an upload spooled to disk as it arrived
 * (plugins/storage.ts) with the sha256 taken on the way: libvips then reads the file itself, and
 * the upload is never a Buffer in our heap.
 */
export type ImageInput = Buffer | { path: string; sha256: string };

export interface ProcessOptions {
  maxPixels?: number;
  /** WebP quality, 1-100. */
  quality?: number;
}

export const imageErrors = {
  unsupported: () => new HttpError(415, `This file is not a supported image. Use a ${UPLOAD_KINDS.photo.formats} picture.`, 'UNSUPPORTED_IMAGE_TYPE'),
  unreadable: (what = 'This image') => new HttpError(415, `${what} could not be read. Try another picture.`, 'IMAGE_UNREADABLE'),
  tooManyPixels: (max: number) =>
    new HttpError(413, `This image has too many pixels (max ${Math.round(max / 1_000_000)} megapixels).`, 'IMAGE_TOO_MANY_PIXELS'),
};

/** The sniffed format of an accepted image, or null. */
export async function sniffImage(input: ImageInput): Promise<string | null> {
  const detected = Buffer.isBuffer(input) ? await fileTypeFromBuffer(input) : await fileTypeFromFile(input.path);
  if (!detected) return null;
  const ext = detected.ext === 'jpeg' ? 'jpg' : detected.ext;
  return ACCEPTED.has(ext) ? ext : null;
}

/**
 * Re-encodes an uploaded picture into WebP variants: content-checked, size read from the header and
 * refused past maxPixels before any pixel is decoded, EXIF orientation applied, and all metadata
 * (EXIF with GPS, XMP, IPTC, ICC) dropped. Animated GIF/WebP keep their first frame. The original
 * is never stored. Throws HttpError 415/413 with a code for bad input.
 */
export async function processImage<K extends string>(
  input: ImageInput,
  sizes: Record<K, VariantSize>,
  options: ProcessOptions = {},
): Promise<ProcessedImage<K>> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const format = await sniffImage(input);
  if (!format) throw imageErrors.unsupported();
  const data = Buffer.isBuffer(input) ? input : input.path;
  const source = format === 'heic' ? await heicSource(data, maxPixels) : await sharpSource(data, maxPixels);

  const variants = {} as Record<K, ImageVariant>;
  for (const [name, size] of Object.entries(sizes) as Array<[K, VariantSize]>) {
    const box = typeof size === 'number' ? { width: size, height: size, fit: 'inside' as const } : size;
    try {
      const { data: out, info } = await source()
        .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: true })
        .webp({ quality: options.quality ?? 78, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants[name] = { data: out, width: info.width, height: info.height, contentType: 'image/webp', ext: 'webp' };
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw imageErrors.tooManyPixels(maxPixels);
      throw imageErrors.unreadable(format === 'heic' ? 'This HEIC photo' : 'This image');
    }
  }

  // The source's own digest, not its bytes: a spooled upload was hashed as it arrived.
  const digest = Buffer.isBuffer(input) ? createHash('sha256').update(input).digest('hex') : input.sha256;
  const hash = createHash('sha256')
    .update(PIPELINE_VERSION)
    .update(JSON.stringify(sizes))
    .update(digest)
    .digest('base64url')
    .replace(/[-_]/g, '')
    .slice(0, 16)
    .toLowerCase();
  return { hash, variants };
}

/** A new sharp pipeline over the upload for each variant, upright, metadata never copied. */
type Source = () => Sharp;

/** Bytes in memory, or the path of a spooled upload. */
async function sharpSource(data: Buffer | string, maxPixels: number): Promise<Source> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw imageErrors.unreadable();
  }
  if (!meta.format || !SHARP_FORMATS.has(meta.format)) throw imageErrors.unsupported();
  if (!meta.width || !meta.height) throw imageErrors.unreadable();
  if (meta.width * meta.height > maxPixels) throw imageErrors.tooManyPixels(maxPixels);
  // limitInputPixels guards the decoder too, in case a header understated the real size.
  return () => sharp(data, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).autoOrient();
}

/** HEIC decoded once to upright RGBA pixels (no metadata can follow them), then the same pipeline. */
async function heicSource(data: Buffer | string, maxPixels: number): Promise<Source> {
  const decoded = await decodeHeic(data, maxPixels);
  if ('tooManyPixels' in decoded) throw imageErrors.tooManyPixels(maxPixels);
  if ('error' in decoded) throw imageErrors.unreadable('This HEIC photo');
  const { width, height, rgba } = decoded;
  return () => sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: maxPixels });
}
