import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { companySlugBase } from '@caribconnect/shared';
import { createTestApp, type TestApp } from '../../../test/app';
import { setRole } from '../../../test/consultants';
import { Client, multipart, PASSWORD, signUp, uniqueEmail } from '../../../test/http';
import { postJob, validJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;

async function companyOf(userId: string) {
  const [row] = await rowsOf<{ id: string; slug: string; role: string }>(
    t.database.db.execute(sql`select c.id, c.slug, m.role from company_members m join companies c on c.id = m.company_id where m.user_id = ${userId}`),
  );
  return row!;
}

/** Moves a person into `companyId` with `role`, as an accepted invitation does (their own empty company goes). */
async function join(person: Person, companyId: string, role: 'owner' | 'recruiter' | 'viewer') {
  await t.database.db.execute(sql`update company_members set company_id = ${companyId}, role = ${role} where user_id = ${person.user.id}`);
}

function apply(client: Client, jobId: string) {
  return client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...multipart([{ name: 'coverLetter', data: 'Hello' }]) });
}

describe('sign-up', () => {
  const body = (over: Record<string, unknown>) => ({ email: uniqueEmail('su'), password: PASSWORD, fullName: 'Ana', ...over });

  it('refuses a sign-up without a role instead of choosing one', async () => {
    for (const role of ['', '   ']) {
      const res = await new Client(t.app).post('/api/signup', body({ role }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ROLE_REQUIRED', message: 'Please choose Job Seeker or Employer.' });
    }
    const missing = await new Client(t.app).post('/api/signup', { email: uniqueEmail('su'), password: PASSWORD });
    expect(missing.statusCode).toBe(400);
  });

  it('asks an employer for the company name, and makes the company with them as its owner', async () => {
    const none = await new Client(t.app).post('/api/signup', body({ role: 'employer' }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'COMPANY_NAME_REQUIRED', message: 'Company name is required.' });
    const long = await new Client(t.app).post('/api/signup', body({ role: 'employer', companyName: 'x'.repeat(201) }));
    expect(long.statusCode).toBe(400);

    const a = await signUp(t.app, 'employer', { fullName: 'Owner A' });
    expect(await companyOf(a.user.id)).toMatchObject({ role: 'owner' });
    // A job seeker gets no company, whatever the body says.
    const seeker = await new Client(t.app).post('/api/signup', body({ role: 'jobseeker', companyName: 'Sneaky', companyId: (await companyOf(a.user.id)).id }));
    expect(seeker.statusCode).toBe(200);
    const [n] = await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from companies where name = 'Sneaky'`));
    expect(n!.n).toBe(0);
  });

  it('gives readable ASCII slugs, a suffix on collision, never a reserved word', async () => {
    expect(companySlugBase('Café Créole Ltd')).toBe('cafe-creole-ltd');
    expect(companySlugBase('New')).toBe('new-company');
    expect(companySlugBase('API')).toBe('api-company');
    expect(companySlugBase('!!!')).toBe('company');
    const slugs: string[] = [];
    for (const companyName of ['Café Créole Ltd', 'CAFE creole, LTD.', 'Admin']) {
      const email = uniqueEmail('slug');
      const res = await new Client(t.app).post('/api/signup', { email, password: PASSWORD, role: 'employer', companyName });
      expect(res.statusCode).toBe(200);
      const [row] = await rowsOf<{ slug: string }>(
        t.database.db.execute(
          sql`select c.slug from users u join company_members m on m.user_id = u.id join companies c on c.id = m.company_id where u.email = ${email}`,
        ),
      );
      slugs.push(row!.slug);
    }
    expect(slugs).toEqual(['cafe-creole-ltd', 'cafe-creole-ltd-2', 'admin-company']);
    // The database's twin gives the same base.
    const [db] = await rowsOf<{ s: string }>(t.database.db.execute(sql`select company_slug_base('Café Créole Ltd') as s`));
    expect(db!.s).toBe('cafe-creole-ltd');
  });
});

describe('a company’s team on its jobs and applicants', () => {
  let owner: Person;
  let recruiter: Person;
  let viewer: Person;
  let other: Person;
  let seeker: Person;
  let companyId: string;
  let jobId: string;
  let applicationId: string;

  beforeAll(async () => {
    [owner, recruiter, viewer, other, seeker] = await Promise.all([
      signUp(t.app, 'employer', { fullName: 'Olivia Owner' }),
      signUp(t.app, 'employer', { fullName: 'Rae Recruiter' }),
      signUp(t.app, 'employer', { fullName: 'Vic Viewer' }),
      signUp(t.app, 'employer', { fullName: 'Other Boss' }),
      signUp(t.app, 'jobseeker'),
    ]);
    companyId = (await companyOf(owner.user.id)).id;
    await join(recruiter, companyId, 'recruiter');
    await join(viewer, companyId, 'viewer');
    jobId = (await postJob(owner, 'Night Auditor')).id;
    const applied = await apply(seeker.client, jobId);
    expect(applied.statusCode).toBe(201);
    applicationId = applied.json().id;
  });

  it('lets a recruiter edit, close, renew and act on applicants of a job someone else posted', async () => {
    expect((await recruiter.client.patch(`/api/jobs/${jobId}`, { salary: 'TT$9,000' })).statusCode).toBe(200);
    expect((await recruiter.client.post(`/api/jobs/${jobId}/close`)).statusCode).toBe(200);
    expect((await recruiter.client.post(`/api/jobs/${jobId}/renew`)).statusCode).toBe(200);
    const applicants = await recruiter.client.get(`/api/jobs/${jobId}/applications`);
    expect(applicants.statusCode).toBe(200);
    expect(applicants.json().items).toHaveLength(1);
    expect((await recruiter.client.patch(`/api/applications/${applicationId}/status`, { status: 'Reviewed' })).statusCode).toBe(200);
    // The dashboard lists the company's jobs, whoever posted them.
    const mine = await recruiter.client.get('/api/jobs/mine');
    expect(mine.json().items.map((j: { id: string }) => j.id)).toContain(jobId);
  });

  it('files a recruiter’s job under the company, whatever company the body names', async () => {
    const res = await recruiter.client.post(
      '/api/jobs',
      validJob({ title: 'Pastry Chef', companyId: (await companyOf(other.user.id)).id, userId: other.user.id }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOf<{ companyId: string; userId: string }>(
      t.database.db.execute(sql`select company_id as "companyId", user_id as "userId" from jobs where id = ${res.json().id}`),
    );
    expect(row).toEqual({ companyId, userId: recruiter.user.id });
    expect((await owner.client.get('/api/jobs/mine')).json().items.map((j: { title: string }) => j.title)).toContain('Pastry Chef');
  });

  it('lets a viewer read the jobs and applicants but change nothing', async () => {
    expect((await viewer.client.get('/api/jobs/mine')).json().items.map((j: { id: string }) => j.id)).toContain(jobId);
    expect((await viewer.client.get(`/api/jobs/${jobId}/applications`)).statusCode).toBe(200);
    const before = await rowsOf(t.database.db.execute(sql`select title, expires_at from jobs where id = ${jobId}`));
    expect((await viewer.client.patch(`/api/jobs/${jobId}`, { title: 'Hacked' })).statusCode).toBe(404);
    expect((await viewer.client.post(`/api/jobs/${jobId}/close`)).statusCode).toBe(404);
    expect((await viewer.client.post(`/api/jobs/${jobId}/renew`)).statusCode).toBe(404);
    expect((await viewer.client.delete(`/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await viewer.client.patch(`/api/applications/${applicationId}/status`, { status: 'Rejected' })).statusCode).toBe(404);
    const posted = await viewer.client.post('/api/jobs', validJob());
    expect(posted.statusCode).toBe(403);
    expect(posted.json().code).toBe('COMPANY_ROLE_FORBIDDEN');
    expect(await rowsOf(t.database.db.execute(sql`select title, expires_at from jobs where id = ${jobId}`))).toEqual(before);
    const [status] = await rowsOf<{ status: string }>(t.database.db.execute(sql`select status from applications where id = ${applicationId}`));
    expect(status!.status).not.toBe('Rejected');
  });

  it('lets a recruiter schedule an interview on a job someone else posted; a viewer and another company cannot', async () => {
    const body = {
      jobId,
      applicantId: seeker.user.id,
      interviewTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      timeZone: 'America/Jamaica',
      location: 'Front desk',
    };
    const count = async () =>
      (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from interviews where job_id = ${jobId}`)))[0]!.n;
    const before = await count();
    for (const outsider of [viewer, other]) expect((await outsider.client.post('/api/interviews', body)).statusCode).not.toBe(201);
    expect(await count()).toBe(before);
    const res = await recruiter.client.post('/api/interviews', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('gives a person of another company nothing, whatever they try', async () => {
    expect((await other.client.patch(`/api/jobs/${jobId}`, { title: 'Hacked' })).statusCode).toBe(404);
    expect((await other.client.post(`/api/jobs/${jobId}/close`)).statusCode).toBe(404);
    expect((await other.client.delete(`/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/jobs/${jobId}/applications`)).statusCode).toBe(404);
    expect((await other.client.patch(`/api/applications/${applicationId}/status`, { status: 'Rejected' })).statusCode).toBe(404);
    expect((await other.client.get(`/api/applications/${applicationId}/files/resume`)).statusCode).toBe(404);
    expect((await other.client.get('/api/jobs/mine')).json().items).toEqual([]);
    // Their team and settings: only their own company is ever "mine".
    expect((await other.client.get('/api/companies/mine')).json().id).not.toBe(companyId);
    expect((await other.client.get('/api/companies/mine/members')).json().map((m: { userId: string }) => m.userId)).toEqual([other.user.id]);
    expect(
      (await other.client.request({ method: 'PUT', url: `/api/companies/mine/members/${recruiter.user.id}/role`, payload: { role: 'viewer' } })).statusCode,
    ).toBe(404);
    expect((await other.client.delete(`/api/companies/mine/members/${recruiter.user.id}`)).statusCode).toBe(404);
    const forged = await other.client.patch('/api/companies/mine', { name: 'Renamed', id: companyId, companyId });
    expect(forged.statusCode).toBe(200);
    const [name] = await rowsOf<{ name: string }>(t.database.db.execute(sql`select name from companies where id = ${companyId}`));
    expect(name!.name).not.toBe('Renamed');
    expect((await companyOf(recruiter.user.id)).role).toBe('recruiter');
  });

  it('keeps a removed member out with their old session, and their jobs with the company', async () => {
    const leaver = await signUp(t.app, 'employer', { fullName: 'Leaving Recruiter' });
    await join(leaver, companyId, 'recruiter');
    const theirs = await postJob(leaver, 'Bartender');
    // A recruiter cannot remove others.
    expect((await recruiter.client.delete(`/api/companies/mine/members/${leaver.user.id}`)).statusCode).toBe(403);
    expect((await owner.client.delete(`/api/companies/mine/members/${leaver.user.id}`)).statusCode).toBe(204);
    expect((await leaver.client.patch(`/api/jobs/${jobId}`, { title: 'Hacked' })).statusCode).toBe(404);
    expect((await leaver.client.get(`/api/jobs/${jobId}/applications`)).statusCode).toBe(404);
    expect((await leaver.client.get('/api/jobs/mine')).json().items).toEqual([]);
    expect((await leaver.client.get('/api/companies/mine')).statusCode).toBe(404);
    const [job] = await rowsOf<{ companyId: string }>(t.database.db.execute(sql`select company_id as "companyId" from jobs where id = ${theirs.id}`));
    expect(job!.companyId).toBe(companyId);
    expect((await owner.client.get('/api/jobs/mine')).json().items.map((j: { id: string }) => j.id)).toContain(theirs.id);
  });

  it('protects the last owner, and transfers ownership', async () => {
    const left = await owner.client.delete(`/api/companies/mine/members/${owner.user.id}`);
    expect(left.statusCode).toBe(409);
    expect(left.json().code).toBe('LAST_OWNER');
    const demoted = await owner.client.request({ method: 'PUT', url: `/api/companies/mine/members/${owner.user.id}/role`, payload: { role: 'recruiter' } });
    expect(demoted.statusCode).toBe(409);
    // A recruiter cannot make themselves owner.
    expect(
      (await recruiter.client.request({ method: 'PUT', url: `/api/companies/mine/members/${recruiter.user.id}/role`, payload: { role: 'owner' } })).statusCode,
    ).toBe(403);
    expect(
      (await owner.client.request({ method: 'PUT', url: `/api/companies/mine/members/${recruiter.user.id}/role`, payload: { role: 'superuser' } })).statusCode,
    ).toBe(400);
    // Transfer: make the recruiter an owner, then step down.
    expect(
      (await owner.client.request({ method: 'PUT', url: `/api/companies/mine/members/${recruiter.user.id}/role`, payload: { role: 'owner' } })).statusCode,
    ).toBe(200);
    expect(
      (await owner.client.request({ method: 'PUT', url: `/api/companies/mine/members/${owner.user.id}/role`, payload: { role: 'recruiter' } })).statusCode,
    ).toBe(200);
    expect((await companyOf(owner.user.id)).role).toBe('recruiter');
    expect((await companyOf(recruiter.user.id)).role).toBe('owner');
    // And back, for the tests after.
    await join(owner, companyId, 'owner');
    await join(recruiter, companyId, 'recruiter');
  });

  it('refuses anonymous and suspended callers', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/api/companies/mine')).statusCode).toBe(401);
    expect((await anon.patch('/api/companies/mine', { name: 'x' })).statusCode).toBe(401);
    expect((await anon.delete(`/api/companies/mine/members/${owner.user.id}`)).statusCode).toBe(401);
    const banned = await signUp(t.app, 'employer');
    await join(banned, companyId, 'recruiter');
    await setRole(t.database, banned.user.id, 'banned');
    expect((await banned.client.patch(`/api/jobs/${jobId}`, { title: 'Hacked' })).statusCode).toBeGreaterThanOrEqual(401);
    expect((await banned.client.get('/api/companies/mine')).statusCode).toBeGreaterThanOrEqual(401);
  });
});

describe('the public company page and directory', () => {
  it('finds companies accent-free, by country and industry, with most open jobs first', async () => {
    const a = await signUp(t.app, 'employer', { fullName: 'Créole' });
    const b = await signUp(t.app, 'employer', { fullName: 'Coral' });
    await a.client.patch('/api/companies/mine', { name: 'Café Créole Zeta', country: 'Haiti', industry: 'Hospitality' });
    await b.client.patch('/api/companies/mine', { name: 'Cafe Coral Zeta', country: 'Jamaica', industry: 'Hospitality' });
    await postJob(b, 'Barista');
    await postJob(b, 'Waiter');
    await postJob(a, 'Cook');
    const list = await new Client(t.app).get('/api/companies?q=CAFE%20zeta');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(['Cafe Coral Zeta', 'Café Créole Zeta']);
    expect(list.json().items[0]).toMatchObject({ openJobs: 2, country: 'Jamaica', verified: false });
    const haiti = await new Client(t.app).get('/api/companies?q=zeta&country=Haiti');
    expect(haiti.json().items.map((c: { name: string }) => c.name)).toEqual(['Café Créole Zeta']);
    const paged = await new Client(t.app).get('/api/companies?q=zeta&limit=1');
    expect(paged.json().items).toHaveLength(1);
    const next = await new Client(t.app).get(`/api/companies?q=zeta&limit=1&cursor=${paged.json().nextCursor}`);
    expect(next.json().items.map((c: { name: string }) => c.name)).toEqual(['Café Créole Zeta']);
    expect((await new Client(t.app).get('/api/companies?cursor=garbage!')).statusCode).toBe(400);
  });

  it('finds a company by an old slug after a rename, naming the current one, and lists the open jobs newest first', async () => {
    const e = await signUp(t.app, 'employer');
    await e.client.patch('/api/companies/mine', { name: 'Blue Mountain Coffee' });
    const first = await new Client(t.app).get('/api/companies/blue-mountain-coffee');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Blue Mountain Coffee', myRole: null, followers: null });
    await postJob(e, 'Roaster');
    await postJob(e, 'Picker');
    const renamed = await e.client.patch('/api/companies/mine', { name: 'Blue Mountain Estates' });
    expect(renamed.json().slug).toBe('blue-mountain-estates');
    const old = await new Client(t.app).get('/api/companies/blue-mountain-coffee');
    // The old address still finds the company, naming its current slug (the page answers 301 to it).
    expect(old.statusCode).toBe(200);
    expect(old.json().slug).toBe('blue-mountain-estates');
    expect((await new Client(t.app).get('/api/companies/blue-mountain-coffee/jobs')).json().items).toHaveLength(2);
    const jobs = await new Client(t.app).get('/api/companies/blue-mountain-estates/jobs');
    expect(jobs.json().items.map((j: { title: string }) => j.title)).toEqual(['Picker', 'Roaster']);
    expect(jobs.json().items[0].companySlug).toBe('blue-mountain-estates');
    // The job's page names and links the company.
    const one = await new Client(t.app).get(`/api/jobs/${jobs.json().items[0].id}`);
    expect(one.json()).toMatchObject({ companySlug: 'blue-mountain-estates', companyName: 'Blue Mountain Estates' });
    expect((await new Client(t.app).get('/api/companies/no-such-company')).statusCode).toBe(404);
  });

  it('keeps markup as text, and refuses oversized or malformed details', async () => {
    const e = await signUp(t.app, 'employer');
    const about = '<script>alert(1)</script> We bake.';
    const res = await e.client.patch('/api/companies/mine', { about, website: 'https://example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().about).toBe(about);
    expect((await e.client.patch('/api/companies/mine', { about: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await e.client.patch('/api/companies/mine', { website: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await e.client.patch('/api/companies/mine', { country: 'Atlantis' })).statusCode).toBe(400);
    expect((await e.client.patch('/api/companies/mine', { sizeBand: 'huge' })).statusCode).toBe(400);
    expect((await e.client.patch('/api/companies/mine', { name: '' })).statusCode).toBe(400);
  });

  it('hides a suspended company’s page and jobs from everyone but its team', async () => {
    const e = await signUp(t.app, 'employer');
    await e.client.patch('/api/companies/mine', { name: 'Shady Holdings Qx' });
    const job = await postJob(e, 'Runner Qx');
    await t.database.db.execute(sql`update companies set suspended_at = now() where slug = 'shady-holdings-qx'`);
    expect((await new Client(t.app).get('/api/companies/shady-holdings-qx')).statusCode).toBe(404);
    expect((await new Client(t.app).get('/api/companies/shady-holdings-qx/jobs')).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get('/api/jobs?title=Runner%20Qx')).json().items).toEqual([]);
    expect((await new Client(t.app).get('/api/companies?q=shady')).json().items).toEqual([]);
    expect((await e.client.get('/api/companies/shady-holdings-qx')).statusCode).toBe(200);
  });
});

describe('following, verification and suspension', () => {
  it('lets a signed-in person follow and unfollow; only the team sees the count', async () => {
    const e = await signUp(t.app, 'employer');
    await e.client.patch('/api/companies/mine', { name: 'Followed Fisheries Qz' });
    const seeker = await signUp(t.app, 'jobseeker');
    expect((await new Client(t.app).request({ method: 'PUT', url: '/api/companies/followed-fisheries-qz/follow', payload: {} })).statusCode).toBe(401);
    const followed = await seeker.client.request({ method: 'PUT', url: '/api/companies/followed-fisheries-qz/follow', payload: { email: true } });
    expect(followed.json()).toEqual({ following: true, email: true });
    expect((await seeker.client.get('/api/companies/followed-fisheries-qz/follow')).json()).toEqual({ following: true, email: true });
    expect((await e.client.get('/api/companies/followed-fisheries-qz')).json().followers).toBe(1);
    expect((await seeker.client.get('/api/companies/followed-fisheries-qz')).json().followers).toBeNull();
    expect((await new Client(t.app).get('/api/companies/followed-fisheries-qz')).json().followers).toBeNull();
    expect((await seeker.client.delete('/api/companies/followed-fisheries-qz/follow')).json()).toEqual({ following: false, email: false });
    expect((await e.client.get('/api/companies/followed-fisheries-qz')).json().followers).toBe(0);
    expect((await seeker.client.request({ method: 'PUT', url: '/api/companies/no-such-co/follow', payload: {} })).statusCode).toBe(404);
  });

  it('lets an admin verify and suspend a company, and nobody else', async () => {
    const e = await signUp(t.app, 'employer');
    await e.client.patch('/api/companies/mine', { name: 'Moderated Mangoes Qz' });
    const id = (await e.client.get('/api/companies/mine')).json().id;
    expect((await e.client.patch(`/api/admin/companies/${id}`, { verified: true })).statusCode).toBe(403);
    const admin = await signUp(t.app, 'jobseeker');
    await setRole(t.database, admin.user.id, 'admin');
    const verified = await admin.client.patch(`/api/admin/companies/${id}`, { verified: true });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await new Client(t.app).get('/api/companies/moderated-mangoes-qz')).json().verified).toBe(true);
    expect((await new Client(t.app).get('/api/companies?q=moderated%20mangoes')).json().items[0].verified).toBe(true);
    expect((await admin.client.patch(`/api/admin/companies/${id}`, { suspended: true })).json().verified).toBe(true);
    expect((await new Client(t.app).get('/api/companies/moderated-mangoes-qz')).statusCode).toBe(404);
    expect((await admin.client.patch(`/api/admin/companies/${id}`, { suspended: false })).statusCode).toBe(200);
    expect((await new Client(t.app).get('/api/companies/moderated-mangoes-qz')).statusCode).toBe(200);
    expect((await admin.client.patch('/api/admin/companies/not-a-uuid', { suspended: true })).statusCode).toBe(404);
  });
});
