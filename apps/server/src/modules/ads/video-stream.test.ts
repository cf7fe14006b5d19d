import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { HTML } from '../../lib/images/test-images';
import { categoryId, patternedMp4, postAd } from './test-helpers';

// Videos stream to a temporary file while they are counted and checked, then move into storage.
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
const spools = async () => readdir(path.join(t.config.dataDir, 'tmp-uploads')).catch(() => [] as string[]);
const valid = async () => ({ title: 'Boat', description: 'Twin engines', categoryId: await categoryId(t) });

beforeAll(async () => {
  t = await createTestApp({ maxVideoBytes: 2_000_000 });
  owner = await signUp(t.app);
});
afterAll(() => t.close());

describe('a streamed video upload', () => {
  it('is stored byte for byte under its content hash, and leaves no temporary file', async () => {
    const video = patternedMp4(1_500_000);
    const res = await postAd(owner.client, { ...(await valid()), video: { data: video } });
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().video.url;
    const { createHash } = await import('node:crypto');
    expect(url).toBe(`/api/files/videos/${res.json().id}-${createHash('sha256').update(video).digest('hex').slice(0, 16)}.mp4`);
    const got = await new Client(t.app).get(url);
    expect(got.rawPayload.equals(video)).toBe(true);
    expect(await spools()).toEqual([]);
  });

  it('refuses one over its cap, or one whose first bytes are not a video, and leaves nothing behind', async () => {
    const over = await postAd(owner.client, { ...(await valid()), video: { data: patternedMp4(2_000_001) } });
    expect([over.statusCode, over.json().code]).toEqual([413, 'VIDEO_TOO_LARGE']);
    const html = await postAd(owner.client, { ...(await valid()), video: { data: Buffer.concat([HTML, Buffer.alloc(100_000)]), filename: 'clip.mp4' } });
    expect([html.statusCode, html.json().code]).toEqual([415, 'UNSUPPORTED_VIDEO_TYPE']);
    expect(await spools()).toEqual([]);
    const keys: string[] = [];
    for await (const f of t.app.storage.list('videos')) keys.push(f.key);
    expect(keys).toHaveLength(1);
  });
});
