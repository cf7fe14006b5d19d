import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../../test/s3';
import { openStorage } from './open';
import type { Storage } from './storage';

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function* chunksOf(data: Buffer, size = 16 * 1024) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

/** Half-written temporaries the disk driver would leave (it removes those older than the date given). */
const leftovers = (storage: Storage) => storage.removeTemporaries!(new Date(Date.now() + 60_000));

async function keysOf(storage: Storage, area: string) {
  const keys: string[] = [];
  for await (const file of storage.list(area)) keys.push(file.key);
  return keys.sort();
}

type Driver = { name: string; open(): Promise<{ storage: Storage; close(): Promise<void>; url: string }> };

const drivers: Driver[] = [
  {
    name: 'disk',
    async open() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-storage-'));
      return { storage: openStorage(dir), url: dir, close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const s3 = await startS3();
      // A prefix proves keys are kept apart from other sites sharing the bucket.
      return { storage: openStorage(s3.url('site-a')), url: s3.url('site-a'), close: s3.close };
    },
  },
];

describe.each(drivers)('storage contract: $name', (driver) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await driver.open());
  });
  afterAll(() => close());

  const video = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));

  it('puts and gets a file whole, with its size and its type from the key', async () => {
    await storage.put('videos/ad-1/clip.mp4', video, 'video/mp4');
    const file = await storage.get('videos/ad-1/clip.mp4');
    expect(file).not.toBeNull();
    expect(file!.size).toBe(video.length);
    expect(file!.contentType).toBe('video/mp4');
    expect((await bytes(file!.stream)).equals(video)).toBe(true);
  });

  it('stores a file from a local path (a spooled upload) byte for byte, in another folder than the store', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-spool-'));
    try {
      const source = path.join(dir, 'upload.part');
      await writeFile(source, video);
      await storage.putFile('videos/spooled.mp4', source, 'video/mp4');
      const got = await storage.get('videos/spooled.mp4');
      expect(got!.size).toBe(video.length);
      expect((await bytes(got!.stream)).equals(video)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stores a stream of a known size byte for byte', async () => {
    await storage.putStream('resumes/streamed.pdf', Readable.from(chunksOf(video)), 'application/pdf', video.length);
    const got = await storage.get('resumes/streamed.pdf');
    expect(got!.size).toBe(video.length);
    expect((await bytes(got!.stream)).equals(video)).toBe(true);
  });

  it('keeps nothing of a stream that runs past its size, ends short or fails, and keeps what the key held', async () => {
    await storage.put('resumes/kept.pdf', Buffer.from('%PDF-1.4 the first'), 'application/pdf');
    const failing = Readable.from(
      (async function* () {
        yield video.subarray(0, 10_000);
        throw new Error('connection lost');
      })(),
    );
    const cases: Array<[Readable, number]> = [
      [Readable.from(chunksOf(video)), video.length - 1],
      [Readable.from(chunksOf(video)), video.length + 1],
      [failing, video.length],
    ];
    for (const [stream, size] of cases) {
      await expect(storage.putStream('resumes/kept.pdf', stream, 'application/pdf', size)).rejects.toThrow();
      await expect(storage.putStream('resumes/never.pdf', Readable.from(chunksOf(video)), 'application/pdf', video.length - 1)).rejects.toThrow();
    }
    expect((await bytes((await storage.get('resumes/kept.pdf'))!.stream)).toString()).toBe('%PDF-1.4 the first');
    expect(await storage.stat('resumes/never.pdf')).toBeNull();
    expect((await keysOf(storage, 'resumes')).filter((k) => k !== 'resumes/streamed.pdf')).toEqual(['resumes/kept.pdf']);
    if (driver.name === 'disk') expect(await leftovers(storage)).toBe(0);
  });

  it('reads one byte range, reporting the whole size', async () => {
    const part = await storage.get('videos/ad-1/clip.mp4', { start: 1000, end: 1999 });
    expect(part!.size).toBe(video.length);
    expect((await bytes(part!.stream)).equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await storage.get('videos/ad-1/clip.mp4', { start: video.length - 1, end: video.length - 1 });
    expect([...(await bytes(tail!.stream))]).toEqual([video[video.length - 1]]);
  });

  it('tells a file’s size without reading it', async () => {
    expect(await storage.stat('videos/ad-1/clip.mp4')).toEqual({ size: video.length });
    expect(await storage.stat('videos/ad-1/none.mp4')).toBeNull();
  });

  it('overwrites a key, and answers null for a key that is not there', async () => {
    await storage.put('avatars/u1.png', Buffer.from('first'), 'image/png');
    await storage.put('avatars/u1.png', Buffer.from('second'), 'image/png');
    expect((await bytes((await storage.get('avatars/u1.png'))!.stream)).toString()).toBe('second');
    expect(await storage.get('avatars/nobody.png')).toBeNull();
  });

  it('lists one area only, with keys as they were put, and deletes (a missing key too)', async () => {
    await storage.put('applications/a1/resume.pdf', Buffer.from('%PDF-1.4 private'), 'application/pdf');
    await storage.put('applications/a2/cover.pdf', Buffer.from('%PDF-1.4 private too'), 'application/pdf');
    await storage.put('ads-extra/x.webp', Buffer.from('not in ads'), 'image/webp');
    expect(await keysOf(storage, 'applications')).toEqual(['applications/a1/resume.pdf', 'applications/a2/cover.pdf']);
    for await (const file of storage.list('applications')) expect(file.modifiedAt).toBeInstanceOf(Date);
    expect(await keysOf(storage, 'ads')).toEqual([]);
    await storage.delete('applications/a1/resume.pdf');
    await storage.delete('applications/never-there.pdf');
    expect(await keysOf(storage, 'applications')).toEqual(['applications/a2/cover.pdf']);
    expect(await storage.get('applications/a1/resume.pdf')).toBeNull();
  });

  it('refuses unsafe keys and areas before touching the store', async () => {
    for (const key of ['../etc/passwd', 'avatars/../../x', '/abs/path', 'avatars/a b.png', 'Avatars/x.png']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    }
    await expect(keysOf(storage, '../x')).rejects.toThrow(/Unsafe storage area/);
  });

  it('answers the readiness ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });
});

describe('s3 driver', () => {
  it('fails the ping for a bucket that does not exist, and keeps sites sharing a bucket apart', async () => {
    const s3 = await startS3('shared');
    try {
      await expect(openStorage(s3.url().replace('s3://shared', 's3://no-such-bucket')).ping()).rejects.toThrow();
      const a = openStorage(s3.url('site-a'));
      const b = openStorage(s3.url('site-b'));
      await a.put('ads/one.webp', Buffer.from('a'), 'image/webp');
      expect(await keysOf(b, 'ads')).toEqual([]);
      expect(await b.get('ads/one.webp')).toBeNull();
      expect(await keysOf(a, 'ads')).toEqual(['ads/one.webp']);
    } finally {
      await s3.close();
    }
  });
});
