import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error';
import { processImage, sniffImage } from './process-image';
import { HTML, SVG, phoneJpeg, pngBomb, solid } from './test-images';

const SIZES = { card: 160, detail: 400 };

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('processImage', () => {
  it('makes WebP variants within their boxes, never enlarging', async () => {
    const png = await solid(800, 400).png().toBuffer();
    const { variants, hash } = await processImage(png, { card: 160, detail: 400, big: 2000 });
    expect(hash).toMatch(/^[a-z0-9]{16}$/);
    expect([variants.card.width, variants.card.height]).toEqual([160, 80]);
    expect([variants.detail.width, variants.detail.height]).toEqual([400, 200]);
    expect([variants.big.width, variants.big.height]).toEqual([800, 400]);
    for (const v of Object.values(variants)) {
      expect(v.contentType).toBe('image/webp');
      expect((await sharp(v.data).metadata()).format).toBe('webp');
    }
  });

  it('crops to cover when asked (square avatars)', async () => {
    const png = await solid(300, 100).png().toBuffer();
    const { variants } = await processImage(png, { square: { width: 64, height: 64, fit: 'cover' } });
    expect([variants.square.width, variants.square.height]).toEqual([64, 64]);
  });

  it('applies EXIF orientation and strips every piece of metadata, GPS included', async () => {
    const jpeg = await phoneJpeg(200, 100);
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    // The GPS block is IFD3, reached through tag 0x8825 in IFD0.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88])) || before.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(true);
    expect(jpeg.includes(Buffer.from('Secret Camera 9'))).toBe(true);

    const { variants } = await processImage(jpeg, SIZES);
    const out = variants.detail;
    // Orientation 6 means the picture is shown turned a quarter: 200x100 pixels display as 100x200.
    expect([out.width, out.height]).toEqual([100, 200]);
    const after = await sharp(out.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.data.includes(Buffer.from('Secret Camera 9'))).toBe(false);
    expect(out.data.includes(Buffer.from('Exif'))).toBe(false);
  });

  it.each([
    ['JPEG', () => solid(50, 40).jpeg().toBuffer()],
    ['PNG', () => solid(50, 40).png().toBuffer()],
    ['WebP', () => solid(50, 40).webp().toBuffer()],
    ['GIF', () => solid(50, 40).gif().toBuffer()],
    ['AVIF', () => solid(50, 40).avif().toBuffer()],
  ])('accepts %s', async (_name, make) => {
    const { variants } = await processImage(await make(), SIZES);
    expect([variants.card.width, variants.card.height]).toEqual([50, 40]);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frames = await sharp({ create: { width: 20, height: 60, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const animated = await sharp(frames, { animated: false }).gif({ loop: 0 }).toBuffer();
    const { variants } = await processImage(animated, SIZES);
    expect((await sharp(variants.card.data).metadata()).pages ?? 1).toBe(1);
  });

  it('refuses SVG and HTML by content, whatever they are called', async () => {
    for (const data of [SVG, HTML]) {
      const err = await refusal(processImage(data, SIZES));
      expect([err.statusCode, err.code]).toEqual([415, 'UNSUPPORTED_IMAGE_TYPE']);
    }
    expect(await sniffImage(SVG)).toBeNull();
  });

  it('refuses other binary formats (a PDF, TIFF)', async () => {
    const tiff = await solid(10, 10).tiff().toBuffer();
    const err = await refusal(processImage(tiff, SIZES));
    expect(err.code).toBe('UNSUPPORTED_IMAGE_TYPE');
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = pngBomb(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const err = await refusal(processImage(bomb, SIZES));
    expect([err.statusCode, err.code]).toEqual([413, 'IMAGE_TOO_MANY_PIXELS']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('honours a smaller pixel limit', async () => {
    const png = await solid(200, 200).png().toBuffer();
    const err = await refusal(processImage(png, SIZES, { maxPixels: 10_000 }));
    expect(err.code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('refuses a file that starts like a JPEG but is garbage', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const err = await refusal(processImage(fake, SIZES));
    expect(err.statusCode).toBe(415);
  });

  it('processes a spooled upload from its file as it would from memory, under the same name', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-images-'));
    try {
      const jpeg = await phoneJpeg(300, 150);
      const file = path.join(dir, 'upload.part');
      await writeFile(file, jpeg);
      const fromFile = await processImage({ path: file, sha256: createHash('sha256').update(jpeg).digest('hex') }, SIZES);
      const fromMemory = await processImage(jpeg, SIZES);
      expect(fromFile.hash).toBe(fromMemory.hash);
      expect(fromFile.variants.detail.data.equals(fromMemory.variants.detail.data)).toBe(true);
      expect([fromFile.variants.detail.width, fromFile.variants.detail.height]).toEqual([150, 300]);
      await writeFile(file, HTML);
      const err = await refusal(processImage({ path: file, sha256: 'x' }, SIZES));
      expect(err.code).toBe('UNSUPPORTED_IMAGE_TYPE');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the same upload the same way, and different uploads differently', async () => {
    const a = await solid(30, 30, '#000000').png().toBuffer();
    const b = await solid(30, 30, '#ffffff').png().toBuffer();
    const [h1, h2, h3] = await Promise.all([processImage(a, SIZES), processImage(a, SIZES), processImage(b, SIZES)]);
    expect(h1.hash).toBe(h2.hash);
    expect(h1.hash).not.toBe(h3.hash);
  });
});
