import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { FILES, multipart, signUp } from '../../../test/http';
import { diskStorage } from './disk';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uploads = () => path.join(t.config.dataDir, 'uploads');
const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

/** A file as a crash would leave it: on disk, no row, written `at`. */
function leave(key: string, at = TWO_HOURS_AGO) {
  const file = path.join(uploads(), key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, FILES.pdf);
  utimesSync(file, at, at);
  return file;
}
const age = (key: string) => utimesSync(path.join(uploads(), key.split('?')[0]!.replace('/api/files/', '')), TWO_HOURS_AGO, TWO_HOURS_AGO);
const exists = (key: string) => existsSync(path.join(uploads(), key));

const avatar = (client: Awaited<ReturnType<typeof signUp>>['client']) =>
  client.request({
    method: 'POST',
    url: '/api/profiles/me/avatar',
    ...multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', data: FILES.png }]),
  });

describe('the sweep of files no row points to', () => {
  it('removes old orphans, keeps referenced files, fresh orphans, and areas nobody registered', async () => {
    expect(t.app.fileSweep.areas().sort()).toEqual(['ads', 'avatars', 'consultants', 'cover-letters', 'logos', 'resumes', 'videos']);
    // Referenced: an avatar and an application's resume and cover letter, all old.
    const seeker = await signUp(t.app);
    const avatarUrl: string = (await avatar(seeker.client)).json().avatarUrl;
    const employer = await signUp(t.app, 'employer');
    const jobId = (
      await employer.client.post('/api/jobs', { title: 'Cook', company: 'Sea Grape', country: 'Jamaica', category: 'Hospitality', description: 'Line cook.' })
    ).json().id;
    const applied = await seeker.client.request({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...multipart([
        { name: 'coverLetter', data: 'Hello' },
        { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
        { name: 'coverLetterFile', filename: 'cl.pdf', contentType: 'application/pdf', data: FILES.pdf },
      ]),
    });
    expect(applied.statusCode).toBe(201);
    const referenced = ['resumes', 'cover-letters'].flatMap((area) => readdirSync(path.join(uploads(), area)).map((f) => `${area}/${f}`));
    expect(referenced).toHaveLength(2);
    for (const key of referenced) age(key);
    age(avatarUrl);

    // Orphans: as a crash between the file write and the commit leaves them.
    const oldResume = `resumes/${seeker.user.id}_${Date.now() - 1}.pdf`;
    const oldLetter = `cover-letters/${randomUUID()}_coverletter_1.pdf`;
    const oldAvatar = `avatars/${randomUUID()}.png`;
    const oldOddName = 'resumes/not-a-usual-name.pdf';
    for (const key of [oldResume, oldLetter, oldAvatar, oldOddName]) leave(key);
    const freshResume = `resumes/${randomUUID()}_${Date.now()}.pdf`;
    leave(freshResume, new Date());
    const unregistered = 'feedback/someone-else.png';
    leave(unregistered);
    const staleTmp = leave(`avatars/${seeker.user.id}.png.0123abcd.tmp`);
    const freshTmp = leave(`resumes/x.pdf.fedcba98.tmp`, new Date());

    // The resume builder writes into the same area: its upload and its generated PDF stay.
    const builder = await signUp(t.app);
    const saved = await builder.client.request({
      method: 'PUT',
      url: '/api/resumes/me',
      ...multipart([
        { name: 'resume', data: JSON.stringify({ fullName: 'Ana', summary: 'Cook' }) },
        { name: 'resumeFile', filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
      ]),
    });
    expect(saved.statusCode).toBe(200);
    const builderFile = `resumes/resume-${builder.user.id}.pdf`;
    age(builderFile);

    const result = await t.app.fileSweep.run();
    expect(exists(builderFile), builderFile).toBe(true);
    expect(result).toEqual({ removed: { avatars: 1, logos: 0, resumes: 2, 'cover-letters': 1, consultants: 0, ads: 0, videos: 0 }, temporaries: 1 });
    for (const key of [oldResume, oldLetter, oldAvatar, oldOddName]) expect(exists(key), key).toBe(false);
    for (const key of [...referenced, avatarUrl.split('?')[0]!.replace('/api/files/', ''), freshResume, unregistered]) expect(exists(key), key).toBe(true);
    expect(existsSync(staleTmp)).toBe(false);
    expect(existsSync(freshTmp)).toBe(true);
    // Still served and downloadable after the sweep.
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(200);
    expect((await t.app.fileSweep.run()).removed).toEqual({ logos: 0, avatars: 0, resumes: 0, 'cover-letters': 0, consultants: 0, ads: 0, videos: 0 });
  });
});

describe('writing files', () => {
  it('two avatar uploads by one person in the same millisecond both succeed', async () => {
    const seeker = await signUp(t.app);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      const [a, b] = await Promise.all([avatar(seeker.client), avatar(seeker.client)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    } finally {
      clock.mockRestore();
    }
    expect(readdirSync(path.join(uploads(), 'avatars')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a failed write leaves no temporary file behind', async () => {
    const root = path.join(t.config.dataDir, 'failing');
    const storage = diskStorage(root);
    // A directory where the file should go: the rename fails.
    mkdirSync(path.join(root, 'avatars', 'x.png'), { recursive: true });
    await expect(storage.put('avatars/x.png', FILES.png, 'image/png')).rejects.toThrow();
    expect(readdirSync(path.join(root, 'avatars'))).toEqual(['x.png']);
  });
});

describe('the sweep as a queue job', () => {
  it('runs when its recurring job comes up, on whichever instance takes it', async () => {
    leave('avatars/orphan-from-a-crash.png');
    await t.app.queue.send(t.database.db, 'file-sweep', {});
    await t.app.queue.drained();
    expect(existsSync(path.join(uploads(), 'avatars/orphan-from-a-crash.png'))).toBe(false);
  });
});
