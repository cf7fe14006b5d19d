import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, FILES, multipart, signUp } from '../../../test/http';
import { startS3 } from '../../../test/s3';
import { categoryId, postAd } from '../../modules/ads/test-helpers';
import { HTML, phoneJpeg } from '../images/test-images';

// Uploads go to a temporary file as they arrive (counted, capped, sniffed), and only what passes
// every check reaches storage (decision 0050): the same on disk and in an S3-compatible bucket.

const CAP = 300_000;
type Part = Parameters<typeof multipart>[0][number];

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A PDF of `size` bytes: a real header and trailer, a patterned middle no two tests share. */
function pdfOf(size: number, seed = 1): Buffer {
  const middle = Buffer.from(Array.from({ length: size - FILES.pdf.length }, (_, i) => 32 + ((i * seed) % 90)));
  return Buffer.concat([FILES.pdf.subarray(0, 9), middle, FILES.pdf.subarray(9)]);
}

const drivers = [
  { name: 'disk', start: async () => ({ storageUrl: undefined as string | undefined, close: async () => {} }) },
  {
    name: 's3',
    start: async () => {
      const s3 = await startS3();
      return { storageUrl: s3.url('uploads-test'), close: s3.close };
    },
  },
];

describe.each(drivers)('uploads stored through the $name driver', (driver) => {
  let t: TestApp;
  let closeDriver: () => Promise<void>;
  beforeAll(async () => {
    const started = await driver.start();
    closeDriver = started.close;
    t = await createTestApp({ maxUploadBytes: CAP, ...(started.storageUrl && { storageUrl: started.storageUrl }) });
  });
  afterAll(async () => {
    await t?.close();
    await closeDriver?.();
  });

  const keys = async (area: string) => {
    const found: string[] = [];
    for await (const f of t.app.storage.list(area)) found.push(f.key);
    return found.sort();
  };
  const spools = async () => readdir(path.join(t.config.dataDir, 'tmp-uploads')).catch(() => [] as string[]);
  const saveResume = (client: Client, file?: Part) =>
    client.request({
      method: 'PUT',
      url: '/api/resumes/me',
      ...multipart([{ name: 'resume', data: JSON.stringify({ fullName: 'Ana Streams', skills: 'Nursing' }) }, ...(file ? [file] : [])]),
    });
  const resumeFile = (data: Buffer, filename = 'cv.pdf'): Part => ({ name: 'resumeFile', filename, contentType: 'application/pdf', data });

  it('stores a resume file byte for byte, private: its owner reads it, a stranger and the public URL do not', async () => {
    const { client, user } = await signUp(t.app);
    const pdf = pdfOf(CAP, 3);
    const res = await saveResume(client, resumeFile(pdf));
    expect(res.statusCode, res.body).toBe(200);
    const key = `resumes/resume-${user.id}.pdf`;
    expect((await bytes((await t.app.storage.get(key))!.stream)).equals(pdf)).toBe(true);
    const own = await client.get(`/api/resumes/${user.id}/document`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf)).toBe(true);
    const stranger = await signUp(t.app, 'employer');
    await client.request({
      method: 'PUT',
      url: '/api/resumes/me',
      ...multipart([{ name: 'resume', data: JSON.stringify({ fullName: 'Ana Streams', visibility: 'nobody' }) }]),
    });
    expect((await stranger.client.get(`/api/resumes/${user.id}/document`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/files/${key}`)).statusCode).toBe(404);
    expect(await spools()).toEqual([]);
  });

  it('refuses a document one byte over the cap with the same 413, and nothing is saved', async () => {
    const { client, user } = await signUp(t.app);
    const before = await keys('resumes');
    const res = await saveResume(client, resumeFile(pdfOf(CAP + 1)));
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([413, 'FILE_TOO_LARGE', 'File is too large (max 293 KB).']);
    expect(await keys('resumes')).toEqual(before);
    expect((await client.get('/api/resumes/me')).json()).toBeNull();
    expect(await spools()).toEqual([]);
    expect(before.some((k) => k.includes(user.id))).toBe(false);
  });

  it('refuses a disguised file (HTML named cv.pdf) with the same 415, and nothing is saved', async () => {
    const { client } = await signUp(t.app);
    const before = await keys('resumes');
    const res = await saveResume(client, resumeFile(Buffer.concat([HTML, Buffer.alloc(10_000, 32)])));
    expect([res.statusCode, res.json().code]).toEqual([415, 'UNSUPPORTED_FILE_TYPE']);
    expect(res.json().message).toBe('Failed to upload file. Please choose a PDF, DOC or DOCX file.');
    expect(await keys('resumes')).toEqual(before);
    expect(await spools()).toEqual([]);
  });

  it('stores an application’s files, and copies a saved resume without reading it whole', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await employer.client.post('/api/jobs', {
      title: 'Nurse',
      company: 'QEH',
      country: 'Barbados',
      category: 'Healthcare',
      description: 'Ward work.',
    });
    expect(job.statusCode, job.body).toBe(201);
    const jobId = job.json().id as string;
    const seeker = await signUp(t.app);
    const [resume, cover] = [pdfOf(200_000, 5), pdfOf(100_000, 7)];
    const applied = await seeker.client.request({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...multipart([
        { name: 'coverLetter', data: 'Hello' },
        { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: resume },
        { name: 'coverLetterFile', filename: 'letter.pdf', contentType: 'application/pdf', data: cover },
      ]),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json().id as string;
    for (const [kind, data] of [
      ['resume', resume],
      ['cover-letter', cover],
    ] as const) {
      const got = await employer.client.get(`/api/applications/${id}/files/${kind}`);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(data)).toBe(true);
    }
    // With the saved resume: the stored file is streamed into the application's own key.
    const second = await signUp(t.app);
    const saved = pdfOf(150_000, 11);
    expect((await saveResume(second.client, resumeFile(saved))).statusCode).toBe(200);
    const copied = await second.client.request({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...multipart([{ name: 'useSavedResume', data: 'true' }]),
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const got = await employer.client.get(`/api/applications/${copied.json().id}/files/resume`);
    expect(got.rawPayload.equals(saved)).toBe(true);
    expect(await spools()).toEqual([]);
  });

  it('processes an ad picture from its temporary file: upright WebP variants, no metadata', async () => {
    const { client } = await signUp(t.app);
    const jpeg = await phoneJpeg(400, 200);
    const res = await postAd(client, { title: 'Bike', description: 'Red', categoryId: await categoryId(t), image: { data: jpeg } });
    expect(res.statusCode, res.body).toBe(201);
    const detail = await new Client(t.app).get(res.json().image.detail);
    expect(detail.statusCode).toBe(200);
    const meta = await sharp(detail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 200, 400, undefined]);
    expect(detail.rawPayload.includes(Buffer.from('Secret Camera 9'))).toBe(false);
    expect(await spools()).toEqual([]);
  });

  it('refuses a picture over the cap or in disguise with the same answers, and stores no variant', async () => {
    const { client } = await signUp(t.app);
    const before = await keys('ads');
    const big = Buffer.concat([await phoneJpeg(50, 50), Buffer.alloc(CAP, 1)]);
    const over = await postAd(client, { title: 'Bike', description: 'Red', categoryId: await categoryId(t), image: { data: big } });
    expect([over.statusCode, over.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    const html = await postAd(client, { title: 'Bike', description: 'Red', categoryId: await categoryId(t), image: { data: HTML, filename: 'photo.jpg' } });
    expect([html.statusCode, html.json().code]).toEqual([415, 'UNSUPPORTED_IMAGE_TYPE']);
    expect(await keys('ads')).toEqual(before);
    expect(await spools()).toEqual([]);
  });

  it('still lets the sweep find orphans, and only those', async () => {
    const { client, user } = await signUp(t.app);
    expect((await saveResume(client, resumeFile(pdfOf(20_000, 13)))).statusCode).toBe(200);
    await t.app.storage.put('resumes/resume-orphan-0000.pdf', FILES.pdf, 'application/pdf');
    await t.app.storage.put('cover-letters/nobody_coverletter_1.pdf', FILES.pdf, 'application/pdf');
    const result = await t.app.fileSweep.run(new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(result.removed.resumes).toBeGreaterThanOrEqual(1);
    expect(result.removed['cover-letters']).toBeGreaterThanOrEqual(1);
    const left = await keys('resumes');
    expect(left).toContain(`resumes/resume-${user.id}.pdf`);
    expect(left).not.toContain('resumes/resume-orphan-0000.pdf');
    expect(await keys('cover-letters')).not.toContain('cover-letters/nobody_coverletter_1.pdf');
  });
});
