import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { CONTACT, setRole, signUpConsultant } from '../../../test/consultants';
import { Client, multipart, signUp, signUpOnly } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { listen, SseClient } from '../../../test/sse';
import { rowsOf } from '../../lib/keyset';
import { notify } from '../../lib/notifications/notify';
import { runApplicantDigest, runMessageReminders } from './reminders';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
type Item = { id: string; kind: string; data: Record<string, string>; link: string; read: boolean };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function apply(seeker: Person, jobId: string) {
  const res = await seeker.client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...multipart([{ name: 'coverLetter', data: 'Hello' }]) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const list = async (p: Person) => (await p.client.get('/api/notifications')).json().items as Item[];
const unread = async (p: Person) => (await p.client.get('/api/notifications/unread-count')).json().count as number;
const mailsTo = async (email: string) => {
  await t.app.queue.drained();
  return t.app.mailer.outbox.filter((m) => m.to === email);
};
const employer = (name = 'Erin Employer') => signUp(t.app, 'employer', { fullName: name });
const seeker = (name = 'Sam Seeker') => signUp(t.app, 'jobseeker', { fullName: name });
/** Every link in a mail's text, as path and its `lang` (decision 0043: it opens in the email's language). */
const langsOf = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])).map((u) => [u.pathname, u.searchParams.get('lang')]);

describe('new applicant and application status', () => {
  it('tells the job’s owner of a new applicant (and nobody else), linking to the applicants; no email by default', async () => {
    const boss = await employer();
    const other = await employer('Other Boss');
    const sam = await seeker('Sam <script>alert(1)</script>');
    const jobId = (await postJob(boss, 'Line Cook')).id;
    await apply(sam, jobId);
    const [n] = await list(boss);
    expect(n).toMatchObject({ kind: 'new_applicant', link: `/employer/applicants/${jobId}`, read: false });
    expect(n!.data).toMatchObject({ jobTitle: 'Line Cook', applicantName: 'Sam <script>alert(1)</script>' });
    expect(await unread(boss)).toBe(1);
    expect(await list(other)).toEqual([]);
    expect(await list(sam)).toEqual([]);
    expect(await mailsTo(boss.email)).toEqual([]);
  });

  it('emails each applicant, or one daily digest, as the job’s owner chose; only the owner may choose', async () => {
    const boss = await employer();
    const other = await employer('Nosy Boss');
    const each = (await postJob(boss, 'Barista')).id;
    const daily = (await postJob(boss, 'Waiter')).id;
    expect((await boss.client.get(`/api/jobs/${each}/applicant-emails`)).json()).toEqual({ applicantEmails: 'none' });
    expect((await other.client.request({ method: 'PUT', url: `/api/jobs/${each}/applicant-emails`, payload: { applicantEmails: 'each' } })).statusCode).toBe(
      404,
    );
    expect(
      (await new Client(t.app).request({ method: 'PUT', url: `/api/jobs/${each}/applicant-emails`, payload: { applicantEmails: 'each' } })).statusCode,
    ).toBe(401);
    expect((await boss.client.request({ method: 'PUT', url: `/api/jobs/${each}/applicant-emails`, payload: { applicantEmails: 'often' } })).statusCode).toBe(
      400,
    );
    expect((await boss.client.get(`/api/jobs/${each}/applicant-emails`)).json()).toEqual({ applicantEmails: 'none' });
    for (const [id, choice] of [
      [each, 'each'],
      [daily, 'daily'],
    ])
      expect((await boss.client.request({ method: 'PUT', url: `/api/jobs/${id}/applicant-emails`, payload: { applicantEmails: choice } })).json()).toEqual({
        applicantEmails: choice,
      });
    await apply(await seeker('Ann'), each);
    await apply(await seeker('Bob'), daily);
    await apply(await seeker('Cat'), daily);
    let mails = await mailsTo(boss.email);
    expect(mails.map((m) => m.subject)).toEqual(['New applicant: Barista']);
    expect(mails[0]!.text).toContain(`/employer/applicants/${each}`);
    expect(await runApplicantDigest(t.app)).toBeGreaterThanOrEqual(1);
    mails = await mailsTo(boss.email);
    expect(mails.map((m) => m.subject)).toEqual(['New applicant: Barista', '2 new applicants today']);
    expect(mails[1]!.text).toContain(`Waiter: 2 new applicants`);
    // Nothing new: the next digest sends nothing to this owner.
    await runApplicantDigest(t.app);
    expect(await mailsTo(boss.email)).toHaveLength(2);
  });

  it('tells the applicant their status changed, by the bell and by email unless turned off', async () => {
    const boss = await employer();
    const sam = await seeker();
    const jobId = (await postJob(boss, 'Chef')).id;
    const applicationId = await apply(sam, jobId);
    expect((await boss.client.patch(`/api/applications/${applicationId}/status`, { status: 'Shortlisted' })).statusCode).toBe(200);
    const [n] = await list(sam);
    expect(n).toMatchObject({ kind: 'application_status', link: '/my-applications', data: { jobTitle: 'Chef', status: 'Shortlisted' } });
    expect((await mailsTo(sam.email)).map((m) => m.subject)).toEqual(['Your application: Chef']);

    expect((await sam.client.patch('/api/notifications/settings', { application_status: false })).json()).toMatchObject({
      application_status: false,
      interviews: true,
    });
    expect((await boss.client.patch(`/api/applications/${applicationId}/status`, { status: 'Rejected' })).statusCode).toBe(200);
    expect(await list(sam)).toHaveLength(2);
    expect(await mailsTo(sam.email)).toHaveLength(1);
    // Another employer's attempt changes nothing and tells nobody.
    const other = await employer();
    expect((await other.client.patch(`/api/applications/${applicationId}/status`, { status: 'Reviewed' })).statusCode).toBe(404);
    expect(await list(sam)).toHaveLength(2);
  });
});

describe('interviews', () => {
  it('scheduled and cancelled reach the applicant, confirmed and declined the employer, each with its link', async () => {
    const boss = await employer('Ivy Boss');
    const sam = await seeker();
    const jobId = (await postJob(boss, 'Host')).id;
    await apply(sam, jobId);
    const body = { jobId, applicantId: sam.user.id, interviewTime: inDays(3), timeZone: 'America/Jamaica', location: 'Office', notes: '' };
    const first = (await boss.client.post('/api/interviews', body)).json().id as string;
    expect((await list(sam))[0]).toMatchObject({ kind: 'interview_scheduled', link: '/my-interviews', data: { jobTitle: 'Host', employerName: 'Ivy Boss' } });
    expect((await sam.client.patch(`/api/interviews/${first}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await list(boss))[0]).toMatchObject({ kind: 'interview_confirmed', link: '/employer/interviews', data: { applicantName: 'Sam Seeker' } });
    expect((await boss.client.post(`/api/interviews/${first}/cancel`)).statusCode).toBe(200);
    expect((await list(sam))[0]).toMatchObject({ kind: 'interview_cancelled', link: '/my-interviews' });
    const second = (await boss.client.post('/api/interviews', body)).json().id as string;
    expect((await sam.client.patch(`/api/interviews/${second}/status`, { status: 'declined' })).statusCode).toBe(200);
    expect((await list(boss))[0]).toMatchObject({ kind: 'interview_declined' });
    expect((await list(boss)).map((n) => n.kind)).toEqual(['interview_declined', 'interview_confirmed', 'new_applicant']);
    const samMails = await mailsTo(sam.email);
    expect(samMails.map((m) => m.calendar?.method)).toEqual(['REQUEST', 'CANCEL', 'REQUEST']);
  });

  it('with interview emails off: no invitation email, yet a cancellation still withdraws the calendar entry', async () => {
    const boss = await employer();
    const sam = await seeker();
    const jobId = (await postJob(boss, 'Porter')).id;
    await sam.client.patch('/api/notifications/settings', { interviews: false });
    const body = { jobId, applicantId: sam.user.id, interviewTime: inDays(2), location: 'Office', notes: '' };
    const id = (await boss.client.post('/api/interviews', body)).json().id as string;
    expect(await mailsTo(sam.email)).toEqual([]);
    expect((await list(sam))[0]!.kind).toBe('interview_scheduled');
    await boss.client.post(`/api/interviews/${id}/cancel`);
    expect((await mailsTo(sam.email)).map((m) => m.calendar?.method)).toEqual(['CANCEL']);
  });
});

describe('consultants', () => {
  it('a contact request and a review reach the consultant only; the request email follows the switch', async () => {
    const keisha = await signUpConsultant(t.app, { fullName: 'Keisha Notify' });
    const client = await seeker('Andre Client');
    expect((await client.client.post(`/api/consultants/${keisha.user.id}/requests`, CONTACT)).statusCode).toBe(201);
    expect((await list(keisha))[0]).toMatchObject({ kind: 'contact_request', link: '/consultant/client-requests', data: { fromName: CONTACT.fullName } });
    expect(await list(client)).toEqual([]);
    expect((await client.client.post(`/api/consultants/${keisha.user.id}/reviews`, { rating: 5, comment: 'Great help' })).statusCode).toBe(201);
    expect((await list(keisha))[0]).toMatchObject({ kind: 'review', link: '/consultant-dashboard', data: { authorName: 'Andre Client', rating: '5' } });
    await t.app.queue.drained();
    const before = t.app.mailer.outbox.filter((m) => m.subject === 'New client request on CaribConnect').length;
    await keisha.client.patch('/api/notifications/settings', { contact_request: false });
    const again = await seeker('Second Client');
    expect((await again.client.post(`/api/consultants/${keisha.user.id}/requests`, CONTACT)).statusCode).toBe(201);
    await t.app.queue.drained();
    expect(t.app.mailer.outbox.filter((m) => m.subject === 'New client request on CaribConnect').length).toBe(before);
    expect((await list(keisha))[0]!.kind).toBe('contact_request');
  });
});

describe('listing kinds (called by the listings’ modules)', () => {
  it('expiring, expired and removed (with the reason) link to the listing and email its owner', async () => {
    const owner = await employer('Lister');
    const db = t.app.db.db;
    await db.transaction(async (tx) => {
      await notify(t.app, tx, { userId: owner.user.id, kind: 'listing_expiring', data: { listing: 'job', id: 'j1', title: 'Cook', expiresOn: '2026-12-01' } });
      await notify(t.app, tx, { userId: owner.user.id, kind: 'listing_expired', data: { listing: 'ad', id: 'a1', title: 'Bike' } });
      await notify(t.app, tx, { userId: owner.user.id, kind: 'listing_removed', data: { listing: 'ad', id: 'a2', title: 'Phone', reason: 'Spam' } });
    });
    // One transaction, one instant: their order among themselves is by id.
    expect((await list(owner)).map((n) => [n.kind, n.link]).sort()).toEqual([
      ['listing_expired', '/ads/a1/edit'],
      ['listing_expiring', '/employer/jobs/j1/edit'],
      ['listing_removed', '/ads'],
    ]);
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Your ad has expired: Bike', 'Your ad was removed: Phone', 'Your job expires soon: Cook']);
    expect(mails.find((m) => m.subject.includes('removed'))!.text).toContain('Reason: Spam');
    // A rollback leaves neither the notification nor its email.
    await expect(
      db.transaction(async (tx) => {
        await notify(t.app, tx, { userId: owner.user.id, kind: 'listing_expired', data: { listing: 'job', id: 'j9', title: 'Gone' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await list(owner)).toHaveLength(3);
    expect(await mailsTo(owner.email)).toHaveLength(3);
  });

  it('emails only a confirmed address: a person who never confirmed sees the notification, with no email', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    await signUpOnly(t.app, 'employer', email);
    const [row] = await rowsOf<{ id: string }>(t.app.db.db.execute(sql`select id from users where email = ${email}`));
    await t.app.db.db.transaction((tx) =>
      notify(t.app, tx, { userId: row!.id, kind: 'listing_removed', data: { listing: 'job', id: 'j2', title: 'Cook', reason: 'Spam' } }),
    );
    const kinds = await rowsOf<{ kind: string }>(t.app.db.db.execute(sql`select kind from notifications where user_id = ${row!.id}`));
    expect(kinds.map((n) => n.kind)).toEqual(['listing_removed']);
    expect((await mailsTo(email)).filter((m) => m.subject.includes('removed'))).toEqual([]);
  });
});

describe('privacy: only your own', () => {
  it('refuses the anonymous, the suspended, another person’s notification and bad input; mark all read is yours only', async () => {
    const boss = await employer();
    const other = await employer();
    await apply(await seeker(), (await postJob(boss, 'Line Cook')).id);
    await apply(await seeker(), (await postJob(boss, 'Line Cook')).id);
    const [n] = await list(boss);
    const anon = new Client(t.app);
    expect((await anon.get('/api/notifications')).statusCode).toBe(401);
    expect((await anon.post(`/api/notifications/${n!.id}/read`)).statusCode).toBe(401);
    expect((await other.client.post(`/api/notifications/${n!.id}/read`)).statusCode).toBe(404);
    expect((await other.client.post('/api/notifications/not-a-uuid/read')).statusCode).toBe(404);
    expect((await other.client.post('/api/notifications/read-all')).json()).toEqual({ count: 0 });
    expect(await unread(boss)).toBe(2);
    expect((await boss.client.post(`/api/notifications/${n!.id}/read`)).json()).toEqual({ count: 1 });
    expect((await list(boss)).map((x) => x.read)).toEqual([true, false]);
    expect((await boss.client.post('/api/notifications/read-all')).json()).toEqual({ count: 0 });
    expect(await unread(boss)).toBe(0);
    expect((await boss.client.patch('/api/notifications/settings', { interviews: 'no' })).statusCode).toBe(400);
    expect((await boss.client.patch('/api/notifications/settings', { isAdmin: true })).statusCode).toBe(400);
    expect((await anon.patch('/api/notifications/settings', { interviews: false })).statusCode).toBe(401);
    await setRole(t.database, boss.user.id, 'suspended');
    expect((await boss.client.get('/api/notifications')).statusCode).toBe(403);
  });

  it('deleting an account (admin delete-user) deletes its notifications', async () => {
    const boss = await employer();
    await apply(await seeker(), (await postJob(boss, 'Line Cook')).id);
    const admin = await employer('Admin');
    await setRole(t.database, admin.user.id, 'admin');
    const count = async () =>
      (await rowsOf<{ n: number }>(t.app.db.db.execute(sql`select count(*)::int as n from notifications where user_id = ${boss.user.id}`)))[0]!.n;
    expect(await count()).toBe(1);
    const res = await admin.client.delete(`/api/admin/users/${boss.user.id}`);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await count()).toBe(0);
  });
});

describe('the unread count over the stream', () => {
  it('arrives live when someone applies, and goes down when read; another person’s stream hears nothing', async () => {
    const boss = await employer();
    const other = await employer();
    const jobId = (await postJob(boss, 'Line Cook')).id;
    const [mine, theirs] = await Promise.all([SseClient.open(base, boss.client.cookie), SseClient.open(base, other.client.cookie)]);
    try {
      await Promise.all([mine.waitFor('ready'), theirs.waitFor('ready')]);
      await apply(await seeker(), jobId);
      const [got] = await mine.waitFor('notifications');
      expect(got!.data).toEqual({ unread: 1 });
      await boss.client.post('/api/notifications/read-all');
      const events = await mine.waitFor('notifications', 2);
      expect(events[1]!.data).toEqual({ unread: 0 });
      expect(theirs.events.filter((e) => e.event === 'notifications')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe('links in digests', () => {
  it('the applicants digest and the unread-messages email link in the reader’s language', async () => {
    const employer = await signUp(t.app, 'employer', { language: 'fr' });
    const job = await postJob(employer, 'Serveur');
    const daily = await employer.client.request({ method: 'PUT', url: `/api/jobs/${job.id}/applicant-emails`, payload: { applicantEmails: 'daily' } });
    expect(daily.statusCode, daily.body).toBe(200);
    await apply(await seeker(), job.id);
    await runApplicantDigest(t.app);
    expect(langsOf((await mailsTo(employer.email)).at(-1)!.text)).toEqual([[`/employer/applicants/${job.id}`, 'fr']]);

    const reader = await signUp(t.app, 'jobseeker', { language: 'pap' });
    const writer = await seeker();
    expect((await writer.client.post('/api/messages', { recipientId: reader.user.id, message: 'Bon dia' })).statusCode).toBe(201);
    // Away for two hours: the email is due.
    await t.app.db.db.execute(sql`update notification_settings set last_seen_at = now() - interval '2 hours' where user_id = ${reader.user.id}`);
    await runMessageReminders(t.app);
    expect(langsOf((await mailsTo(reader.email)).at(-1)!.text)).toEqual([['/inbox', 'pap']]);
  });
});

describe('unread messages email', () => {
  it('names who wrote (not the text) to someone away for an hour, at most once per conversation per day', async () => {
    const ana = await seeker('Ana Writer');
    const ben = await seeker('Ben Away');
    const send = (text: string) => ana.client.post('/api/messages', { recipientId: ben.user.id, message: text });
    expect((await send('secret words')).statusCode).toBe(201);
    const db = t.app.db.db;
    // Ben was last here two hours ago (his sign-up request counted as a visit).
    await db.execute(sql`update notification_settings set last_seen_at = now() - interval '2 hours' where user_id = ${ben.user.id}`);
    const now = new Date();
    await runMessageReminders(t.app, now);
    let mails = await mailsTo(ben.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ana Writer sent you a message');
    expect(mails[0]!.text).not.toContain('secret words');
    // More messages the same day: no second email.
    expect((await send('more')).statusCode).toBe(201);
    await runMessageReminders(t.app, new Date(now.getTime() + 60 * 60_000));
    expect(await mailsTo(ben.email)).toHaveLength(1);
    // A day later, with a message newer than the last email: one more.
    await db.execute(sql`update conversations set emailed_at = emailed_at - interval '25 hours' where user_id = ${ben.user.id}`);
    await runMessageReminders(t.app, new Date(now.getTime() + 2 * 60 * 60_000));
    mails = await mailsTo(ben.email);
    expect(mails).toHaveLength(2);
    // Ana (who was just here) and the sender's side are never emailed.
    expect(await mailsTo(ana.email)).toEqual([]);
  });

  it('sends nothing to someone on the site in the last hour, or who turned it off', async () => {
    const ana = await seeker('Ana Two');
    const ben = await seeker('Ben Here');
    const cy = await seeker('Cy Off');
    await ana.client.post('/api/messages', { recipientId: ben.user.id, message: 'hi' });
    await ana.client.post('/api/messages', { recipientId: cy.user.id, message: 'hi' });
    await cy.client.patch('/api/notifications/settings', { messages: false });
    // Ben has the site open (every signed-in page keeps the event stream open).
    const benTab = await SseClient.open(base, ben.client.cookie);
    await benTab.waitFor('ready');
    await t.app.db.db.execute(sql`update notification_settings set last_seen_at = now() - interval '2 hours' where user_id = ${cy.user.id}`);
    await runMessageReminders(t.app);
    expect(await mailsTo(ben.email)).toEqual([]);
    expect(await mailsTo(cy.email)).toEqual([]);
    benTab.close();
  });

  it('counts only what the recipient may see: a message moderation holds leaves every unread count until restored', async () => {
    const ana = await seeker('Ana Scam');
    const ben = await seeker('Ben Target');
    const admin = await seeker('Ada Admin');
    await setRole(t.database, admin.user.id, 'admin');
    const send = async (text: string) => (await ana.client.post('/api/messages', { recipientId: ben.user.id, message: text })).json().id as string;
    const held = await send('Send me a deposit first');
    const fee = await send('Or pay the fee');
    const other = await send('Hello about the car');
    const counts = async () => {
      const inbox = (await ben.client.get('/api/messages/conversations')).json().items as Array<{ other: { id: string }; unreadCount: number }>;
      return [(await ben.client.get('/api/messages/unread-count')).json().count, inbox.find((c) => c.other.id === ana.user.id)?.unreadCount];
    };
    expect(await counts()).toEqual([3, 3]);
    const moderate = async (id: string, action: 'remove' | 'restore') => {
      if (action === 'remove') expect((await ben.client.post('/api/reports', { itemType: 'message', itemId: id, reason: 'scam' })).statusCode).toBe(201);
      expect((await admin.client.post(`/api/admin/moderation/message/${id}/${action}`, { message: 'Scam.' })).statusCode).toBe(200);
    };
    await moderate(held, 'remove');
    expect(await counts()).toEqual([2, 2]);
    // The sender's own count is untouched (they read nothing of Ben's).
    expect((await ana.client.get('/api/messages/unread-count')).json().count).toBe(0);

    // With every unread message held, the unread-messages email is not sent either.
    await moderate(fee, 'remove');
    await moderate(other, 'remove');
    expect(await counts()).toEqual([0, undefined]);
    await t.app.db.db.execute(sql`update notification_settings set last_seen_at = now() - interval '2 hours' where user_id = ${ben.user.id}`);
    await runMessageReminders(t.app);
    expect(await mailsTo(ben.email)).toEqual([]);

    // Restored, it counts again and the email goes out.
    await moderate(held, 'restore');
    expect(await counts()).toEqual([1, 1]);
    await runMessageReminders(t.app);
    expect(await mailsTo(ben.email)).toHaveLength(1);
  });
});
