import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, FILES, multipart, signUp } from '../../test/http';
import { startS3 } from '../../test/s3';
import { solid } from '../lib/images/test-images';
import { categoryId, patternedMp4, postAd } from '../modules/ads/test-helpers';
import { openStorage } from '../lib/storage/open';

// The whole app on object storage: what people upload goes to the bucket, never to the disk.
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ storageUrl: s3.url('site') });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('the app on S3-compatible storage', () => {
  it('stores an ad’s picture and video in the bucket and serves the video by byte range', async () => {
    const owner = await signUp(t.app);
    const video = patternedMp4(200_000);
    const res = await postAd(owner.client, {
      title: 'Fishing boat',
      description: '24 ft, twin engines',
      categoryId: await categoryId(t),
      video: { data: video },
      preview: { data: await solid(640, 360).png().toBuffer() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ad = res.json();
    const stranger = new Client(t.app);
    const whole = await stranger.get(ad.video.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await stranger.request({ method: 'GET', url: ad.video.url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const poster = await stranger.get(ad.video.poster.card);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    // Nothing went to the local disk.
    expect(existsSync(path.join(t.config.dataDir, 'uploads', 'videos'))).toBe(false);
    const bucket = openStorage(s3.url('site'));
    const keys: string[] = [];
    for await (const file of bucket.list('videos')) keys.push(file.key);
    expect(keys).toEqual([ad.video.url.replace('/api/files/', '')]);
  });

  it('keeps a resume private: its owner gets it, a stranger and a public URL do not', async () => {
    const owner = await signUp(t.app);
    const save = await owner.client.request({
      method: 'PUT',
      url: '/api/resumes/me',
      ...multipart([
        { name: 'resume', data: JSON.stringify({ fullName: 'Ana Díaz', visibility: 'nobody' }) },
        { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
      ]),
    });
    expect(save.statusCode, save.body).toBe(200);
    const mine = await owner.client.get(`/api/resumes/${owner.user.id}/document`);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(FILES.pdf)).toBe(true);
    const stranger = await signUp(t.app);
    expect((await stranger.client.get(`/api/resumes/${owner.user.id}/document`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/files/resumes/resume-${owner.user.id}.pdf`)).statusCode).toBe(404);
  });

  it('sweeps files no row points to from the bucket', async () => {
    const bucket = openStorage(s3.url('site'));
    await bucket.put('ads/orphan-0000000000000000-card.webp', Buffer.from('left behind'), 'image/webp');
    // An hour from now, the orphan is old enough to go; the ad's own files stay.
    const result = await t.app.fileSweep.run(new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(result.removed.ads).toBe(1);
    expect(await bucket.get('ads/orphan-0000000000000000-card.webp')).toBeNull();
    const left: string[] = [];
    for await (const file of bucket.list('videos')) left.push(file.key);
    expect(left).toHaveLength(1);
  });

  it('is ready while the bucket answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.json()).toEqual({ status: 'ready', database: 'up', storage: 'up' });
  });
});
