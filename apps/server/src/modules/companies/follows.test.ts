import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp, uniqueEmail } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';
import { followEmailToken } from './follow-notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const bell = async (who: Person) =>
  (await who.client.get('/api/notifications')).json().items as Array<{ kind: string; data: Record<string, string>; link: string }>;
const mailsTo = (email: string) => t.app.mailer.outbox.filter((m) => m.to === email);
const followRow = async (userId: string, companyId: string) =>
  (await rowsOf<{ email: boolean }>(t.database.db.execute(sql`select email from company_follows where user_id = ${userId} and company_id = ${companyId}`)))[0];

describe('the Follow form before scripts', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await signUp(t.app, 'employer');
    expect((await owner.client.patch('/api/companies/mine', { name: 'Follow Form Fisheries' })).statusCode).toBe(200);
  });

  it('sends a signed-out visitor to Log In, and the continue address follows once signed in', async () => {
    const form = await new Client(t.app).request({ method: 'POST', url: '/companies/follow-form-fisheries', headers: FORM, payload: 'action=follow' });
    expect(form.statusCode).toBe(303);
    const login = new URL(form.headers.location as string, 'http://x');
    expect(login.pathname).toBe('/login');
    const returnTo = login.searchParams.get('returnTo')!;
    expect(returnTo).toBe('/companies/follow-form-fisheries/follow/continue');

    const seeker = await signUp(t.app);
    const back = await seeker.client.get(returnTo);
    expect([back.statusCode, back.headers.location]).toEqual([303, '/companies/follow-form-fisheries']);
    expect((await seeker.client.get('/api/companies/follow-form-fisheries/follow')).json()).toEqual({ following: true, email: false });
    // Signed out, the continue address follows nobody and goes to Log In.
    const anonymous = await new Client(t.app).get(returnTo);
    expect(new URL(anonymous.headers.location as string, 'http://x').pathname).toBe('/login');
  });

  it('follows with the email choice, and unfollows, from the form; an unknown company changes nothing', async () => {
    const seeker = await signUp(t.app);
    const on = await seeker.client.request({
      method: 'POST',
      url: '/companies/follow-form-fisheries',
      headers: FORM,
      payload: 'action=follow&email=on',
    });
    expect([on.statusCode, on.headers.location]).toEqual([303, '/companies/follow-form-fisheries']);
    expect((await seeker.client.get('/api/companies/follow-form-fisheries/follow')).json()).toEqual({ following: true, email: true });
    const off = await seeker.client.request({ method: 'POST', url: '/companies/follow-form-fisheries', headers: FORM, payload: 'action=unfollow' });
    expect(off.statusCode).toBe(303);
    expect((await seeker.client.get('/api/companies/follow-form-fisheries/follow')).json()).toEqual({ following: false, email: false });
    const missing = await seeker.client.request({ method: 'POST', url: '/companies/no-such-company-zz', headers: FORM, payload: 'action=follow' });
    expect(missing.statusCode).toBe(404);
    // A cross-site form post (another site's Origin) is refused before anything is read.
    const forged = await seeker.client.request({
      method: 'POST',
      url: '/companies/follow-form-fisheries',
      headers: { ...FORM, origin: 'https://evil.example' },
      payload: 'action=follow',
    });
    expect(forged.statusCode).toBe(403);
    expect((await seeker.client.get('/api/companies/follow-form-fisheries/follow')).json().following).toBe(false);
  });
});

describe('a followed company’s new job', () => {
  let owner: Person;
  let companyId: string;
  let emailed: Person;
  let quiet: Person;
  let stranger: Person;
  beforeAll(async () => {
    owner = await signUp(t.app, 'employer', { fullName: 'Olive Owner' });
    expect((await owner.client.patch('/api/companies/mine', { name: 'Reef Divers Bonaire' })).statusCode).toBe(200);
    companyId = (await owner.client.get('/api/companies/mine')).json().id;
    emailed = await signUp(t.app, 'jobseeker', { language: 'es' });
    quiet = await signUp(t.app, 'jobseeker');
    stranger = await signUp(t.app, 'jobseeker');
    for (const [who, email] of [
      [emailed, true],
      [quiet, false],
      [owner, true],
    ] as const)
      expect((await who.client.request({ method: 'PUT', url: '/api/companies/reef-divers-bonaire/follow', payload: { email } })).statusCode).toBe(200);
  });

  it('rings the bell of every follower, and emails those who chose it in their language with one-click unsubscribe', async () => {
    const before = t.app.mailer.outbox.length;
    const job = await postJob(owner.client, { title: 'Dive Instructor', country: 'Jamaica' });
    await t.app.queue.drained();

    for (const who of [emailed, quiet]) {
      const [n] = (await bell(who)).filter((x) => x.kind === 'company_job');
      expect(n, who.email).toMatchObject({ data: { jobId: job.id, jobTitle: 'Dive Instructor', companyName: 'Reef Divers Bonaire' }, link: `/jobs/${job.id}` });
    }
    // Not a follower, and the company's own team: nothing.
    expect((await bell(stranger)).some((x) => x.kind === 'company_job')).toBe(false);
    expect((await bell(owner)).some((x) => x.kind === 'company_job')).toBe(false);

    const sent = t.app.mailer.outbox.slice(before);
    expect(sent.filter((m) => m.to === quiet.email || m.to === owner.email)).toEqual([]);
    const [mail] = sent.filter((m) => m.to === emailed.email);
    expect(mail!.subject).toBe('Reef Divers Bonaire publicó un empleo: Dive Instructor');
    expect(mail!.text).toContain(`/jobs/${job.id}?lang=es`);
    const oneClick = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // A mail app's one-click POST: no cookie, no Origin. The follow stays; its emails stop.
    const tampered = await t.app.inject({ method: 'POST', url: `${new URL(oneClick).pathname}x`, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    expect(tampered.statusCode).toBe(404);
    const other = await t.app.inject({
      method: 'POST',
      url: `/companies/unsubscribe/${quiet.user.id}/${companyId}/${followEmailToken(t.config.authSecret, emailed.user.id, companyId)}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(other.statusCode).toBe(404);
    expect(await followRow(emailed.user.id, companyId)).toEqual({ email: true });
    const res = await t.app.inject({ method: 'POST', url: new URL(oneClick).pathname, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await followRow(emailed.user.id, companyId)).toEqual({ email: false });

    // The next job: the bell still rings, no email.
    const next = await postJob(owner.client, { title: 'Boat Captain', country: 'Jamaica' });
    await t.app.queue.drained();
    expect((await bell(emailed)).some((x) => x.data.jobId === next.id)).toBe(true);
    expect(mailsTo(emailed.email)).toHaveLength(1);
  });

  it('tells nobody of a job that waits for its payment, and the followers once an admin records it', async () => {
    await t.database.db.execute(sql`insert into settings (key, value) values ('jobs_free', 'false') on conflict (key) do update set value = excluded.value`);
    try {
      const job = await postJob(owner.client, { title: 'Night Auditor', country: 'Jamaica' });
      await t.app.queue.drained();
      expect((await bell(quiet)).some((x) => x.data.jobId === job.id)).toBe(false);
      const { notifyFollowers } = await import('./follow-notify');
      // Run for the unpaid job anyway (a stray queue job): still nobody hears of it.
      expect(await notifyFollowers(t.app, job.id)).toBe(0);
      await t.database.db.execute(sql`update jobs set paid = true where id = ${job.id}`);
      expect(await notifyFollowers(t.app, job.id)).toBe(2);
      expect((await bell(quiet)).some((x) => x.data.jobId === job.id)).toBe(true);
    } finally {
      await t.database.db.execute(sql`update settings set value = 'true' where key = 'jobs_free'`);
    }
  });
});

describe('the invitation’s Join form before scripts', () => {
  it('sends a signed-out visitor to Log In and back; joins the invited address; refuses another, changing nothing', async () => {
    const owner = await signUp(t.app, 'employer');
    expect((await owner.client.patch('/api/companies/mine', { name: 'Join Form Jetties' })).statusCode).toBe(200);
    const invitee = await signUp(t.app, 'employer');
    expect((await owner.client.post('/api/companies/mine/invitations', { email: invitee.email, role: 'viewer' })).statusCode).toBe(201);
    await t.app.queue.drained();
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mailsTo(invitee.email).at(-1)!.text)![1]!;

    const anonymous = await new Client(t.app).request({ method: 'POST', url: `/invitations/${token}`, headers: FORM, payload: '' });
    expect(anonymous.statusCode).toBe(303);
    expect(new URL(anonymous.headers.location as string, 'http://x').searchParams.get('returnTo')).toBe(`/invitations/${token}`);

    const stranger = await signUp(t.app, 'employer', { email: uniqueEmail('stranger') });
    const refused = await stranger.client.request({ method: 'POST', url: `/invitations/${token}`, headers: FORM, payload: '' });
    // The page again with the reason (or, without the web app's build, the API's answer).
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This invitation was sent to another email address.');
    expect((await stranger.client.get('/api/companies/mine')).json().name).not.toBe('Join Form Jetties');

    const joined = await invitee.client.request({ method: 'POST', url: `/invitations/${token}`, headers: FORM, payload: '' });
    expect([joined.statusCode, joined.headers.location]).toEqual([303, '/employer/dashboard']);
    expect((await invitee.client.get('/api/companies/mine')).json()).toMatchObject({ name: 'Join Form Jetties', myRole: 'viewer' });
    const again = await invitee.client.request({ method: 'POST', url: `/invitations/${token}`, headers: FORM, payload: '' });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This invitation has already been used.');
  });
});
