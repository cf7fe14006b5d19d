import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setRole as setRoleOf } from '../../../test/consultants';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, FILES, multipart, signUp } from '../../../test/http';
import { applications, jobs } from '../../db/schema';
import { rowsOf } from '../../lib/keyset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN = '4b7c0f7e-0b7e-4a4e-9a53-3d8f1c2b9a10';
/** An old Word document starts with the OLE compound-file signature. */
const DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);

const job = {
  title: 'Registered Nurse',
  company: 'Queen Elizabeth Hospital',
  country: 'Barbados',
  category: 'Healthcare',
  description: 'Ward nursing, rotating shifts.',
};

async function employerWithJob(app = t.app) {
  const employer = await signUp(app, 'employer');
  const res = await employer.client.post('/api/jobs', job);
  expect(res.statusCode).toBe(201);
  return { ...employer, jobId: res.json().id as string };
}

type Part = Parameters<typeof multipart>[0][number];
function apply(client: Client, jobId: string, parts: Part[] = [{ name: 'coverLetter', data: 'I would love to join your team.' }]) {
  return client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...multipart(parts) });
}
const pdf = (name: 'resumeFile' | 'coverLetterFile', data = FILES.pdf, filename = 'cv.pdf'): Part => ({ name, filename, contentType: 'application/pdf', data });

async function storedFiles(dataDir = t.config.dataDir): Promise<string[]> {
  const out: string[] = [];
  for (const area of ['resumes', 'cover-letters']) {
    try {
      for (const f of await readdir(path.join(dataDir, 'uploads', area))) out.push(`${area}/${f}`);
    } catch {
      // The area does not exist until its first upload.
    }
  }
  return out.sort();
}
const appRow = async (id: string) => (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0];
// An admin is enrolled in two-step sign-in, without which they hold no admin power (decision 0068).
const setRole = (userId: string, role: string) => setRoleOf(t.database, userId, role);
async function admin() {
  const a = await signUp(t.app, 'employer');
  await setRole(a.user.id, 'admin');
  return a;
}

describe('the job page and the caller’s own application', () => {
  it('tells a job seeker when they applied, and nobody else', async () => {
    const { jobId, client: owner } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const other = await signUp(t.app, 'jobseeker');
    const read = async (client: Client) => {
      const res = await client.get(`/api/jobs/${jobId}`);
      expect(res.statusCode).toBe(200);
      return res;
    };
    expect((await read(seeker.client)).json().appliedAt).toBeNull();
    const applied = await apply(seeker.client, jobId);
    expect(applied.statusCode).toBe(201);
    const mine = await read(seeker.client);
    expect(mine.json().appliedAt).toBe((await appRow(applied.json().id))!.createdAt.toISOString());
    // The answer carries the caller's own data: never in a shared cache.
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // Another job seeker, the job's owner and an admin do not learn who applied.
    expect((await read(other.client)).json().appliedAt).toBeNull();
    expect((await read(owner)).json().appliedAt).toBeNull();
    expect((await read((await admin()).client)).json().appliedAt).toBeNull();
    // An anonymous caller gets no such field at all, in an answer a shared cache may keep.
    const anonymous = await read(new Client(t.app));
    expect(anonymous.json()).not.toHaveProperty('appliedAt');
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });
});

describe('applying for a job', () => {
  it('stores the application and its documents under the spec’s keys', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const res = await apply(seeker.client, jobId, [
      { name: 'coverLetter', data: '  Hello  ' },
      pdf('resumeFile'),
      { name: 'coverLetterFile', filename: 'letter.doc', data: DOC },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const row = await appRow(res.json().id);
    expect(row).toMatchObject({ jobId, userId: seeker.user.id, coverLetter: 'Hello', status: 'Pending' });
    expect(row!.resumeKey).toMatch(new RegExp(`^resumes/${seeker.user.id}_\\d{13}\\.pdf$`));
    expect(row!.coverLetterKey).toMatch(new RegExp(`^cover-letters/${seeker.user.id}_coverletter_\\d{13}\\.doc$`));
    expect(await storedFiles()).toEqual(expect.arrayContaining([row!.resumeKey, row!.coverLetterKey]));
  });

  it('accepts an application without any file or text', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const res = await apply(seeker.client, jobId, []);
    expect(res.statusCode).toBe(201);
    expect(await appRow(res.json().id)).toMatchObject({ coverLetter: '', resumeKey: null, coverLetterKey: null });
  });

  it('refuses applying twice to the same job, keeping the first application and no extra file', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    expect((await apply(seeker.client, jobId, [pdf('resumeFile')])).statusCode).toBe(201);
    const files = await storedFiles();
    const again = await apply(seeker.client, jobId, [pdf('resumeFile')]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already applied for this job.');
    expect(await storedFiles()).toEqual(files);
    expect(await t.database.db.$count(applications, eq(applications.jobId, jobId))).toBe(1);
  });

  it('keeps exactly one of two simultaneous applications, and only its files', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const before = await storedFiles();
    const results = await Promise.all([apply(seeker.client, jobId, [pdf('resumeFile')]), apply(seeker.client, jobId, [pdf('resumeFile')])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(applications).where(eq(applications.jobId, jobId));
    expect(rows).toHaveLength(1);
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toEqual([rows[0]!.resumeKey]);
  });

  it('removes the stored files when the database refuses the application', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const before = await storedFiles();
    await t.database.db.execute(
      sql.raw(`create function refuse_application() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        `create trigger refuse_application before insert on applications for each row when (new.cover_letter = 'fail me') execute function refuse_application()`,
      ),
    );
    try {
      const res = await apply(seeker.client, jobId, [{ name: 'coverLetter', data: 'fail me' }, pdf('resumeFile'), pdf('coverLetterFile')]);
      expect(res.statusCode).toBe(500);
      expect(await storedFiles()).toEqual(before);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_application on applications'));
      await t.database.db.execute(sql.raw('drop function refuse_application()'));
    }
  });

  it('refuses an anonymous caller with the spec’s message', async () => {
    const { jobId } = await employerWithJob();
    const res = await apply(new Client(t.app), jobId, [pdf('resumeFile')]);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in to apply.');
  });

  it('refuses employers, admins and muted accounts', async () => {
    const { jobId, client } = await employerWithJob();
    const res = await apply(client, jobId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only job seeker accounts can apply for jobs.');
    expect((await apply((await admin()).client, jobId)).statusCode).toBe(403);
    const muted = await signUp(t.app, 'jobseeker');
    await setRole(muted.user.id, 'muted');
    expect((await apply(muted.client, jobId)).statusCode).toBe(403);
    expect(await t.database.db.$count(applications, eq(applications.jobId, jobId))).toBe(0);
  });

  it('answers 404 “Job not found.” for an unknown or malformed job id', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    for (const id of [UNKNOWN, 'nope']) {
      const res = await apply(seeker.client, id, [pdf('resumeFile')]);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Job not found.');
    }
  });

  it('answers 404 for a job its page hides: its company suspended, or held back by moderation; stores nothing', async () => {
    // The page is "not found" for the applicant, so the form behind it is too (a saved link, a replayed request).
    const seeker = await signUp(t.app, 'jobseeker');
    const suspended = await employerWithJob();
    const held = await employerWithJob();
    const [company] = await rowsOf<{ id: string }>(t.database.db.execute(sql`select company_id as id from jobs where id = ${suspended.jobId}`));
    const boss = await admin();
    expect((await boss.client.patch(`/api/admin/companies/${company!.id}`, { suspended: true })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`insert into moderation_holds (item_type, item_id, owner_id, state) values ('job', ${held.jobId}, ${held.user.id}, 'hidden')`,
    );
    const before = await storedFiles();
    for (const jobId of [suspended.jobId, held.jobId]) {
      expect((await seeker.client.get(`/api/jobs/${jobId}`)).statusCode, jobId).toBe(404);
      const res = await apply(seeker.client, jobId, [pdf('resumeFile')]);
      expect(res.statusCode, jobId).toBe(404);
      expect(res.json().code).toBe('JOB_NOT_FOUND');
      expect(await t.database.db.select().from(applications).where(eq(applications.jobId, jobId))).toHaveLength(0);
    }
    expect(await storedFiles()).toEqual(before);
    // Lifting the suspension opens the form again.
    expect((await boss.client.patch(`/api/admin/companies/${company!.id}`, { suspended: false })).statusCode).toBe(200);
    expect((await apply(seeker.client, suspended.jobId)).statusCode).toBe(201);
  });

  it('refuses an HTML file named .pdf (checked by content) and stores nothing', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const before = await storedFiles();
    for (const field of ['resumeFile', 'coverLetterFile'] as const) {
      const res = await apply(seeker.client, jobId, [pdf(field, FILES.html, 'resume.pdf')]);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/PDF, DOC or DOCX/);
    }
    const png = await apply(seeker.client, jobId, [pdf('resumeFile', FILES.png, 'photo.pdf')]);
    expect(png.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
    expect(await t.database.db.$count(applications, eq(applications.jobId, jobId))).toBe(0);
  });

  it('refuses an unexpected file field and an over-long cover letter', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    expect((await apply(seeker.client, jobId, [pdf('avatar' as 'resumeFile')])).statusCode).toBe(400);
    const long = await apply(seeker.client, jobId, [{ name: 'coverLetter', data: 'x'.repeat(10_001) }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Cover letter must be at most 10000 characters.');
  });

  it('refuses a file over the size cap with 413 and stores nothing', async () => {
    const small = await createTestApp({ maxUploadBytes: 1024 });
    try {
      const { jobId } = await employerWithJob(small.app);
      const seeker = await signUp(small.app, 'jobseeker');
      const big = Buffer.concat([FILES.pdf, Buffer.alloc(4096, 0x20)]);
      const res = await apply(seeker.client, jobId, [pdf('coverLetterFile', FILES.pdf), pdf('resumeFile', big)]);
      expect(res.statusCode).toBe(413);
      // Two files were sent: the answer says which one was too large.
      expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', field: 'resumeFile' });
      expect(await storedFiles(small.config.dataDir)).toEqual([]);
      expect(await small.database.db.$count(applications)).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe('My Applications', () => {
  it('lists only the caller’s applications, newest first, with the job’s title, company and country', async () => {
    const seeker = await signUp(t.app, 'jobseeker');
    const other = await signUp(t.app, 'jobseeker');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { jobId } = await employerWithJob();
      ids.unshift((await apply(seeker.client, jobId, i === 0 ? [pdf('resumeFile')] : [])).json().id);
      await apply(other.client, jobId);
    }
    const first = await seeker.client.get('/api/applications/mine?limit=2');
    expect(first.statusCode).toBe(200);
    const second = await seeker.client.get(`/api/applications/mine?limit=2&cursor=${first.json().nextCursor}`);
    const items = [...first.json().items, ...second.json().items];
    expect(second.json().nextCursor).toBeNull();
    expect(items.map((a: { id: string }) => a.id)).toEqual(ids);
    expect(items[0]).toMatchObject({ status: 'Pending', job: { title: job.title, company: job.company, country: job.country }, resumeUrl: null });
    expect(items[2].resumeUrl).toBe(`/api/applications/${ids[2]}/files/resume`);
    expect((await new Client(t.app).get('/api/applications/mine')).statusCode).toBe(401);
    expect((await seeker.client.get('/api/applications/mine?cursor=garbage!')).statusCode).toBe(400);
  });
});

describe('the Applicants page', () => {
  it('shows the job’s owner each applicant with name, message and document links', async () => {
    const { client, jobId } = await employerWithJob();
    const named = await signUp(t.app, 'jobseeker', { fullName: 'Keisha Browne' });
    const unnamed = await signUp(t.app, 'jobseeker', { fullName: '' });
    const a1 = (await apply(named.client, jobId, [{ name: 'coverLetter', data: 'Ten years on the wards.' }, pdf('resumeFile'), pdf('coverLetterFile')])).json()
      .id;
    const a2 = (await apply(unnamed.client, jobId, [])).json().id;
    const res = await client.get(`/api/jobs/${jobId}/applications`);
    expect(res.statusCode).toBe(200);
    expect(res.json().nextCursor).toBeNull();
    expect(res.json().items).toEqual([
      expect.objectContaining({ id: a2, userId: unnamed.user.id, applicantName: '', message: '', status: 'Pending', resumeUrl: null, coverLetterUrl: null }),
      expect.objectContaining({
        id: a1,
        userId: named.user.id,
        applicantName: 'Keisha Browne',
        message: 'Ten years on the wards.',
        resumeUrl: `/api/applications/${a1}/files/resume`,
        coverLetterUrl: `/api/applications/${a1}/files/cover-letter`,
      }),
    ]);
    expect(JSON.stringify(res.json())).not.toMatch(/resumes\/|cover-letters\//);
    const page = await client.get(`/api/jobs/${jobId}/applications?limit=1`);
    const next = await client.get(`/api/jobs/${jobId}/applications?limit=1&cursor=${page.json().nextCursor}`);
    expect([...page.json().items, ...next.json().items].map((a: { id: string }) => a.id)).toEqual([a2, a1]);
  });

  it('is shown to an admin, and to nobody else', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    await apply(seeker.client, jobId);
    expect((await (await admin()).client.get(`/api/jobs/${jobId}/applications`)).json().items).toHaveLength(1);
    const other = await signUp(t.app, 'employer');
    for (const c of [other.client, seeker.client]) {
      const res = await c.get(`/api/jobs/${jobId}/applications`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Job not found.');
    }
    expect((await new Client(t.app).get(`/api/jobs/${jobId}/applications`)).statusCode).toBe(401);
    expect((await other.client.get(`/api/jobs/${UNKNOWN}/applications`)).statusCode).toBe(404);
  });
});

describe('setting an application’s status', () => {
  it('lets the job’s owner set any status, which the applicant then sees', async () => {
    const { client, jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker', { fullName: 'Andre Baptiste' });
    const id = (await apply(seeker.client, jobId)).json().id;
    for (const status of ['Shortlisted', 'Pending', 'Rejected', 'Reviewed']) {
      const res = await client.patch(`/api/applications/${id}/status`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status, applicantName: 'Andre Baptiste' });
    }
    const mine = await seeker.client.get('/api/applications/mine');
    expect(mine.json().items[0]).toMatchObject({ id, status: 'Reviewed' });
  });

  it('does not let another employer, the applicant, an admin or an anonymous caller change it', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const id = (await apply(seeker.client, jobId)).json().id;
    const before = await appRow(id);
    const other = await signUp(t.app, 'employer');
    const attempts: Array<[Client, number]> = [
      [other.client, 404],
      [seeker.client, 404],
      [(await admin()).client, 404],
      [new Client(t.app), 401],
    ];
    for (const [c, status] of attempts) {
      const res = await c.patch(`/api/applications/${id}/status`, { status: 'Shortlisted' });
      expect(res.statusCode).toBe(status);
    }
    expect(await appRow(id)).toEqual(before);
  });

  it('refuses an unknown status and an unknown application', async () => {
    const { client, jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const id = (await apply(seeker.client, jobId)).json().id;
    const bad = await client.patch(`/api/applications/${id}/status`, { status: 'Hired' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown status.');
    expect((await client.patch(`/api/applications/${UNKNOWN}/status`, { status: 'Reviewed' })).statusCode).toBe(404);
    expect((await client.patch('/api/applications/nope/status', { status: 'Reviewed' })).statusCode).toBe(404);
    expect((await appRow(id))!.status).toBe('Pending');
  });
});

describe('application documents', () => {
  it('are served to the applicant, the job’s owner and admins only: a PDF inline and sandboxed, a Word file as an attachment', async () => {
    const { client: owner, jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const id = (await apply(seeker.client, jobId, [pdf('resumeFile'), { name: 'coverLetterFile', filename: 'letter.doc', data: DOC }])).json().id;
    const row = await appRow(id);

    for (const c of [seeker.client, owner, (await admin()).client]) {
      const res = await c.get(`/api/applications/${id}/files/resume`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(FILES.pdf)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${path.posix.basename(row!.resumeKey!)}"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const csp = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim());
      expect(csp).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'"]));
      const letter = await c.get(`/api/applications/${id}/files/cover-letter`);
      expect(letter.statusCode).toBe(200);
      expect(letter.headers['content-type']).toBe('application/msword');
      expect(letter.headers['content-disposition']).toBe(`attachment; filename="${path.posix.basename(row!.coverLetterKey!)}"`);
      expect(letter.headers['x-content-type-options']).toBe('nosniff');
      expect(letter.rawPayload.equals(DOC)).toBe(true);
    }

    const strangers = [(await signUp(t.app, 'employer')).client, (await signUp(t.app, 'jobseeker')).client, new Client(t.app)];
    for (const c of strangers) {
      for (const kind of ['resume', 'cover-letter']) {
        expect((await c.get(`/api/applications/${id}/files/${kind}`)).statusCode).toBe(404);
      }
    }
    // No public URL serves them.
    for (const key of [row!.resumeKey!, row!.coverLetterKey!]) {
      expect((await new Client(t.app).get(`/api/files/${key}`)).statusCode).toBe(404);
      expect((await seeker.client.get(`/api/files/${key}`)).statusCode).toBe(404);
    }
  });

  it('answer 404 for a missing document, an unknown application and an unknown kind', async () => {
    const { client: owner, jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const id = (await apply(seeker.client, jobId, [])).json().id;
    expect((await owner.get(`/api/applications/${id}/files/resume`)).statusCode).toBe(404);
    expect((await owner.get(`/api/applications/${UNKNOWN}/files/resume`)).statusCode).toBe(404);
    expect((await owner.get(`/api/applications/nope/files/resume`)).statusCode).toBe(404);
    expect((await owner.get(`/api/applications/${id}/files/photo`)).statusCode).toBe(400);
  });
});

describe('deleting a job with applications', () => {
  it('deletes its applications and their documents, and leaves other jobs’ alone', async () => {
    const { client: owner, jobId } = await employerWithJob();
    const kept = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const gone = (await apply(seeker.client, jobId, [pdf('resumeFile'), pdf('coverLetterFile')])).json().id;
    const stays = (await apply(seeker.client, kept.jobId, [pdf('resumeFile')])).json().id;
    const goneRow = await appRow(gone);
    const staysRow = await appRow(stays);

    expect((await owner.delete(`/api/jobs/${jobId}`)).statusCode).toBe(204);
    expect(await appRow(gone)).toBeUndefined();
    const files = await storedFiles();
    expect(files).not.toContain(goneRow!.resumeKey);
    expect(files).not.toContain(goneRow!.coverLetterKey);
    expect(files).toContain(staysRow!.resumeKey);
    expect((await seeker.client.get(`/api/applications/${gone}/files/resume`)).statusCode).toBe(404);
    const mine = await seeker.client.get('/api/applications/mine');
    expect(mine.json().items.map((a: { id: string }) => a.id)).toEqual([stays]);
    expect(await t.database.db.$count(jobs, eq(jobs.id, kept.jobId))).toBe(1);
  });

  it('when an admin deletes it, too', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const id = (await apply(seeker.client, jobId, [pdf('resumeFile')])).json().id;
    const row = await appRow(id);
    // An admin's removal gives the owner a reason (decision 0069).
    const removed = await (await admin()).client.request({ method: 'DELETE', url: `/api/jobs/${jobId}`, payload: { reason: 'Duplicate posting.' } });
    expect(removed.statusCode).toBe(204);
    expect(await appRow(id)).toBeUndefined();
    expect(await storedFiles()).not.toContain(row!.resumeKey);
  });

  it('another employer’s attempt changes nothing', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app, 'jobseeker');
    const id = (await apply(seeker.client, jobId, [pdf('resumeFile')])).json().id;
    const row = await appRow(id);
    expect((await (await signUp(t.app, 'employer')).client.delete(`/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect(await appRow(id)).toEqual(row);
    expect(await storedFiles()).toContain(row!.resumeKey);
  });
});
