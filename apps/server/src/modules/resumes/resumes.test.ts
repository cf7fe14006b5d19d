import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import { setRole as setRoleOf } from '../../../test/consultants';
import { createTestApp, type TestApp } from '../../../test/app';
import { rowsOf } from '../../lib/keyset';
import { Client, FILES, multipart, signUp } from '../../../test/http';
import { applications, resumes } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An old Word document starts with the OLE compound-file signature. */
const DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);

type Part = Parameters<typeof multipart>[0][number];
function save(client: Client, body: Record<string, unknown>, file?: Part) {
  const parts: Part[] = [{ name: 'resume', data: JSON.stringify(body) }];
  if (file) parts.push(file);
  return client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart(parts) });
}
const pdfFile = (data = FILES.pdf, filename = 'cv.pdf'): Part => ({ name: 'resumeFile', filename, contentType: 'application/pdf', data });

const full = {
  fullName: 'Marie-Thérèse Région',
  phone: '+1 868 555 0100',
  email: 'marie@example.com',
  summary: 'Hospitality lead from Curaçao, fluent in Kreyòl.',
  education: [{ title: 'BSc Hospitality', place: 'UWI', period: '2015 – 2019', detail: '' }],
  experience: [
    { title: 'Front desk lead', place: 'Hôtel Caraïbes', period: '2019 – 2024', detail: 'Led a team of six.' },
    { title: 'Receptionist', place: 'Sandals', period: '2017 – 2019', detail: '' },
  ],
  skills: 'Customer service, Kreyòl,  , Excel ,',
  certifications: ['First Aid, Food Safety', '  '],
};

const row = async (userId: string) => (await t.database.db.select().from(resumes).where(eq(resumes.userId, userId)))[0];
// An admin is enrolled in two-step sign-in, without which they hold no admin power (decision 0068).
const setRole = (userId: string, role: string) => setRoleOf(t.database, userId, role);
async function withRole(role: string, base: 'jobseeker' | 'employer' = 'jobseeker') {
  const a = await signUp(t.app, base);
  await setRole(a.user.id, role);
  return a;
}
async function stored(area = 'resumes'): Promise<string[]> {
  try {
    return (await readdir(path.join(t.config.dataDir, 'uploads', area))).sort();
  } catch {
    return [];
  }
}
async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  return (await extractText(pdf, { mergePages: true })).text;
}
/** A PDF shown in the browser runs nothing and loads nothing: a hostile one stays inert. */
function expectSandboxed(csp: unknown) {
  const directives = String(csp)
    .split(';')
    .map((d) => d.trim());
  expect(directives).toContain('sandbox');
  expect(directives).toContain("default-src 'none'");
}
const fetchDocument = (client: Client, userId: string) => client.request({ method: 'GET', url: `/api/resumes/${userId}/document` });
/** The document once the queued PDF jobs have run (the workers of the test app draw them). */
async function download(client: Client, userId: string) {
  await t.app.queue.drained();
  return fetchDocument(client, userId);
}

describe('saving a resume', () => {
  it('refuses anonymous callers with the spec’s sentences', async () => {
    const anon = new Client(t.app);
    const res = await save(anon, full);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'User not logged in.', code: 'RESUME_SIGNED_OUT' });
    const mine = await anon.get('/api/resumes/me');
    expect(mine.statusCode).toBe(401);
    expect(mine.json()).toMatchObject({ message: 'Please sign in to view your resume.', code: 'RESUME_SIGNED_OUT_VIEW' });
  });

  it('answers “none yet” before the first save as a success with nothing in it (200, null)', async () => {
    const { client } = await signUp(t.app);
    const res = await client.get('/api/resumes/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('stores the fields, splitting skills and certifications on commas on the server', async () => {
    const { client, user } = await signUp(t.app);
    const res = await save(client, full);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      userId: user.id,
      fullName: 'Marie-Thérèse Région',
      skills: ['Customer service', 'Kreyòl', 'Excel'],
      certifications: ['First Aid', 'Food Safety'],
      visibility: 'members',
      documentType: 'generated',
    });
    expect(body.experience).toHaveLength(2);
    expect(body.education[0]).toEqual({ title: 'BSc Hospitality', place: 'UWI', period: '2015 – 2019', detail: '' });
    expect(body.documentUrl).toMatch(new RegExp(`^/api/resumes/${user.id}/document\\?v=\\d+$`));
    expect((await client.get('/api/resumes/me')).json()).toEqual(body);
  });

  it('keeps one resume per person: a second save updates it', async () => {
    const { client, user } = await signUp(t.app);
    const first = (await save(client, full)).json();
    const second = await save(client, { ...full, summary: 'Changed.', education: [], experience: [{ detail: 'Only this.' }] });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ summary: 'Changed.', education: [], experience: [{ title: '', place: '', period: '', detail: 'Only this.' }] });
    expect(second.json().documentUrl).not.toBe(first.documentUrl);
    expect(await t.database.db.$count(resumes, eq(resumes.userId, user.id))).toBe(1);
  });

  it('ignores a forged user_id: the resume is the caller’s, the other person’s is untouched', async () => {
    const victim = await signUp(t.app);
    await save(victim.client, full);
    // The saved resume's PDF is drawn by a queued job; let it land before the snapshot.
    await t.app.queue.drained();
    const before = await row(victim.user.id);
    const attacker = await signUp(t.app);
    const res = await save(attacker.client, { ...full, fullName: 'Forged', user_id: victim.user.id, userId: victim.user.id, fileKey: 'resumes/x.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(attacker.user.id);
    expect(await row(victim.user.id)).toEqual(before);
    expect((await row(attacker.user.id))!.fileKey).toBeNull();
  });

  it('reads and accepts the original single-text shape of education and experience', async () => {
    const { client, user } = await signUp(t.app);
    // As the original builder stored it: a one-item list holding the whole text, or a bare string.
    await t.database.db.insert(resumes).values({ userId: user.id, fullName: 'Old', education: [{ detail: 'BSc, UWI 2019' }], experience: 'Ten years at sea.' });
    const read = (await client.get('/api/resumes/me')).json();
    expect(read.education).toEqual([{ title: '', place: '', period: '', detail: 'BSc, UWI 2019' }]);
    expect(read.experience).toEqual([{ title: '', place: '', period: '', detail: 'Ten years at sea.' }]);
    const res = await save(client, { fullName: 'Old', education: [{ detail: 'MSc' }], experience: 'Fifteen years at sea.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().experience).toEqual([{ title: '', place: '', period: '', detail: 'Fifteen years at sea.' }]);
  });

  it('refuses over-long fields, too many entries or items, and a bad email, changing nothing', async () => {
    const { client, user } = await signUp(t.app);
    await save(client, full);
    // The saved resume's PDF is drawn by a queued job; let it land before the snapshot.
    await t.app.queue.drained();
    const before = await row(user.id);
    const bad = [
      { fullName: 'x'.repeat(121) },
      { summary: 'x'.repeat(4001) },
      { experience: Array.from({ length: 21 }, (_, i) => ({ title: `Job ${i}` })) },
      { education: [{ detail: 'x'.repeat(4001) }] },
      { skills: 'x'.repeat(101) },
      { skills: Array.from({ length: 51 }, (_, i) => `s${i}`).join(',') },
      { email: 'not-an-email' },
      { visibility: 'everyone' },
    ];
    for (const change of bad) {
      const res = await save(client, { ...full, ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe('RESUME_INVALID');
      expect(res.json().message).toMatch(/^Failed to save resume data: /);
    }
    const broken = await client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart([{ name: 'resume', data: '{nope' }]) });
    expect(broken.statusCode).toBe(400);
    expect(await row(user.id)).toEqual(before);
  });

  it('stores <script> as text', async () => {
    const { client, user } = await signUp(t.app);
    const res = await save(client, { ...full, summary: '<script>alert(1)</script>' });
    expect(res.json().summary).toBe('<script>alert(1)</script>');
    const pdf = await download(client, user.id);
    expect(await pdfText(pdf.rawPayload)).toContain('<script>alert(1)</script>');
  });

  it('refuses muted, suspended and banned accounts', async () => {
    for (const role of ['muted', 'suspended', 'banned']) {
      const { client, user } = await withRole(role);
      expect((await save(client, full)).statusCode, role).toBe(403);
      expect(await row(user.id)).toBeUndefined();
    }
  });
});

describe('the resume file', () => {
  it('is stored privately under resumes/resume-{userId}.{ext} and a PDF is shown in the browser, sandboxed', async () => {
    const { client, user } = await signUp(t.app);
    const res = await save(client, full, pdfFile());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().documentType).toBe('pdf');
    expect((await row(user.id))!.fileKey).toBe(`resumes/resume-${user.id}.pdf`);
    const file = await download(client, user.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(FILES.pdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="resume\.pdf"; filename\*=UTF-8''Marie-Th%C3%A9r%C3%A8se%20R%C3%A9gion/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expectSandboxed(file.headers['content-security-policy']);
    // Never at a guessable public URL.
    expect((await new Client(t.app).get(`/api/files/resumes/resume-${user.id}.pdf`)).statusCode).toBe(404);
    expect((await client.get(`/api/files/resumes/resume-${user.id}.pdf`)).statusCode).toBe(404);
  });

  it('downloads a Word document as an attachment, never inline', async () => {
    const { client, user } = await signUp(t.app);
    await save(client, full, { name: 'resumeFile', filename: 'cv.doc', data: DOC });
    const file = await download(client, user.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/msword');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="resume\.doc"; filename\*=UTF-8''Marie-Th%C3%A9r%C3%A8se%20R%C3%A9gion%20-%20Resume\.doc$/,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the file when the fields change, replaces it on a new upload, and removes it on request', async () => {
    const { client, user } = await signUp(t.app);
    await save(client, full, pdfFile());
    expect((await save(client, { ...full, summary: 'New' })).json().documentType).toBe('pdf');
    const doc = await save(client, full, { name: 'resumeFile', filename: 'cv.doc', data: DOC });
    expect(doc.json().documentType).toBe('doc');
    expect(await stored()).toContain(`resume-${user.id}.doc`);
    expect(await stored()).not.toContain(`resume-${user.id}.pdf`);
    const removed = await save(client, { ...full, removeFile: true });
    expect(removed.json().documentType).toBe('generated');
    expect(await stored()).not.toContain(`resume-${user.id}.doc`);
  });

  it('refuses an HTML file named .pdf (checked by content), changing nothing', async () => {
    const { client, user } = await signUp(t.app);
    await save(client, full);
    // The saved resume's PDF is drawn by a queued job; let it land before the snapshot.
    await t.app.queue.drained();
    const before = await row(user.id);
    const res = await save(client, { ...full, fullName: 'Changed' }, pdfFile(FILES.html, 'cv.pdf'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: 'Failed to upload file. Please choose a PDF, DOC or DOCX file.' });
    expect(await row(user.id)).toEqual(before);
    expect((await stored()).filter((f) => f.startsWith(`resume-${user.id}`))).toEqual([]);
  });

  it('refuses a file over the size cap with 413, changing nothing', async () => {
    const small = await createTestApp({ maxUploadBytes: 1024 });
    try {
      const { client, user } = await signUp(small.app);
      const big = Buffer.concat([FILES.pdf, Buffer.alloc(2048, 32)]);
      const res = await client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart([{ name: 'resume', data: JSON.stringify(full) }, pdfFile(big)]) });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('FILE_TOO_LARGE');
      expect(await small.database.db.$count(resumes, eq(resumes.userId, user.id))).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe('the generated PDF', () => {
  it('is a valid PDF with the person’s accented name, contact details and skills as text', async () => {
    const { client, user } = await signUp(t.app);
    await save(client, full);
    const res = await download(client, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expectSandboxed(res.headers['content-security-policy']);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const s of ['Marie-Thérèse Région', 'Kreyòl', 'Curaçao', 'Hôtel Caraïbes', 'First Aid', 'marie@example.com']) expect(text).toContain(s);
  });

  it('is headed in its owner’s language (decision 0076), whoever reads it', async () => {
    const { client, user } = await signUp(t.app, 'jobseeker', { language: 'es' });
    await save(client, full);
    const text = await pdfText((await download(client, user.id)).rawPayload);
    // Section headings are drawn in capitals.
    for (const heading of ['RESUMEN', 'EXPERIENCIA', 'EDUCACIÓN', 'HABILIDADES', 'CERTIFICACIONES']) expect(text).toContain(heading);
    expect(text).not.toContain('EXPERIENCE');
    const english = await signUp(t.app);
    await save(english.client, full);
    const englishText = await pdfText((await download(english.client, english.user.id)).rawPayload);
    expect(englishText).toContain('EXPERIENCE');
    expect(englishText).not.toContain('EXPERIENCIA');
    // A change of language alone draws it again in the new one; the same language again draws nothing.
    expect((await client.request({ method: 'PUT', url: '/api/me/language', payload: { language: 'fr' } })).statusCode).toBe(204);
    const french = await pdfText((await download(client, user.id)).rawPayload);
    expect(french).toContain('EXPÉRIENCE');
    expect(french).not.toContain('EXPERIENCIA');
    const drawn = (await row(user.id))!.generatedKey;
    expect((await client.request({ method: 'PUT', url: '/api/me/language', payload: { language: 'fr' } })).statusCode).toBe(204);
    expect((await row(user.id))!.generatedKey).toBe(drawn);
  });

  it('is drawn once and kept until the resume changes, then drawn again and the old one removed', async () => {
    const { client, user } = await signUp(t.app);
    await save(client, full);
    const first = await download(client, user.id);
    const key = (await row(user.id))!.generatedKey!;
    expect(key).toMatch(new RegExp(`^resumes/generated-${user.id}-[0-9a-f]{20}\\.pdf$`));
    const second = await download(client, user.id);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await row(user.id))!.generatedKey).toBe(key);

    await save(client, { ...full, skills: 'Scuba diving' });
    const third = await download(client, user.id);
    expect(await pdfText(third.rawPayload)).toContain('Scuba diving');
    const newKey = (await row(user.id))!.generatedKey!;
    expect(newKey).not.toBe(key);
    expect(await stored()).not.toContain(path.posix.basename(key));
    expect(await stored()).toContain(path.posix.basename(newKey));
  });

  it('keeps only the PDF of the last save after saves in quick succession', async () => {
    const { client, user } = await signUp(t.app);
    await Promise.all([save(client, full), save(client, { ...full, skills: 'Sailing' }), save(client, { ...full, skills: 'Diving' })]);
    await save(client, { ...full, skills: 'Kitesurfing' });
    const res = await download(client, user.id);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Kitesurfing');
    expect((await stored()).filter((f) => f.startsWith(`generated-${user.id}-`))).toEqual([path.posix.basename((await row(user.id))!.generatedKey!)]);
  });
});

describe('the PDF as a queued job (decision 0047)', () => {
  // An app whose workers do not run: what a person sees before the job has drawn the PDF.
  let idle: TestApp;
  beforeAll(async () => {
    idle = await createTestApp({}, undefined, { startWorkers: false });
  });
  afterAll(() => idle?.close());
  const jobsOf = async (userId: string) =>
    rowsOf<{ state: string }>(idle.database.db.execute(sql`select state from pgboss.job where name = 'resume-pdf' and data->>'userId' = ${userId}`));

  it('is drawn at once for an application sent before the job ran (the applicant does not wait)', async () => {
    const employer = await signUp(idle.app, 'employer');
    const job = await employer.client.post('/api/jobs', {
      title: 'Chef',
      company: 'Beach Bar',
      country: 'Jamaica',
      category: 'Hospitality',
      description: 'Cook.',
    });
    const seeker = await signUp(idle.app);
    expect((await save(seeker.client, full)).json().documentStatus).toBe('pending');
    const applied = await seeker.client.request({
      method: 'POST',
      url: `/api/jobs/${job.json().id}/applications`,
      ...multipart([{ name: 'useSavedResume', data: 'true' }]),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const list = (await employer.client.get(`/api/jobs/${job.json().id}/applications`)).json();
    const sent = await employer.client.get(list.items[0].resumeUrl);
    expect(await pdfText(sent.rawPayload)).toContain('Marie-Thérèse Région');
    expect((await seeker.client.get('/api/resumes/me')).json().documentStatus).toBe('ready');
  });

  it('is queued with the save, shown as pending, and answered 409 with Retry-After until it is drawn', async () => {
    const { client, user } = await signUp(idle.app);
    const saved = await save(client, full);
    expect(saved.json()).toMatchObject({ documentType: 'generated', documentStatus: 'pending' });
    expect(await jobsOf(user.id)).toEqual([{ state: 'created' }]);

    const early = await fetchDocument(client, user.id);
    expect(early.statusCode).toBe(409);
    expect(early.headers['retry-after']).toBe('2');
    expect(early.json()).toMatchObject({ code: 'RESUME_PDF_PENDING', message: 'This resume’s PDF is being prepared. Please try again in a moment.' });
    // Asking again (a person reloading) queues nothing more while one job waits.
    await fetchDocument(client, user.id);
    await save(client, { ...full, summary: 'Changed.' });
    expect(await jobsOf(user.id)).toHaveLength(1);

    await idle.app.queue.start();
    await idle.app.queue.drained();
    expect((await client.get('/api/resumes/me')).json().documentStatus).toBe('ready');
    const res = await fetchDocument(client, user.id);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Changed.');
    expect(await jobsOf(user.id)).toEqual([{ state: 'completed' }]);
  });

  it('queues nothing for an uploaded file, which is ready at once', async () => {
    const { client, user } = await signUp(idle.app);
    const saved = await save(client, full, pdfFile());
    expect(saved.json()).toMatchObject({ documentType: 'pdf', documentStatus: 'ready' });
    expect(await jobsOf(user.id)).toEqual([]);
  });

  it('queues nothing when the save is refused', async () => {
    const { client, user } = await signUp(idle.app);
    const res = await save(client, { ...full, visibility: 'everyone' });
    expect(res.statusCode).toBe(400);
    expect(await jobsOf(user.id)).toEqual([]);
  });

  it('answers 404, not 409, to a reader the resume is hidden from, and queues nothing for them', async () => {
    const owner = await signUp(idle.app);
    await idle.database.db.insert(resumes).values({ userId: owner.user.id, fullName: 'Hidden', visibility: 'nobody' });
    const stranger = await signUp(idle.app);
    expect((await fetchDocument(stranger.client, owner.user.id)).statusCode).toBe(404);
    expect((await fetchDocument(new Client(idle.app), owner.user.id)).statusCode).toBe(404);
    expect(await jobsOf(owner.user.id)).toEqual([]);
  });
});

describe('who may read a resume', () => {
  const cases = {
    members: { anonymous: false, member: true, employer: true, admin: true, owner: true, suspended: false },
    employers: { anonymous: false, member: false, employer: true, admin: true, owner: true, suspended: false },
    nobody: { anonymous: false, member: false, employer: false, admin: true, owner: true, suspended: false },
  } as const;

  for (const [visibility, expected] of Object.entries(cases)) {
    it(`with visibility “${visibility}”`, async () => {
      const owner = await signUp(t.app);
      const res = await save(owner.client, { ...full, visibility });
      expect(res.json().visibility).toBe(visibility);
      const readers = {
        anonymous: new Client(t.app),
        member: (await signUp(t.app)).client,
        employer: (await signUp(t.app, 'employer')).client,
        admin: (await withRole('admin', 'employer')).client,
        owner: owner.client,
        suspended: (await withRole('suspended')).client,
      };
      for (const [who, client] of Object.entries(readers)) {
        const allowed = expected[who as keyof typeof expected];
        const read = await client.get(`/api/resumes/${owner.user.id}`);
        expect(read.statusCode, `${who} reads`).toBe(allowed ? 200 : 404);
        if (allowed) {
          expect(read.json().fullName).toBe(full.fullName);
          expect(read.json()).not.toHaveProperty('visibility');
        } else expect(read.json().code).toBe('RESUME_NOT_FOUND');
        expect((await download(client, owner.user.id)).statusCode, `${who} downloads`).toBe(allowed ? 200 : 404);
      }
    });
  }

  it('keeps the setting when a save does not name it', async () => {
    const { client } = await signUp(t.app);
    await save(client, { ...full, visibility: 'nobody' });
    expect((await save(client, { ...full, summary: 'Again' })).json().visibility).toBe('nobody');
  });

  it('answers 404 for someone without a resume and for an unknown person', async () => {
    const { client } = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await client.get(`/api/resumes/${other.user.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/resumes/nobody-here')).statusCode).toBe(404);
    expect((await download(client, 'nobody-here')).statusCode).toBe(404);
  });
});

describe('applying with the saved resume', () => {
  async function employerWithJob() {
    const employer = await signUp(t.app, 'employer');
    const res = await employer.client.post('/api/jobs', {
      title: 'Chef',
      company: 'Beach Bar',
      country: 'Jamaica',
      category: 'Hospitality',
      description: 'Cook.',
    });
    return { ...employer, jobId: res.json().id as string };
  }
  const apply = (client: Client, jobId: string, parts: Part[]) =>
    client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...multipart(parts) });
  async function applicantResume(employer: Client, jobId: string) {
    const list = (await employer.get(`/api/jobs/${jobId}/applications`)).json();
    return employer.get(list.items[0].resumeUrl);
  }

  it('sends a copy of the generated PDF that later edits do not change', async () => {
    const { client: employer, jobId } = await employerWithJob();
    const seeker = await signUp(t.app);
    // Hidden from everybody on the profile: the employer still gets what was sent with the application.
    await save(seeker.client, { ...full, visibility: 'nobody' });
    const res = await apply(seeker.client, jobId, [{ name: 'useSavedResume', data: 'true' }]);
    expect(res.statusCode, res.body).toBe(201);
    const sent = await applicantResume(employer, jobId);
    expect(sent.statusCode).toBe(200);
    expect(await pdfText(sent.rawPayload)).toContain('Marie-Thérèse Région');
    expect((await download(employer, seeker.user.id)).statusCode).toBe(404);

    await save(seeker.client, { ...full, fullName: 'Someone Else' }, pdfFile());
    const later = await applicantResume(employer, jobId);
    expect(later.rawPayload.equals(sent.rawPayload)).toBe(true);
  });

  it('sends a copy of the uploaded file, kept when the resume file is replaced or removed', async () => {
    const { client: employer, jobId } = await employerWithJob();
    const seeker = await signUp(t.app);
    await save(seeker.client, full, { name: 'resumeFile', filename: 'cv.doc', data: DOC });
    expect((await apply(seeker.client, jobId, [{ name: 'useSavedResume', data: 'true' }])).statusCode).toBe(201);
    await save(seeker.client, { ...full, removeFile: true });
    const sent = await applicantResume(employer, jobId);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toBe('application/msword');
    expect(sent.rawPayload.equals(DOC)).toBe(true);
  });

  it('refuses the flag without a saved resume, and together with an uploaded file', async () => {
    const { jobId } = await employerWithJob();
    const seeker = await signUp(t.app);
    const none = await apply(seeker.client, jobId, [{ name: 'useSavedResume', data: 'true' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'NO_SAVED_RESUME', message: 'No resume found.' });
    await save(seeker.client, full);
    const both = await apply(seeker.client, jobId, [{ name: 'useSavedResume', data: 'true' }, pdfFile()]);
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('RESUME_CHOICE_CONFLICT');
    expect(await t.database.db.$count(applications, eq(applications.jobId, jobId))).toBe(0);
  });
});
