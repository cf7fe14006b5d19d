import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole as setRoleOf } from '../../../test/consultants';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { profiles } from '../../db/schema';
import { adFilesOfUser } from '../../lib/ad-files';
import { solid } from '../../lib/images/test-images';
import { categoryId, fakeMp4, patchAd, patternedMp4, postAd } from './test-helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cat: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  cat = await categoryId(t, 'electronics');
});
afterAll(() => t.close());

const anon = () => new Client(t.app);
const png = (color: string) => solid(300, 200, color).png().toBuffer();
const text = (title = 'Samsung TV 55"') => ({ title, description: 'Works perfectly. Bridgetown pickup.', categoryId: cat });
const status = async (url: string) => (await anon().get(url)).statusCode;

async function adWithPhoto() {
  const res = await postAd(owner.client, { ...text(), image: { data: await png('#123456') } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('ad detail', () => {
  it('answers "Ad not found." for a missing or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await anon().get(`/api/ads/${id}`);
      expect([res.statusCode, res.json().message, res.json().code]).toEqual([404, 'Ad not found.', 'AD_NOT_FOUND']);
    }
  });

  it('shows the poster’s name for the message link', async () => {
    await t.database.db.update(profiles).set({ fullName: 'Marcia Brown' }).where(eq(profiles.id, owner.user.id));
    const ad = await adWithPhoto();
    expect((await anon().get(`/api/ads/${ad.id}`)).json()).toMatchObject({ posterName: 'Marcia Brown', userId: owner.user.id });
  });
});

describe('edit an ad', () => {
  it('lets the owner change the title and replace the photo; the old files go, the new ones are served', async () => {
    const ad = await adWithPhoto();
    const res = await patchAd(owner.client, ad.id, { ...text('Samsung TV 65"'), image: { data: await png('#abcdef') } });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated.title).toBe('Samsung TV 65"');
    expect(updated.image.card).not.toBe(ad.image.card);
    expect(await status(ad.image.card)).toBe(404);
    expect(await status(ad.image.detail)).toBe(404);
    expect(await status(updated.image.card)).toBe(200);
  });

  it('keeps the photo when none is sent, and removes it when asked', async () => {
    const ad = await adWithPhoto();
    const kept = (await patchAd(owner.client, ad.id, text('Renamed'))).json();
    expect(kept.image).toEqual(ad.image);
    const removed = await patchAd(owner.client, ad.id, { ...text('Renamed'), extra: { removeImage: 'true' } });
    expect(removed.json().image).toBeNull();
    expect(await status(ad.image.card)).toBe(404);
  });

  it('replaces and removes a video with its preview frame', async () => {
    const first = (await postAd(owner.client, { ...text(), video: { data: fakeMp4(5000) }, preview: { data: await png('#111111') } })).json();
    const second = (await patchAd(owner.client, first.id, { ...text(), video: { data: fakeMp4(6000) }, preview: { data: await png('#222222') } })).json();
    expect(second.video.url).not.toBe(first.video.url);
    expect(await status(first.video.url)).toBe(404);
    expect(await status(first.video.poster.card)).toBe(404);
    const gone = (await patchAd(owner.client, first.id, { ...text(), extra: { removeVideo: 'true' } })).json();
    expect(gone.video).toBeNull();
    expect(await status(second.video.url)).toBe(404);
    expect(await status(second.video.poster.detail)).toBe(404);
  });

  it('refuses another user, an anonymous caller and a missing ad, changing nothing', async () => {
    const ad = await adWithPhoto();
    const form = { ...text('Hijacked'), image: { data: await png('#ff0000') }, extra: { paid: 'true', user_id: stranger.user.id } };
    for (const [client, code] of [
      [stranger.client, 404],
      [anon(), 401],
    ] as const) {
      const res = await patchAd(client, ad.id, form);
      expect(res.statusCode).toBe(code);
      if (code === 404) expect([res.json().message, res.json().code]).toEqual(['Ad not found or access denied.', 'AD_NOT_FOUND_OR_DENIED']);
    }
    expect((await patchAd(owner.client, '00000000-0000-4000-8000-000000000000', text())).json().code).toBe('AD_NOT_FOUND_OR_DENIED');
    const after = (await anon().get(`/api/ads/${ad.id}`)).json();
    expect(after).toMatchObject({ title: ad.title, paid: false, userId: owner.user.id, image: ad.image });
    expect(await status(ad.image.card)).toBe(200);
  });

  it('ignores a forged paid or user_id from the owner', async () => {
    const ad = await adWithPhoto();
    const res = await patchAd(owner.client, ad.id, { ...text(), extra: { paid: 'true', user_id: stranger.user.id, userId: stranger.user.id } });
    expect(res.json()).toMatchObject({ paid: false, userId: owner.user.id });
  });

  it('refuses a bad file on edit and keeps the ad as it was', async () => {
    const ad = await adWithPhoto();
    const res = await patchAd(owner.client, ad.id, { ...text('Changed'), image: { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') } });
    expect([res.statusCode, res.json().code]).toEqual([415, 'UNSUPPORTED_IMAGE_TYPE']);
    expect((await anon().get(`/api/ads/${ad.id}`)).json().title).toBe(ad.title);
  });
});

describe('delete an ad', () => {
  it('only the owner (or an admin) deletes; the files go with it', async () => {
    const ad = await adWithPhoto();
    const res = await stranger.client.delete(`/api/ads/${ad.id}`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'AD_NOT_FOUND_OR_DENIED']);
    expect((await anon().delete(`/api/ads/${ad.id}`)).statusCode).toBe(401);
    expect(await status(`/api/ads/${ad.id}`)).toBe(200);
    expect((await owner.client.delete(`/api/ads/${ad.id}`)).statusCode).toBe(204);
    expect(await status(`/api/ads/${ad.id}`)).toBe(404);
    expect(await status(ad.image.card)).toBe(404);
    expect(await status(ad.image.detail)).toBe(404);
  });

  it('an admin deletes anyone’s ad', async () => {
    const ad = await adWithPhoto();
    const admin = await signUp(t.app);
    await setRoleOf(t.database, admin.user.id, 'admin');
    expect((await admin.client.request({ method: 'DELETE', url: `/api/ads/${ad.id}`, payload: { reason: 'Duplicate.' } })).statusCode).toBe(204);
  });

  it('adFilesOfUser lists every file of a person’s ads (for deleting the account)', async () => {
    const person = await signUp(t.app);
    const a = (await postAd(person.client, { ...text(), image: { data: await png('#010203') } })).json();
    const b = (await postAd(person.client, { ...text(), video: { data: fakeMp4() }, preview: { data: await png('#040506') } })).json();
    const keys = (await adFilesOfUser(t.database.db, person.user.id)).map((k) => `/api/files/${k}`).sort();
    expect(keys).toEqual([a.image.small, a.image.card, a.image.detail, b.video.url, b.video.poster.small, b.video.poster.card, b.video.poster.detail].sort());
  });
});

describe('video byte ranges', () => {
  it('answers 206 with exactly the asked bytes, suffix ranges too, and 416 past the end', async () => {
    const video = patternedMp4(10_000);
    const ad = (await postAd(owner.client, { ...text(), video: { data: video } })).json();
    const get = (range?: string) => anon().request({ method: 'GET', url: ad.video.url, headers: range ? { range } : {} });

    const whole = await get();
    expect([whole.statusCode, whole.headers['content-length'], whole.headers['accept-ranges']]).toEqual([200, '10000', 'bytes']);

    const part = await get('bytes=1000-1999');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/10000');
    expect(part.headers['content-length']).toBe('1000');
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const open = await get('bytes=9990-');
    expect([open.statusCode, open.headers['content-range']]).toEqual([206, 'bytes 9990-9999/10000']);
    expect(open.rawPayload.equals(video.subarray(9990))).toBe(true);

    const suffix = await get('bytes=-16');
    expect(suffix.headers['content-range']).toBe('bytes 9984-9999/10000');
    expect(suffix.rawPayload.equals(video.subarray(9984))).toBe(true);

    const past = await get('bytes=10000-');
    expect([past.statusCode, past.headers['content-range']]).toEqual([416, 'bytes */10000']);
    // Several ranges or another unit: the whole file, as the standard allows.
    expect((await get('bytes=0-1,5-6')).statusCode).toBe(200);
  });
});
