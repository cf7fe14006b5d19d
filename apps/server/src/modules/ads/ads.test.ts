import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_CATEGORIES } from '@caribconnect/shared';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, FILES, signUp } from '../../../test/http';
import { rowsOf } from '../../lib/keyset';
import { HTML, SVG, phoneJpeg, pngBomb, solid } from '../../lib/images/test-images';
import { categoryId, fakeMp4, postAd, setRole } from './test-helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let vehicles: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  vehicles = await categoryId(t);
});
afterAll(() => t.close());

const valid = () => ({ title: 'Toyota Corolla 2015', description: 'Low mileage, one owner. Kingston.', categoryId: vehicles });

async function storedFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const area of ['ads', 'videos']) {
    found.push(...(await readdir(path.join(t.config.dataDir, 'uploads', area)).catch(() => [] as string[])).map((f) => `${area}/${f}`));
  }
  return found;
}
const adCount = async () => (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from ads`)))[0]!.n;

describe('ad categories', () => {
  it('are seeded with the Caribbean classifieds list', async () => {
    const res = await new Client(t.app).get('/api/ad-categories');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((c: { slug: string }) => c.slug)
        .sort(),
    ).toEqual(AD_CATEGORIES.map((c) => c.slug).sort());
  });
});

describe('post an ad', () => {
  it('posts with a photo: paid is false, the picture is re-encoded to WebP without its GPS and turned upright', async () => {
    const res = await postAd(owner.client, { ...valid(), image: { data: await phoneJpeg(200, 100) } });
    expect(res.statusCode).toBe(201);
    const ad = res.json();
    expect(ad).toMatchObject({ title: 'Toyota Corolla 2015', paid: false, userId: owner.user.id, categoryName: 'Vehicles', video: null });
    expect(ad.image.card).toMatch(new RegExp(`^/api/files/ads/${ad.id}-[a-z0-9]{16}-card\\.webp$`));
    expect([ad.image.width, ad.image.height]).toEqual([100, 200]);

    const file = await new Client(t.app).get(ad.image.detail);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Secret Camera 9'))).toBe(false);
    // The original is not kept anywhere.
    expect((await storedFiles()).filter((f) => f.includes(ad.id)).every((f) => f.endsWith('.webp'))).toBe(true);
  });

  it("takes an iPhone's HEIC photo: WebP out, upright colours kept, its GPS and camera gone", async () => {
    // 64 x 48, left half red and right half blue, EXIF with a camera model and a GPS position
    // (made with heif-enc from a JPEG carrying them).
    const heic = await readFile(path.join(import.meta.dirname, '../../../test/fixtures/phone-gps.heic'));
    expect(heic.includes(Buffer.from('Secret Camera 9'))).toBe(true);
    const res = await postAd(owner.client, { ...valid(), image: { data: heic, filename: 'IMG_0042.HEIC', contentType: 'image/heic' } });
    expect(res.statusCode, res.body).toBe(201);
    const ad = res.json();
    expect([ad.image.width, ad.image.height]).toEqual([64, 48]);
    for (const url of [ad.image.card, ad.image.detail]) {
      const file = await new Client(t.app).get(url);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.exif, meta.xmp, meta.icc]).toEqual(['webp', undefined, undefined, undefined]);
      expect(file.rawPayload.includes(Buffer.from('Secret Camera 9'))).toBe(false);
    }
    const detail = await new Client(t.app).get(ad.image.detail);
    const { data } = await sharp(detail.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const left = [...data.subarray((24 * 64 + 8) * 3, (24 * 64 + 8) * 3 + 3)];
    const right = [...data.subarray((24 * 64 + 56) * 3, (24 * 64 + 56) * 3 + 3)];
    expect(left[0]! > 150 && left[2]! < 80, `left ${left}`).toBe(true);
    expect(right[2]! > 150 && right[0]! < 80, `right ${right}`).toBe(true);
    expect((await storedFiles()).filter((f) => f.includes(ad.id)).every((f) => f.endsWith('.webp'))).toBe(true);
  });

  it('refuses a file that claims to be HEIC but is not one, and posts nothing', async () => {
    const before = await adCount();
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    const res = await postAd(owner.client, { ...valid(), image: { data: fake, filename: 'IMG_1.HEIC', contentType: 'image/heic' } });
    expect(res.statusCode).toBe(415);
    expect(await adCount()).toBe(before);
  });

  it('stores a small card variant for phones (srcset), and makes it on first request for pictures stored before it existed', async () => {
    const res = await postAd(owner.client, { ...valid(), image: { data: await solid(1600, 1200).jpeg().toBuffer() } });
    expect(res.statusCode).toBe(201);
    const picture = res.json().image;
    expect(picture.small).toBe(picture.card.replace(/-card\.webp$/, '-small.webp'));
    expect([picture.smallWidth, picture.cardWidth]).toEqual([360, 480]);
    const dims = async (url: string) => {
      const file = await new Client(t.app).get(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await dims(picture.small)).toEqual(['webp', 360, 270]);
    expect(await dims(picture.card)).toEqual(['webp', 480, 360]);
    // The list gives the same.
    const listed = (await new Client(t.app).get('/api/ads')).json().items.find((a: { id: string }) => a.id === res.json().id);
    expect(listed.image).toMatchObject({ small: picture.small, smallWidth: 360 });

    // As if stored before small variants existed: made from the card when first asked for, then kept.
    const smallKey = picture.small.replace('/api/files/', '');
    await t.app.storage.delete(smallKey);
    expect(await dims(picture.small)).toEqual(['webp', 360, 270]);
    expect(await t.app.storage.get(smallKey)).not.toBeNull();

    // Deleting the ad removes the small variant too; nothing makes it again afterwards.
    expect((await owner.client.delete(`/api/ads/${res.json().id}`)).statusCode).toBe(204);
    expect((await new Client(t.app).get(picture.small)).statusCode).toBe(404);
    expect(await t.app.storage.get(smallKey)).toBeNull();
    expect((await new Client(t.app).get(`/api/files/ads/${res.json().id}-0000000000000000-small.webp`)).statusCode).toBe(404);
  });

  it('ignores forged user_id, userId, paid and id', async () => {
    const { user: other } = await signUp(t.app);
    const forged = { user_id: other.id, userId: other.id, paid: 'true', id: '00000000-0000-4000-8000-000000000001' };
    const res = await postAd(owner.client, { ...valid(), extra: forged });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: owner.user.id, paid: false });
    expect(res.json().id).not.toBe(forged.id);
  });

  it('keeps <script> in text as text', async () => {
    const res = await postAd(owner.client, { ...valid(), title: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(201);
    expect((await new Client(t.app).get(`/api/ads/${res.json().id}`)).json().title).toBe('<script>alert(1)</script>');
  });

  it('refuses anonymous, muted and suspended callers', async () => {
    expect((await postAd(new Client(t.app), valid())).statusCode).toBe(401);
    const muted = await signUp(t.app);
    await setRole(t, muted.user.id, 'muted');
    const res = await postAd(muted.client, valid());
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_MUTED']);
    const suspended = await signUp(t.app);
    await setRole(t, suspended.user.id, 'suspended');
    expect((await postAd(suspended.client, valid())).statusCode).toBe(403);
  });

  it('requires title, description and a real category', async () => {
    const before = await adCount();
    for (const form of [
      { ...valid(), title: '  ' },
      { ...valid(), description: '' },
      { ...valid(), categoryId: undefined },
      { ...valid(), title: 'x'.repeat(151) },
    ]) {
      const res = await postAd(owner.client, form);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    for (const categoryId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await postAd(owner.client, { ...valid(), categoryId });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'AD_CATEGORY_INVALID', 'Please select a category.']);
    }
    expect(await adCount()).toBe(before);
  });

  it('refuses disguised and dangerous files by content, storing nothing', async () => {
    const before = { ads: await adCount(), files: (await storedFiles()).length };
    const cases: Array<[string, Parameters<typeof postAd>[1], number, string]> = [
      ['HTML named .jpg', { ...valid(), image: { data: HTML, filename: 'cat.jpg' } }, 415, 'UNSUPPORTED_IMAGE_TYPE'],
      ['SVG', { ...valid(), image: { data: SVG, filename: 'logo.svg', contentType: 'image/svg+xml' } }, 415, 'UNSUPPORTED_IMAGE_TYPE'],
      ['a PDF as the image', { ...valid(), image: { data: FILES.pdf, filename: 'a.png' } }, 415, 'UNSUPPORTED_IMAGE_TYPE'],
      [
        'a video named .png as the image',
        { ...valid(), image: { data: fakeMp4(), filename: 'clip.png', contentType: 'image/png' } },
        415,
        'UNSUPPORTED_IMAGE_TYPE',
      ],
      ['a picture as the video', { ...valid(), video: { data: FILES.png, filename: 'clip.mp4' } }, 415, 'UNSUPPORTED_VIDEO_TYPE'],
      ['HTML as the video', { ...valid(), video: { data: HTML, filename: 'clip.mp4' } }, 415, 'UNSUPPORTED_VIDEO_TYPE'],
      ['a pixel bomb', { ...valid(), image: { data: pngBomb(), filename: 'bomb.png' } }, 413, 'IMAGE_TOO_MANY_PIXELS'],
      ['a video with a bomb as its preview', { ...valid(), video: { data: fakeMp4() }, preview: { data: pngBomb() } }, 413, 'IMAGE_TOO_MANY_PIXELS'],
    ];
    for (const [name, form, status, code] of cases) {
      const res = await postAd(owner.client, form);
      expect([name, res.statusCode, res.json().code]).toEqual([name, status, code]);
    }
    expect(await adCount()).toBe(before.ads);
    expect((await storedFiles()).length).toBe(before.files);
  });

  it('posts a video with its preview frame; the card gets the frame, the detail the video', async () => {
    const res = await postAd(owner.client, { ...valid(), video: { data: fakeMp4() }, preview: { data: await solid(640, 360).png().toBuffer() } });
    expect(res.statusCode).toBe(201);
    const ad = res.json();
    expect(ad.video.url).toMatch(new RegExp(`^/api/files/videos/${ad.id}-[a-z0-9]{16}\\.mp4$`));
    expect(ad.video.type).toBe('video/mp4');
    expect(ad.video.poster.card).toMatch(/-card\.webp$/);
    const list = (await new Client(t.app).get('/api/ads')).json();
    const card = list.items.find((a: { id: string }) => a.id === ad.id);
    expect(card).toMatchObject({ hasVideo: true, image: null });
    expect(card.preview.card).toBe(ad.video.poster.card);
    expect(card).not.toHaveProperty('video');
    const file = await new Client(t.app).get(ad.video.url);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('size caps, per kind of file', () => {
  let small: TestApp;
  let poster: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    small = await createTestApp({ maxUploadBytes: 50_000, maxVideoBytes: 120_000 });
    poster = await signUp(small.app);
  });
  afterAll(() => small.close());

  it('takes a video up to MAX_VIDEO_MB and refuses one byte more', async () => {
    const cat = await categoryId(small);
    const ok = await postAd(poster.client, { ...valid(), categoryId: cat, video: { data: fakeMp4(120_000) } });
    expect(ok.statusCode).toBe(201);
    const over = await postAd(poster.client, { ...valid(), categoryId: cat, video: { data: fakeMp4(120_001) } });
    expect([over.statusCode, over.json().code]).toEqual([413, 'VIDEO_TOO_LARGE']);
    expect(over.json().message).toMatch(/117 KB/);
  });

  it('keeps MAX_UPLOAD_MB for pictures: one byte over is refused', async () => {
    const cat = await categoryId(small);
    const png = await solid(40, 40).png().toBuffer();
    // Bytes after IEND are ignored by decoders, so this is still a valid PNG of an exact size.
    const exact = Buffer.concat([png, Buffer.alloc(50_000 - png.length)]);
    expect((await postAd(poster.client, { ...valid(), categoryId: cat, image: { data: exact } })).statusCode).toBe(201);
    const over = await postAd(poster.client, { ...valid(), categoryId: cat, image: { data: Buffer.concat([exact, Buffer.alloc(1)]) } });
    expect([over.statusCode, over.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
  });
});

describe('the file sweep', () => {
  it('keeps an ad’s pictures and removes ad files no row points to', async () => {
    const res = await postAd(owner.client, { ...valid(), image: { data: await phoneJpeg(200, 100) } });
    expect(res.statusCode).toBe(201);
    const uploads = path.join(t.config.dataDir, 'uploads');
    const { utimes, writeFile } = await import('node:fs/promises');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const orphan = `ads/${crypto.randomUUID()}-0123456789abcdef-card.webp`;
    await writeFile(path.join(uploads, orphan), 'x');
    const kept = await storedFiles();
    for (const key of kept) await utimes(path.join(uploads, key), old, old);
    const result = await t.app.fileSweep.run();
    expect(result.removed.ads).toBe(1);
    const left = await storedFiles();
    expect(left).not.toContain(orphan);
    expect(left.sort()).toEqual(kept.filter((k) => k !== orphan).sort());
  });
});
