import { setRole as setRoleOf } from '../../../test/consultants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { jobAlerts } from '../../db/schema';
import { rowsOf } from '../../lib/keyset';
import { runAlerts } from './run';
import { alertToken, runToken } from './tokens';

/** The alerts here look for jobs in Barbados; the email lists company, country and salary. */
const HOTEL_JOB = { company: 'Island Hotels', country: 'Barbados', description: 'Good job.', salary: 'BBD 3,000' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
// Through the shared helper: an admin made this way has two-factor set up, as /api/admin requires.
const setRole = (userId: string, role: string) => setRoleOf(t.database, userId, role);

/** Moves jobs' post time, so a run "tomorrow" sees them as posted since the last email. */
const postedAt = (id: string, at: Date) => t.database.db.execute(sql`update jobs set created_at = ${at.toISOString()}::timestamptz where id = ${id}`);
const alertRow = async (id: string) => (await t.database.db.select().from(jobAlerts).where(eq(jobAlerts.id, id)))[0];
const mailsTo = (to: string) => t.app.mailer.outbox.filter((m) => m.to === to);

/** A run as of `at`, and its queue jobs (matching, then emails) done. */
async function runAt(at: Date) {
  const result = await runAlerts(t.app, at);
  await t.app.queue.drained();
  return result;
}

describe('job alerts: managing them', () => {
  it('creates from the filters, lists, renames, changes frequency, pauses and deletes', async () => {
    const seeker = await signUp(t.app);
    const created = await seeker.client.post('/api/alerts', { frequency: 'weekly', filters: { title: 'chef', country: 'Barbados', category: '' } });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json();
    expect(alert).toMatchObject({ name: 'chef, Barbados', frequency: 'weekly', paused: false, filters: { title: 'chef', country: 'Barbados' } });
    expect((await seeker.client.get('/api/alerts')).json().items).toHaveLength(1);
    const changed = await seeker.client.patch(`/api/alerts/${alert.id}`, { name: 'Chef jobs', frequency: 'daily', paused: true });
    expect(changed.json()).toMatchObject({ name: 'Chef jobs', frequency: 'daily', paused: true });
    expect((await seeker.client.patch(`/api/alerts/${alert.id}`, {})).statusCode).toBe(400);
    expect((await seeker.client.patch(`/api/alerts/${alert.id}`, { frequency: 'hourly' })).statusCode).toBe(400);
    expect((await seeker.client.delete(`/api/alerts/${alert.id}`)).statusCode).toBe(204);
    expect((await seeker.client.get('/api/alerts')).json().items).toEqual([]);
  });

  it("refuses another person's alerts, the anonymous and the suspended, changing nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const alert = (await owner.client.post('/api/alerts', { filters: { title: 'nurse' } })).json();
    expect((await other.client.get('/api/alerts')).json().items).toEqual([]);
    const patch = await other.client.patch(`/api/alerts/${alert.id}`, { name: 'mine now' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().code).toBe('ALERT_NOT_FOUND');
    expect((await other.client.delete(`/api/alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get('/api/alerts')).statusCode).toBe(401);
    expect((await new Client(t.app).post('/api/alerts', { filters: {} })).statusCode).toBe(401);
    await setRole(other.user.id, 'banned');
    expect((await other.client.post('/api/alerts', { filters: {} })).statusCode).toBe(403);
    expect(await alertRow(alert.id)).toMatchObject({ name: 'nurse', userId: owner.user.id });
  });

  it('keeps a script in a name as text, and refuses bad input', async () => {
    const seeker = await signUp(t.app);
    const script = '<script>alert(1)</script>';
    const res = await seeker.client.post('/api/alerts', { name: script, filters: { title: 'x'.repeat(201) } });
    expect(res.statusCode).toBe(400);
    const ok = await seeker.client.post('/api/alerts', { name: script, filters: { title: 'cook' } });
    expect(ok.json().name).toBe(script);
    expect((await seeker.client.post('/api/alerts', { name: '   ', filters: {} })).statusCode).toBe(400);
  });

  it('deleting an account deletes its alerts', async () => {
    const seeker = await signUp(t.app);
    const alert = (await seeker.client.post('/api/alerts', { filters: {} })).json();
    const admin = await signUp(t.app);
    await setRole(admin.user.id, 'admin');
    expect((await admin.client.delete(`/api/admin/users/${seeker.user.id}`)).statusCode).toBeLessThan(300);
    expect(await alertRow(alert.id)).toBeUndefined();
  });
});

describe('job alerts: the run', () => {
  it('emails only the new matches since the last email, and nothing when nothing matches', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app);
    const start = new Date();
    const alert = (await seeker.client.post('/api/alerts', { frequency: 'daily', filters: { title: 'bartender', country: 'Barbados' } })).json();
    const old = await postJob(employer.client, { ...HOTEL_JOB, title: 'Bartender (old)' });
    await postedAt(old.id, new Date(start.getTime() - DAY));
    const fresh = await postJob(employer.client, { ...HOTEL_JOB, title: 'Head Bartender' });
    await postJob(employer.client, { ...HOTEL_JOB, title: 'Head Bartender', country: 'Jamaica' });
    await postJob(employer.client, { ...HOTEL_JOB, title: 'Gardener', country: 'Barbados' });

    // Not due yet: nothing.
    await runAt(new Date(start.getTime() + DAY / 2));
    expect(mailsTo(seeker.email)).toEqual([]);

    const day1 = new Date(start.getTime() + DAY);
    await runAt(day1);
    const [mail] = mailsTo(seeker.email);
    expect(mail!.subject).toBe('New jobs for "bartender, Barbados" on CaribConnect');
    expect(mail!.text).toContain('Head Bartender\nIsland Hotels · Barbados · BBD 3,000');
    expect(mail!.text).toContain(`/jobs/${fresh.id}`);
    expect(mail!.text).not.toContain('(old)');
    expect(mail!.text).not.toContain('Gardener');
    const unsubscribe = `${t.config.publicUrl}/alerts/unsubscribe/${alert.id}/${alertToken(t.config.authSecret, 'unsubscribe', alert.id)}`;
    expect(mail!.text).toContain(unsubscribe);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await alertRow(alert.id)).toMatchObject({ lastSentAt: day1, lastSentCount: 1 });

    // The same run again (a restart, a second instance): the alert is no longer due, nothing is sent twice.
    await runAt(day1);
    expect(mailsTo(seeker.email)).toHaveLength(1);

    // A day later with no new match: no email, but the window moves on.
    const day2 = new Date(day1.getTime() + DAY);
    await runAt(day2);
    expect(mailsTo(seeker.email)).toHaveLength(1);
    expect((await alertRow(alert.id))!.lastSentAt).toEqual(day2);

    // Then one new match: only it.
    const third = await postJob(employer.client, { ...HOTEL_JOB, title: 'Bartender, nights' });
    await postedAt(third.id, new Date(day2.getTime() + 1000));
    await runAt(new Date(day2.getTime() + DAY));
    const mails = mailsTo(seeker.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Bartender, nights');
    expect(mails[1]!.text).not.toContain('Head Bartender');
  });

  it('lists at most 20 with a link to the full search; skips paused alerts and suspended people', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app);
    const paused = await signUp(t.app);
    const suspended = await signUp(t.app);
    const filters = { title: 'many-match-zz' };
    await seeker.client.post('/api/alerts', { filters });
    const p = (await paused.client.post('/api/alerts', { filters })).json();
    await paused.client.patch(`/api/alerts/${p.id}`, { paused: true });
    await suspended.client.post('/api/alerts', { filters });
    await setRole(suspended.user.id, 'suspended');
    for (let i = 0; i < 22; i++) await postJob(employer.client, { ...HOTEL_JOB, title: `Role ${i} many-match-zz` });
    await runAt(new Date(Date.now() + DAY));
    const [mail] = mailsTo(seeker.email);
    expect(mail!.text.match(/^Role \d+ many-match-zz$/gm)).toHaveLength(20);
    expect(mail!.text).toContain(`More jobs match: see them all at ${t.config.publicUrl}/jobs?title=many-match-zz`);
    expect(mailsTo(paused.email)).toEqual([]);
    expect(mailsTo(suspended.email)).toEqual([]);
  });

  it('triggers a run through POST /api/alerts/run only with the server-made token', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.post('/api/alerts/run', {})).statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/run',
      headers: { authorization: `Bearer ${runToken('another-secret-long-enough')}` },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/run',
      headers: { authorization: `Bearer ${runToken(t.config.authSecret)}` },
      payload: {},
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ alerts: expect.any(Number), jobs: expect.any(Number) });
  });
});

describe('job alerts: guests, confirmation and unsubscribe', () => {
  const form = (client: Client, url: string, payload = '') =>
    client.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });

  it('sends nothing but the confirmation before the link is followed; unconfirmed ones expire', async () => {
    const employer = await signUp(t.app, 'employer');
    const guest = new Client(t.app);
    const email = `guest-${Date.now()}@example.com`;
    const res = await guest.post('/api/alerts/guest', { email, frequency: 'daily', filters: { title: 'welder' } });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.queue.drained();
    const [confirmation] = mailsTo(email);
    expect(confirmation!.subject).toBe('Confirm your CaribConnect job alert');
    const address = new URL(/https?:\/\/\S+\/alerts\/confirm\/\S+/.exec(confirmation!.text)![0]);
    // The page opens in the language of the email (the guest's page was English).
    expect(address.searchParams.get('lang')).toBe('en');
    const link = address.pathname;
    const [, , , id, token] = link.split('/');

    await postJob(employer.client, { ...HOTEL_JOB, title: 'Welder' });
    await runAt(new Date(Date.now() + 2 * DAY));
    expect(mailsTo(email)).toHaveLength(1);

    // A tampered token confirms nothing.
    const bad = await form(guest, `/alerts/confirm/${id}/${token!.slice(0, -2)}xx`);
    expect(bad.statusCode).toBe(404);
    expect((await alertRow(id!))!.confirmedAt).toBeNull();

    const ok = await form(guest, link);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`${link}?done=1`);
    const confirmed = await alertRow(id!);
    expect(confirmed!.confirmedAt).not.toBeNull();
    // Its first email covers jobs posted after the confirmation.
    const welder = await postJob(employer.client, { ...HOTEL_JOB, title: 'Senior Welder' });
    await runAt(new Date(Date.now() + 2 * DAY));
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`/jobs/${welder.id}`);
    expect(mails[1]!.text).not.toMatch(/^Welder$/m);

    const stale = `stale-${Date.now()}@example.com`;
    await guest.post('/api/alerts/guest', { email: stale, filters: {} });
    await runAt(new Date(Date.now() + 8 * DAY));
    expect((await rowsOf(t.database.db.execute(sql`select 1 from job_alerts where email = ${stale}`))).length).toBe(0);
  });

  it('refuses a bad address', async () => {
    const guest = new Client(t.app);
    expect((await guest.post('/api/alerts/guest', { email: 'not an email', filters: {} })).statusCode).toBe(400);
  });

  it('unsubscribes one alert with its token (page form and RFC 8058 one-click); a tampered token or another alert is refused', async () => {
    const seeker = await signUp(t.app);
    const a = (await seeker.client.post('/api/alerts', { filters: { title: 'a' } })).json();
    const b = (await seeker.client.post('/api/alerts', { filters: { title: 'b' } })).json();
    const tokenA = alertToken(t.config.authSecret, 'unsubscribe', a.id);
    const anonymous = new Client(t.app);
    // Its last character changed (to one it is not: a fixed replacement is the token itself once in 64 runs).
    const tampered = `${tokenA.slice(0, -1)}${tokenA.endsWith('A') ? 'B' : 'A'}`;
    expect((await form(anonymous, `/alerts/unsubscribe/${a.id}/${tampered}`)).statusCode).toBe(404);
    // A's token does not open B.
    expect((await form(anonymous, `/alerts/unsubscribe/${b.id}/${tokenA}`)).statusCode).toBe(404);
    // Nor confirms anything.
    expect((await form(anonymous, `/alerts/confirm/${a.id}/${tokenA}`)).statusCode).toBe(404);
    expect(await alertRow(a.id)).toBeDefined();
    expect(await alertRow(b.id)).toBeDefined();

    const ok = await form(anonymous, `/alerts/unsubscribe/${a.id}/${tokenA}`);
    expect(ok.statusCode).toBe(303);
    expect(await alertRow(a.id)).toBeUndefined();
    expect(await alertRow(b.id)).toBeDefined();

    // A mail app's one-click POST: no Origin, no cookie.
    const tokenB = alertToken(t.config.authSecret, 'unsubscribe', b.id);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe/${b.id}/${tokenB}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(await alertRow(b.id)).toBeUndefined();
    // Without Origin, the ordinary API is still refused.
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { filters: {} } });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('job alerts in the reader’s language', () => {
  it('a job alert links each job, the search and its unsubscribe page in the reader’s language; the one-click address has none', async () => {
    const seeker = await signUp(t.app, 'jobseeker', { language: 'ht' });
    const created = await seeker.client.post('/api/alerts', { frequency: 'daily', filters: { title: 'resepsyonis', country: 'Curaçao' } });
    expect(created.statusCode, created.body).toBe(201);
    const job = await postJob(await signUp(t.app, 'employer'), { ...HOTEL_JOB, country: 'Curaçao', title: 'Resepsyonis' });
    await runAt(new Date(Date.now() + 2 * DAY));
    const mail = mailsTo(seeker.email).at(-1)!;
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
    expect(links.map((u) => u.pathname)).toEqual([`/jobs/${job.id}`, '/jobs', expect.stringMatching(/^\/alerts\/unsubscribe\//)]);
    expect(links.map((u) => u.searchParams.get('lang'))).toEqual(['ht', 'ht', 'ht']);
    expect(links[1]!.searchParams.get('title')).toBe('resepsyonis');
    const oneClick = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    expect(new URL(oneClick).pathname).toBe(links[2]!.pathname);
    expect(new URL(oneClick).search).toBe('');
  });
});

describe('job alerts through an SMTP server that refuses, then accepts', () => {
  it('ends with every alert email sent once, with its List-Unsubscribe headers', async () => {
    const received: string[] = [];
    const smtp = await startSmtpServer({ refuse: 2, onMessage: (_to, raw) => received.push(raw) });
    const own = await createTestApp({ smtpUrl: smtp.url, queueTimings: { retryDelay: 1, expireInSeconds: 5, pollingIntervalSeconds: 0.5 } });
    try {
      const employer = await signUp(own.app, 'employer');
      const people = [await signUp(own.app), await signUp(own.app), await signUp(own.app)];
      for (const p of people) await p.client.post('/api/alerts', { filters: { title: 'smtp-outage' } });
      const job = await employer.client.post('/api/jobs', {
        title: 'Cook smtp-outage',
        company: 'Reef Bar',
        country: 'Grenada',
        category: 'Hospitality',
        description: 'Cook.',
      });
      expect(job.statusCode).toBe(201);
      await runAlerts(own.app, new Date(Date.now() + DAY));
      await waitFor('three alert emails', () => received.filter((r) => r.includes('smtp-outage')).length >= 3, 60_000);
      // No job left to run: no second send can come.
      await own.app.queue.drained(30_000);
      const alertMails = received.filter((r) => r.includes('smtp-outage'));
      expect(smtp.refused).toBe(2);
      expect(alertMails).toHaveLength(3);
      for (const p of people) expect(alertMails.filter((r) => r.includes(p.email))).toHaveLength(1);
      expect(alertMails[0]).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/alerts\/unsubscribe\/[0-9a-f-]+\/[\w-]+>$/m);
      expect(alertMails[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    } finally {
      await own.close();
      await smtp.close();
    }
  }, 90_000);
});
