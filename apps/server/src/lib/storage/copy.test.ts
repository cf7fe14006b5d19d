import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { startS3 } from '../../../test/s3';
import { copyStorage } from './copy';
import { openStorage } from './open';
import { STORAGE_AREAS, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3>>;
let dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-copy-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

async function contents(storage: Storage) {
  const out: Record<string, string> = {};
  for (const area of STORAGE_AREAS) {
    for await (const { key } of storage.list(area)) {
      const file = await storage.get(key);
      const chunks: Buffer[] = [];
      for await (const c of file!.stream) chunks.push(Buffer.from(c));
      out[key] = Buffer.concat(chunks).toString('base64');
    }
  }
  return out;
}

const site = {
  'avatars/u1.png': Buffer.from('avatar bytes'),
  'consultants/c1-0123456789abcdef.webp': Buffer.from('photo'),
  'resumes/resume-u1.pdf': Buffer.from('%PDF-1.4 private resume'),
  'cover-letters/a1.pdf': Buffer.from('%PDF-1.4 letter'),
  'ads/ad1-0123456789abcdef-card.webp': Buffer.from('card'),
  'videos/ad1-0123456789abcdef.mp4': Buffer.alloc(300_000, 7),
};

describe('storage:copy', () => {
  it('moves a site from disk to a bucket and back, byte for byte', async () => {
    const disk = openStorage(await tempDir());
    for (const [key, data] of Object.entries(site)) await disk.put(key, data, 'application/octet-stream');
    const bucket = openStorage(s3.url('copy-1'));
    const there = await copyStorage(disk, bucket);
    expect(there).toEqual({ copied: 6, skipped: 0, failed: [] });
    const back = openStorage(await tempDir());
    expect(await copyStorage(bucket, back)).toEqual({ copied: 6, skipped: 0, failed: [] });
    const expected = Object.fromEntries(Object.entries(site).map(([k, v]) => [k, v.toString('base64')]));
    expect(await contents(bucket)).toEqual(expected);
    expect(await contents(back)).toEqual(expected);
  });

  it('resumes after an interruption: the second run copies only what is missing', async () => {
    const disk = openStorage(await tempDir());
    for (const [key, data] of Object.entries(site)) await disk.put(key, data, 'application/octet-stream');
    const bucket = openStorage(s3.url('copy-2'));
    // The connection drops while two files are on their way.
    let drops = 2;
    const flaky: Storage = {
      ...bucket,
      putStream: async (key, stream, type, size) => {
        if (key.startsWith('resumes/') || key.startsWith('videos/')) {
          if (drops-- > 0) {
            stream.destroy();
            throw new Error('socket hang up');
          }
        }
        return bucket.putStream(key, stream, type, size);
      },
    };
    const first = await copyStorage(disk, flaky);
    expect(first.copied).toBe(4);
    expect(first.failed.map((f) => f.key).sort()).toEqual(['resumes/resume-u1.pdf', 'videos/ad1-0123456789abcdef.mp4']);
    const second = await copyStorage(disk, bucket);
    expect(second).toEqual({ copied: 2, skipped: 4, failed: [] });
    expect(Object.keys(await contents(bucket)).sort()).toEqual(Object.keys(site).sort());
  });

  it('knows every area the app stores files in', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.fileSweep.areas().sort()).toEqual([...new Set(STORAGE_AREAS)].sort());
    } finally {
      await t.close();
    }
  });
});
