import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, FILES, multipart, signUp } from '../../../test/http';
import { HTML, phoneJpeg, pngBomb, SVG } from '../../lib/images/test-images';
import { setRole } from '../../../test/consultants';
import { postJob } from '../../../test/jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;

async function invite(owner: Person, email: string, role: string) {
  expect((await owner.client.post('/api/companies/mine/invitations', { email, role })).statusCode).toBe(201);
  await t.app.queue.drained();
  const mail = t.app.mailer.outbox.filter((m) => m.to === email).at(-1)!;
  return /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

/** An employer who joins `owner`'s company with `role` (they sign up alone, then accept). */
async function member(owner: Person, role: string) {
  const person = await signUp(t.app, 'employer');
  const token = await invite(owner, person.email, role);
  expect((await person.client.post(`/api/invitations/${token}/accept`)).statusCode).toBe(200);
  return person;
}

const logos = async () => (await readdir(path.join(t.config.dataDir, 'uploads', 'logos')).catch(() => [] as string[])).sort();
const uploadLogo = (who: Person | Client, data: Buffer, filename = 'logo.png', contentType = 'image/png') => {
  const client = who instanceof Client ? who : who.client;
  return client.request({ method: 'POST', url: '/api/companies/mine/logo', ...multipart([{ name: 'logo', filename, contentType, data }]) });
};

describe('the company profile (PATCH /api/companies/mine)', () => {
  let owner: Person;
  let recruiter: Person;
  let viewer: Person;
  let other: Person;
  beforeAll(async () => {
    owner = await signUp(t.app, 'employer');
    expect((await owner.client.patch('/api/companies/mine', { name: 'Harbour View Hotels' })).statusCode).toBe(200);
    recruiter = await member(owner, 'recruiter');
    viewer = await member(owner, 'viewer');
    other = await signUp(t.app, 'employer');
  });

  it('saves every field for an owner, countries checked by the shared schema', async () => {
    const res = await owner.client.patch('/api/companies/mine', {
      about: 'Three hotels on the north coast. https://harbourview.example',
      website: 'https://harbourview.example',
      sizeBand: '51-200',
      industry: 'Hospitality',
      country: 'Jamaica',
      hiresIn: ['Jamaica', 'Bahamas'],
      foundedYear: '1987',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sizeBand: '51-200', country: 'Jamaica', hiresIn: ['Jamaica', 'Bahamas'], foundedYear: 1987, myRole: 'owner' });
    for (const [body, message] of [
      [{ country: 'Atlantis' }, 'Please select a country from the list.'],
      [{ hiresIn: ['Jamaica', 'Narnia'] }, 'Please select a country from the list.'],
      [{ website: 'javascript:alert(1)' }, 'Please enter a website address starting with https://.'],
      [{ foundedYear: 'soon' }, 'Founded year must be a year.'],
      [{ sizeBand: 'huge' }, 'Please select a company size from the list.'],
      [{ name: 'x'.repeat(201) }, 'Company name must be at most 200 characters.'],
      [{ about: 'a'.repeat(5001) }, 'About must be at most 5000 characters.'],
    ] as const) {
      const bad = await owner.client.patch('/api/companies/mine', body);
      expect([bad.statusCode, bad.json().message], JSON.stringify(body).slice(0, 60)).toEqual([400, message]);
    }
    expect((await owner.client.get('/api/companies/mine')).json()).toMatchObject({ country: 'Jamaica', website: 'https://harbourview.example' });
  });

  it('keeps a script in text as text, and drops a forged id or role', async () => {
    const res = await owner.client.patch('/api/companies/mine', {
      about: '<script>alert(1)</script>',
      id: '00000000-0000-4000-8000-000000000000',
      myRole: 'viewer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ about: '<script>alert(1)</script>', myRole: 'owner' });
  });

  it('refuses recruiters, viewers, a person of another company and anyone signed out, changing nothing', async () => {
    for (const who of [recruiter, viewer]) {
      const res = await who.client.patch('/api/companies/mine', { name: 'Taken Over Ltd' });
      expect([res.statusCode, res.json().code]).toEqual([403, 'COMPANY_OWNER_ONLY']);
    }
    // Another company's owner edits their own company only: there is no way to name another.
    expect((await other.client.patch('/api/companies/mine', { name: 'Other Co Zq' })).json().name).toBe('Other Co Zq');
    expect((await new Client(t.app).patch('/api/companies/mine', { name: 'Anon' })).statusCode).toBe(401);
    expect((await owner.client.get('/api/companies/mine')).json().name).toBe('Harbour View Hotels');
  });

  describe('the logo', () => {
    it('stores an owner’s picture re-encoded as WebP, without its metadata, and serves it', async () => {
      const res = await uploadLogo(owner, await phoneJpeg(900, 600), 'logo.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBe(200);
      const { logoUrl } = res.json() as { logoUrl: string };
      expect(logoUrl).toMatch(/^\/api\/files\/logos\/[0-9a-f-]+-[0-9a-z]+\.webp$/);
      expect((await owner.client.get('/api/companies/mine')).json().logoUrl).toBe(logoUrl);
      const served = await new Client(t.app).get(logoUrl);
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.exif, Math.max(meta.width!, meta.height!)]).toEqual(['webp', undefined, 256]);
      // A new logo replaces the file of the old one.
      const again = await uploadLogo(owner, FILES.png);
      expect(again.statusCode).toBe(200);
      expect(await logos()).toEqual([again.json().logoUrl.replace('/api/files/logos/', '')]);
    });

    it('refuses a hostile SVG, HTML named as a picture, a PDF and a pixel bomb, by content, storing nothing', async () => {
      const before = await logos();
      for (const [name, data, filename, contentType, status, code] of [
        ['SVG with a script', SVG, 'logo.svg', 'image/svg+xml', 415, 'UNSUPPORTED_FILE_TYPE'],
        ['HTML named .png', HTML, 'logo.png', 'image/png', 415, 'UNSUPPORTED_FILE_TYPE'],
        ['HTML first, a PNG after (polyglot)', Buffer.concat([HTML, FILES.png]), 'logo.png', 'image/png', 415, 'UNSUPPORTED_FILE_TYPE'],
        ['PDF', FILES.pdf, 'logo.png', 'image/png', 415, 'UNSUPPORTED_FILE_TYPE'],
        ['pixel bomb', pngBomb(), 'logo.png', 'image/png', 413, 'IMAGE_TOO_MANY_PIXELS'],
      ] as const) {
        const res = await uploadLogo(owner, data, filename, contentType);
        expect([name, res.statusCode, res.json().code]).toEqual([name, status, code]);
      }
      expect(await logos()).toEqual(before);
    });

    it('re-encodes a picture carrying a script after its image data (polyglot): the stored logo holds none of it', async () => {
      const polyglot = Buffer.concat([await phoneJpeg(300, 300), Buffer.from('<script>alert(document.cookie)</script>')]);
      const res = await uploadLogo(owner, polyglot, 'logo.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBe(200);
      const served = await new Client(t.app).get(res.json().logoUrl);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    });

    it('refuses recruiters, viewers and anyone signed out, storing nothing', async () => {
      const before = await logos();
      const shown = (await owner.client.get('/api/companies/mine')).json().logoUrl;
      for (const who of [recruiter, viewer]) {
        const res = await uploadLogo(who, FILES.png);
        expect([res.statusCode, res.json().code]).toEqual([403, 'COMPANY_OWNER_ONLY']);
      }
      expect((await uploadLogo(new Client(t.app), FILES.png)).statusCode).toBe(401);
      expect(await logos()).toEqual(before);
      expect((await owner.client.get('/api/companies/mine')).json().logoUrl).toBe(shown);
    });
  });

  it('gives every member’s jobs the "Verified company" badge once an admin verifies the company, in the list, its filter and the job page', async () => {
    const job = await postJob(recruiter.client, { title: 'Verified Concierge Zx', country: 'Jamaica' });
    const badge = async () => ({
      page: (await new Client(t.app).get(`/api/jobs/${job.id}`)).json().verifiedEmployer,
      list: ((await new Client(t.app).get('/api/jobs?title=Verified%20Concierge%20Zx')).json().items as Array<{ id: string; verifiedEmployer: boolean }>)[0]
        ?.verifiedEmployer,
      filtered: ((await new Client(t.app).get('/api/jobs?title=Verified%20Concierge%20Zx&verified=1')).json().items as unknown[]).length,
    });
    expect(await badge()).toEqual({ page: false, list: false, filtered: 0 });
    const admin = await signUp(t.app, 'jobseeker');
    await setRole(t.database, admin.user.id, 'admin');
    const companyId = (await owner.client.get('/api/companies/mine')).json().id;
    expect((await admin.client.patch(`/api/admin/companies/${companyId}`, { verified: true })).statusCode).toBe(200);
    expect(await badge()).toEqual({ page: true, list: true, filtered: 1 });
  });

  it('lists the company’s jobs on every member’s dashboard with who posted each; another company sees none of them', async () => {
    const job = await postJob(recruiter.client, { title: 'Posted By Porter Zx', country: 'Jamaica' });
    const recruiterName = (await recruiter.client.get('/api/me')).json().user.fullName as string;
    for (const who of [owner, recruiter, viewer]) {
      const items = (await who.client.get('/api/jobs/mine')).json().items as Array<{ id: string; postedBy?: string }>;
      expect(items.find((i) => i.id === job.id)?.postedBy, who.email).toBe(recruiterName);
    }
    const theirs = (await other.client.get('/api/jobs/mine')).json().items as Array<{ id: string }>;
    expect(theirs.some((i) => i.id === job.id)).toBe(false);
    // The public list never names the poster.
    const list = (await new Client(t.app).get('/api/jobs?title=Posted%20By%20Porter%20Zx')).json().items as Array<Record<string, unknown>>;
    expect(list[0]).not.toHaveProperty('postedBy');
  });

  it('lists companies with their members to admins only, suspended ones too', async () => {
    for (const who of [owner, recruiter, other]) expect((await who.client.get('/api/admin/companies')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/admin/companies')).statusCode).toBe(401);
    const admin = await signUp(t.app, 'jobseeker');
    await setRole(t.database, admin.user.id, 'admin');
    const companyId = (await owner.client.get('/api/companies/mine')).json().id;
    expect((await admin.client.patch(`/api/admin/companies/${companyId}`, { suspended: true })).statusCode).toBe(200);
    const res = await admin.client.get('/api/admin/companies?q=harbour%20view');
    expect(res.statusCode, res.body).toBe(200);
    const [found] = res.json().items as Array<{ name: string; suspended: boolean; members: Array<{ email: string; role: string }> }>;
    expect(found).toMatchObject({ name: 'Harbour View Hotels', suspended: true });
    expect(found!.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      ...[
        [recruiter.email, 'recruiter'],
        [viewer.email, 'viewer'],
      ],
    ]);
    expect((await admin.client.patch(`/api/admin/companies/${companyId}`, { suspended: false })).statusCode).toBe(200);
    expect((await admin.client.get('/api/admin/companies?cursor=not*valid')).statusCode).toBe(400);
  });
});
