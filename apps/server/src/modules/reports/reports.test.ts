import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { setRole } from '../../../test/consultants';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { listen, SseClient } from '../../../test/sse';
import { rowsOf } from '../../lib/keyset';

let t: TestApp;
const adCategory = async () => (await rowsOf<{ id: string }>(t.database.db.execute(sql`select id from ad_categories order by name limit 1`)))[0]!.id;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t.app);
  await setRole(t.database, a.user.id, 'admin');
  admin = a.client;
});
afterAll(() => t.close());

const JOB = {
  title: 'Data entry from home',
  company: 'Quick Cash Ltd',
  country: 'Jamaica',
  category: 'Administration',
  description: 'Pay a $50 processing fee.',
};
const report = (client: Client, itemId: string, over: Record<string, unknown> = {}) =>
  client.post('/api/reports', { itemType: 'job', itemId, reason: 'scam', ...over });
const listedIds = async (client = new Client(t.app)) => ((await client.get('/api/jobs?limit=50')).json().items as Array<{ id: string }>).map((j) => j.id);
const audit = (action: string, targetId: string) =>
  rowsOf<{ action: string; after: unknown }>(
    t.database.db.execute(sql`select action, after from admin_audit_log where action = ${action} and target_id = ${targetId}`),
  );
const reportCount = async (itemId: string) =>
  (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from reports where item_id = ${itemId}`)))[0]!.n;

/** A job reported by three distinct people: hidden until an admin decides. */
async function hiddenJob() {
  const employer = await signUp(t.app, 'employer', { fullName: 'Quick Cash' });
  const job = await postJob(employer.client, JOB);
  for (let i = 0; i < 3; i++) expect((await report((await signUp(t.app)).client, job.id)).statusCode).toBe(201);
  return { employer, job };
}
const mailTo = async (to: string) => {
  await t.app.queue.drained();
  return t.app.mailer.outbox.filter((m) => m.to === to);
};

describe('reports', () => {
  it('one report per person per item: the second is a 409 and nothing is added', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, JOB);
    const seeker = await signUp(t.app);
    const first = await report(seeker.client, job.id, { note: 'Asks for a fee' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ received: true });
    const again = await report(seeker.client, job.id, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REPORTED');
    expect(await reportCount(job.id)).toBe(1);
  });

  it('refuses anonymous, suspended, own items, unknown items, bad reasons and over-long notes, changing nothing', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, JOB);
    expect((await report(new Client(t.app), job.id)).statusCode).toBe(401);
    const suspended = await signUp(t.app);
    await setRole(t.database, suspended.user.id, 'suspended');
    expect((await report(suspended.client, job.id)).statusCode).toBe(403);
    const own = await report(employer.client, job.id);
    expect([own.statusCode, own.json().code]).toEqual([400, 'REPORT_OWN_ITEM']);
    // The poster's team posted it too: a teammate of any role is refused; once they leave, they may report it.
    const teammate = await signUp(t.app, 'employer');
    await t.database.db.execute(sql`update company_members set company_id = (select company_id from jobs where id = ${job.id}::uuid), role = 'viewer'
      where user_id = ${teammate.user.id}`);
    const team = await report(teammate.client, job.id);
    expect([team.statusCode, team.json().code]).toEqual([400, 'REPORT_OWN_ITEM']);
    expect(await reportCount(job.id)).toBe(0);
    await t.database.db.execute(sql`delete from company_members where user_id = ${teammate.user.id}`);
    expect((await report(teammate.client, job.id)).statusCode).toBe(201);
    await t.database.db.execute(sql`delete from reports where item_id = ${job.id}`);
    const seeker = await signUp(t.app);
    expect((await report(seeker.client, '00000000-0000-4000-8000-000000000000')).json().code).toBe('REPORT_ITEM_NOT_FOUND');
    expect((await report(seeker.client, 'not-a-uuid')).statusCode).toBe(404);
    expect((await report(seeker.client, job.id, { reason: 'boring' })).statusCode).toBe(400);
    expect((await report(seeker.client, job.id, { itemType: 'house' })).statusCode).toBe(400);
    expect((await report(seeker.client, job.id, { note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await report(seeker.client, job.id, { note: 'a\0b' })).statusCode).toBe(400);
    expect(await reportCount(job.id)).toBe(0);
    // A script in the note is kept as text, never run: the admin's screen renders it escaped.
    expect((await report(seeker.client, job.id, { note: '<script>alert(1)</script>' })).statusCode).toBe(201);
    const queue = (await admin.get('/api/admin/moderation')).json().items as Array<{ itemId: string; reports: Array<{ note: string }> }>;
    expect(queue.find((i) => i.itemId === job.id)?.reports[0]?.note).toBe('<script>alert(1)</script>');
  });

  it('a message is reported only by its recipient', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    const sent = await a.client.post('/api/messages', { recipientId: b.user.id, message: 'Send me a deposit first' });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id as string;
    expect((await report(c.client, id, { itemType: 'message' })).statusCode).toBe(404);
    expect((await report(b.client, id, { itemType: 'message' })).statusCode).toBe(201);
  });

  it("a removed message is never previewed in its recipient's inbox; the sender still sees it", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    await a.client.post('/api/messages', { recipientId: b.user.id, message: 'Hello about the car' });
    const bad = (await a.client.post('/api/messages', { recipientId: b.user.id, message: 'Send me a deposit first' })).json().id as string;
    const only = (await c.client.post('/api/messages', { recipientId: b.user.id, message: 'Wire the fee today' })).json().id as string;
    for (const id of [bad, only]) {
      expect((await report(b.client, id, { itemType: 'message' })).statusCode).toBe(201);
      expect((await admin.post(`/api/admin/moderation/message/${id}/remove`, { message: 'Scam.' })).statusCode).toBe(200);
    }
    type Inbox = { items: Array<{ other: { id: string }; lastMessage: { message: string } }> };
    const inbox = (await b.client.get('/api/messages/conversations')).json() as Inbox;
    expect(inbox.items.find((i) => i.other.id === a.user.id)?.lastMessage.message).toBe('Hello about the car');
    expect(inbox.items.some((i) => i.other.id === c.user.id)).toBe(false);
    const senders = (await a.client.get('/api/messages/conversations')).json() as Inbox;
    expect(senders.items.find((i) => i.other.id === b.user.id)?.lastMessage.message).toBe('Send me a deposit first');
  });

  it("a removed message leaves its recipient's unread count, told live on their stream; Restore brings it back; the sender's stream hears nothing", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const id = (await a.client.post('/api/messages', { recipientId: b.user.id, message: 'Pay the fee first' })).json().id as string;
    const unread = async () => ((await b.client.get('/api/messages/unread-count')).json() as { count: number }).count;
    expect(await unread()).toBe(1);
    expect((await report(b.client, id, { itemType: 'message' })).statusCode).toBe(201);
    const base = await listen(t.app);
    const [recipient, sender] = await Promise.all([SseClient.open(base, b.client.cookie), SseClient.open(base, a.client.cookie)]);
    try {
      await Promise.all([recipient.waitFor('ready'), sender.waitFor('ready')]);
      expect((await admin.post(`/api/admin/moderation/message/${id}/remove`, { message: 'Scam.' })).statusCode).toBe(200);
      const [held] = await recipient.waitFor('message-moderated');
      expect(held!.data).toEqual({ otherId: a.user.id });
      expect(await unread()).toBe(0);
      // Warn changes no hold: nothing is told. Events arrive in order, so one sent after it shows none came.
      expect((await admin.post(`/api/admin/moderation/message/${id}/warn`, { message: 'No fees.' })).statusCode).toBe(200);
      expect((await a.client.post('/api/messages', { recipientId: b.user.id, message: 'Sorry' })).statusCode).toBe(201);
      await recipient.waitFor('message');
      expect(recipient.events.filter((e) => e.event === 'message-moderated')).toHaveLength(1);
      expect(await unread()).toBe(1);
      expect((await admin.post(`/api/admin/moderation/message/${id}/restore`, {})).statusCode).toBe(200);
      const events = await recipient.waitFor('message-moderated', 2);
      expect(events[1]!.data).toEqual({ otherId: a.user.id });
      expect(await unread()).toBe(2);
      expect(sender.events.filter((e) => e.event === 'message-moderated')).toEqual([]);
    } finally {
      recipient.close();
      sender.close();
    }
  });

  it('the third distinct report hides the item from everyone but its owner and admins', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, JOB);
    const reporters = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    await report(reporters[0]!.client, job.id);
    await report(reporters[1]!.client, job.id, { reason: 'fake' });
    expect(await listedIds()).toContain(job.id);
    await report(reporters[2]!.client, job.id, { reason: 'other', note: 'Wants money' });
    const anonymous = new Client(t.app);
    expect(await listedIds(anonymous)).not.toContain(job.id);
    expect((await anonymous.get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await reporters[0]!.client.get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await employer.client.get(`/api/jobs/${job.id}`)).statusCode).toBe(200);
    expect((await employer.client.get('/api/jobs/mine')).json().items.map((j: { id: string }) => j.id)).toContain(job.id);
    expect((await admin.get(`/api/jobs/${job.id}`)).statusCode).toBe(200);
    // The sitemap leaves it out too.
    const sitemap = await anonymous.get('/sitemaps/jobs-1.xml');
    if (sitemap.statusCode === 200) expect(sitemap.body).not.toContain(job.id);
    // The reporter learns nothing of the others' reports.
    const queue = await reporters[0]!.client.get('/api/admin/moderation');
    expect(queue.statusCode).toBe(403);
  });

  it('an ad, a consultant card and a profile are hidden the same way', async () => {
    const owner = await signUp(t.app, 'jobseeker', { fullName: 'Deposit Taker' });
    const profile = owner.user.id;
    for (let i = 0; i < 3; i++)
      expect((await (await signUp(t.app)).client.post('/api/reports', { itemType: 'profile', itemId: profile, reason: 'fake' })).statusCode).toBe(201);
    expect((await new Client(t.app).get(`/api/profiles/${profile}`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/profiles/${profile}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/profiles/${profile}`)).statusCode).toBe(200);

    const seller = await signUp(t.app);
    const ad = await seller.client.request({
      method: 'POST',
      url: '/api/ads',
      ...multipart([
        { name: 'title', data: 'Car for sale' },
        { name: 'description', data: 'Deposit first' },
        { name: 'categoryId', data: await adCategory() },
        { name: 'country', data: 'Jamaica' },
      ]),
    });
    expect(ad.statusCode).toBe(201);
    const adId = ad.json().id as string;
    for (let i = 0; i < 3; i++) await (await signUp(t.app)).client.post('/api/reports', { itemType: 'ad', itemId: adId, reason: 'scam' });
    expect((await new Client(t.app).get(`/api/ads/${adId}`)).statusCode).toBe(404);
    expect(((await new Client(t.app).get('/api/ads?limit=50')).json().items as Array<{ id: string }>).map((a) => a.id)).not.toContain(adId);
    expect((await seller.client.get(`/api/ads/${adId}`)).statusCode).toBe(200);
  });
});

describe('moderation queue', () => {
  it('is admin-only: anonymous 401, others 403, forged role in the body changes nothing', async () => {
    const { job } = await hiddenJob();
    const seeker = await signUp(t.app);
    const employer = await signUp(t.app, 'employer');
    const muted = await signUp(t.app);
    await setRole(t.database, muted.user.id, 'muted');
    for (const url of ['/api/admin/moderation', '/api/admin/moderation/count']) {
      expect((await new Client(t.app).get(url)).statusCode).toBe(401);
      for (const c of [seeker, employer, muted]) expect((await c.client.get(url)).statusCode).toBe(403);
    }
    for (const action of ['dismiss', 'remove', 'restore', 'warn', 'suspend']) {
      const url = `/api/admin/moderation/job/${job.id}/${action}`;
      expect((await new Client(t.app).post(url, {})).statusCode).toBe(401);
      expect((await seeker.client.post(url, { role: 'admin' })).statusCode).toBe(403);
    }
    expect(
      (await seeker.client.request({ method: 'PUT', url: `/api/admin/employers/${employer.user.id}/verified`, payload: { verified: true } })).statusCode,
    ).toBe(403);
    expect(await listedIds()).not.toContain(job.id);
    expect((await audit('listing_removed', job.id)).length).toBe(0);
  });

  it('lists open reports grouped by item, newest first, with owner, reasons and notes; counts them', async () => {
    const { job, employer } = await hiddenJob();
    const count = (await admin.get('/api/admin/moderation/count')).json().count as number;
    expect(count).toBeGreaterThan(0);
    const res = await admin.get('/api/admin/moderation?limit=50');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ itemId: string; ownerEmail: string; label: string; hold: string; reports: unknown[]; latestAt: string }>;
    expect(items[0]!.itemId).toBe(job.id);
    expect(items[0]).toMatchObject({ itemType: 'job', label: JOB.title, ownerEmail: employer.email, ownerName: 'Quick Cash', hold: 'hidden' });
    expect(items[0]!.reports).toHaveLength(3);
    const sorted = [...items].sort((a, b) => b.latestAt.localeCompare(a.latestAt));
    expect(items.map((i) => i.itemId)).toEqual(sorted.map((i) => i.itemId));
    const page1 = await admin.get('/api/admin/moderation?limit=1');
    const next = await admin.get(`/api/admin/moderation?limit=1&cursor=${page1.json().nextCursor}`);
    expect(next.json().items[0].itemId).not.toBe(job.id);
    expect((await admin.get('/api/admin/moderation?cursor=bogus')).statusCode).toBe(400);
  });

  it('Remove: hidden from everyone but owner and admins, audited, owner emailed why; stays removed after the owner edits; Restore brings it back', async () => {
    const { job, employer } = await hiddenJob();
    const res = await admin.post(`/api/admin/moderation/job/${job.id}/remove`, { message: 'Asks applicants for a processing fee.' });
    expect(res.statusCode).toBe(200);
    expect(await audit('listing_removed', job.id)).toHaveLength(1);
    const mails = await mailTo(employer.email);
    expect(mails.at(-1)!.subject).toBe('Your job listing was removed from CaribConnect');
    expect(mails.at(-1)!.text).toContain('Asks applicants for a processing fee.');
    // The bell says so too, with the reason, and adds no second email.
    const bell = (await employer.client.get('/api/notifications')).json().items;
    expect(bell[0]).toMatchObject({ kind: 'listing_removed', data: { listing: 'job', id: job.id, reason: 'Asks applicants for a processing fee.' } });
    expect(mails.filter((m) => m.subject.includes('was removed'))).toHaveLength(1);
    const open = (await admin.get('/api/admin/moderation?limit=50')).json().items.map((i: { itemId: string }) => i.itemId);
    expect(open).not.toContain(job.id);
    const removed = (await admin.get('/api/admin/moderation?status=removed&limit=50')).json().items.map((i: { itemId: string }) => i.itemId);
    expect(removed).toContain(job.id);
    // Not deleted, and an edit does not bring it back.
    const edit = await employer.client.patch(`/api/jobs/${job.id}`, { title: 'Data entry (no fee)' });
    expect(edit.statusCode).toBe(200);
    expect(await listedIds()).not.toContain(job.id);
    expect((await new Client(t.app).get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await employer.client.get(`/api/jobs/${job.id}`)).statusCode).toBe(200);
    // Restore.
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/restore`, {})).statusCode).toBe(200);
    expect(await audit('listing_restored', job.id)).toHaveLength(1);
    expect((await mailTo(employer.email)).at(-1)!.subject).toBe('Your job listing is back on CaribConnect');
    expect(await listedIds()).toContain(job.id);
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/restore`, {})).json().code).toBe('NOT_REMOVED');
  });

  it('Dismiss lists the item again, audited, owner told it is visible again', async () => {
    const { job, employer } = await hiddenJob();
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/dismiss`, {})).statusCode).toBe(200);
    expect(await audit('report_dismissed', job.id)).toHaveLength(1);
    expect((await mailTo(employer.email)).at(-1)!.subject).toBe('Your job listing is visible again');
    expect(await listedIds()).toContain(job.id);
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/dismiss`, {})).json().code).toBe('NO_OPEN_REPORTS');
  });

  it('Warn emails the owner, audited; Suspend suspends the owner (sessions end), audited and emailed', async () => {
    const { job, employer } = await hiddenJob();
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/warn`, { message: 'No fees.' })).statusCode).toBe(200);
    expect(await audit('owner_warned', job.id)).toHaveLength(1);
    expect((await mailTo(employer.email)).at(-1)!.subject).toBe('A warning from CaribConnect moderators');
    // A new report reopens it; Suspend.
    await report((await signUp(t.app)).client, job.id);
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/suspend`, { message: 'Repeated scams.' })).statusCode).toBe(200);
    expect(await audit('owner_suspended', job.id)).toHaveLength(1);
    expect((await mailTo(employer.email)).at(-1)!.subject).toBe('Your CaribConnect account is suspended');
    const [row] = await rowsOf<{ role: string; previousRole: string }>(
      t.database.db.execute(sql`select role, previous_role as "previousRole" from profiles where id = ${employer.user.id}`),
    );
    expect(row).toEqual({ role: 'suspended', previousRole: 'employer' });
    expect((await employer.client.get('/api/me')).json().user).toBeNull();
  });

  it('an unreported item is a 404, and an admin cannot be suspended from the queue', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, JOB);
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/remove`, {})).json().code).toBe('MODERATION_ITEM_NOT_FOUND');
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/explode`, {})).statusCode).toBe(400);
    const other = await signUp(t.app);
    await setRole(t.database, other.user.id, 'admin');
    await report((await signUp(t.app)).client, other.user.id, { itemType: 'profile' });
    expect((await admin.post(`/api/admin/moderation/profile/${other.user.id}/suspend`, {})).json().code).toBe('ADMIN_PROTECTED');
  });
});

describe('verified employers', () => {
  it('an admin marks an employer verified (audited): badge on their jobs, and the verified-only filter', async () => {
    const verified = await signUp(t.app, 'employer');
    const plain = await signUp(t.app, 'employer');
    const good = await postJob(verified.client, { ...JOB, title: 'Verified cook' });
    const other = await postJob(plain.client, { ...JOB, title: 'Plain cook' });
    const put = (userId: string, v: boolean) => admin.request({ method: 'PUT', url: `/api/admin/employers/${userId}/verified`, payload: { verified: v } });
    expect((await put(verified.user.id, true)).json()).toEqual({ userId: verified.user.id, verified: true });
    expect(await audit('employer_verified', verified.user.id)).toHaveLength(1);
    const seeker = await signUp(t.app);
    expect((await put(seeker.user.id, true)).json().code).toBe('NOT_AN_EMPLOYER');
    expect((await put('nobody', true)).statusCode).toBe(404);

    expect((await new Client(t.app).get(`/api/jobs/${good.id}`)).json().verifiedEmployer).toBe(true);
    expect((await new Client(t.app).get(`/api/jobs/${other.id}`)).json().verifiedEmployer).toBe(false);
    const all = (await new Client(t.app).get('/api/jobs?limit=50')).json().items as Array<{ id: string; verifiedEmployer: boolean }>;
    expect(all.find((j) => j.id === good.id)?.verifiedEmployer).toBe(true);
    const only = (await new Client(t.app).get('/api/jobs?limit=50&verified=1')).json().items.map((j: { id: string }) => j.id);
    expect(only).toContain(good.id);
    expect(only).not.toContain(other.id);
    expect((await new Client(t.app).get('/api/jobs?verified=yes')).statusCode).toBe(400);
    expect((await put(verified.user.id, false)).json().verified).toBe(false);
    expect((await new Client(t.app).get(`/api/jobs/${good.id}`)).json().verifiedEmployer).toBe(false);
  });
});

describe('reports on a company (issue 44)', () => {
  const companyOf = async (userId: string) =>
    (
      await rowsOf<{ id: string; slug: string }>(
        t.database.db.execute(sql`select c.id, c.slug from company_members m join companies c on c.id = m.company_id where m.user_id = ${userId}`),
      )
    )[0]!;
  const reportCompany = (client: Client, id: string, over: Record<string, unknown> = {}) => report(client, id, { itemType: 'company', ...over });
  const queue = async () => (await admin.get('/api/admin/moderation?limit=50')).json().items as Array<Record<string, unknown>>;

  it('a signed-in person reports a company once; it reaches the queue with its name, slug and owner; script stays text', async () => {
    const owner = await signUp(t.app, 'employer', { fullName: 'Shady Owner' });
    const company = await companyOf(owner.user.id);
    const seeker = await signUp(t.app);
    const note = '<script>alert(1)</script> asks for a fee';
    const first = await reportCompany(seeker.client, company.id, { note });
    expect([first.statusCode, first.json()]).toEqual([201, { received: true }]);
    const again = await reportCompany(seeker.client, company.id, { reason: 'spam' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_REPORTED']);
    const item = (await queue()).find((i) => i.itemType === 'company' && i.itemId === company.id);
    expect(item).toMatchObject({ label: 'Shady Owner Company', slug: company.slug, ownerId: owner.user.id, ownerEmail: owner.email, hold: null });
    expect((item!.reports as Array<{ note: string }>)[0]!.note).toBe(note);
    const [stored] = await rowsOf<{ note: string }>(t.database.db.execute(sql`select note from reports where item_id = ${company.id}`));
    expect(stored!.note).toBe(note);
  });

  it('refuses anonymous, unknown, suspended and the company’s own members (any role); the reports limit applies', async () => {
    const owner = await signUp(t.app, 'employer');
    const company = await companyOf(owner.user.id);
    expect((await reportCompany(new Client(t.app), company.id)).statusCode).toBe(401);
    const seeker = await signUp(t.app);
    expect((await reportCompany(seeker.client, '00000000-0000-4000-8000-000000000000')).json().code).toBe('REPORT_ITEM_NOT_FOUND');
    expect((await reportCompany(seeker.client, company.slug)).statusCode).toBe(404);
    // Every member is refused: the owner, and a viewer moved into the company.
    const own = await reportCompany(owner.client, company.id);
    expect([own.statusCode, own.json().code]).toEqual([400, 'REPORT_OWN_ITEM']);
    const viewer = await signUp(t.app, 'employer');
    await t.database.db.execute(sql`update company_members set company_id = ${company.id}, role = 'viewer' where user_id = ${viewer.user.id}`);
    expect((await reportCompany(viewer.client, company.id)).json().code).toBe('REPORT_OWN_ITEM');
    // A suspended company's page is gone: nothing to report.
    await t.database.db.execute(sql`update companies set suspended_at = now() where id = ${company.id}`);
    expect((await reportCompany(seeker.client, company.id)).json().code).toBe('REPORT_ITEM_NOT_FOUND');
    await t.database.db.execute(sql`update companies set suspended_at = null where id = ${company.id}`);
    expect(await reportCount(company.id)).toBe(0);
    // The same 30-an-hour limit as every other report.
    await t.database.db.execute(sql`update rate_limits set hits = 30, reset_at = now() + interval '1 hour' where key = ${`reports:${seeker.user.id}`}`);
    const limited = await reportCompany(seeker.client, company.id);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'REPORTS_RATE_LIMITED']);
    expect(await reportCount(company.id)).toBe(0);
  });

  it('three reports do not hide a company by themselves; Dismiss closes them, audited', async () => {
    const owner = await signUp(t.app, 'employer');
    const company = await companyOf(owner.user.id);
    for (let i = 0; i < 3; i++) expect((await reportCompany((await signUp(t.app)).client, company.id)).statusCode).toBe(201);
    expect((await new Client(t.app).get(`/api/companies/${company.slug}`)).statusCode).toBe(200);
    expect((await queue()).find((i) => i.itemId === company.id)?.hold).toBeNull();
    expect((await admin.post(`/api/admin/moderation/company/${company.id}/remove`, { message: 'x' })).json().code).toBe('COMPANY_NOT_REMOVABLE');
    expect((await admin.post(`/api/admin/moderation/company/${company.id}/dismiss`, {})).statusCode).toBe(200);
    expect(await audit('report_dismissed', company.id)).toHaveLength(1);
    expect((await queue()).find((i) => i.itemId === company.id)).toBeUndefined();
  });

  it('Suspend suspends the company (page, card and jobs hidden), not its owner’s account; audited and emailed; only admins', async () => {
    const owner = await signUp(t.app, 'employer', { fullName: 'Fake Resorts' });
    const company = await companyOf(owner.user.id);
    const job = await postJob(owner.client, JOB);
    await reportCompany((await signUp(t.app)).client, company.id, { reason: 'fake' });
    const seeker = await signUp(t.app);
    expect((await seeker.client.post(`/api/admin/moderation/company/${company.id}/suspend`, {})).statusCode).toBe(403);
    expect((await admin.post(`/api/admin/moderation/company/${company.id}/suspend`, { message: 'Not a real resort.' })).statusCode).toBe(200);
    expect(await audit('company_suspended', company.id)).toHaveLength(1);
    const mail = (await mailTo(owner.email)).at(-1)!;
    expect(mail.subject).toBe('Your company is suspended on CaribConnect');
    expect(mail.text).toContain('"Fake Resorts Company"');
    expect(mail.text).toContain('Not a real resort.');
    expect((await new Client(t.app).get(`/api/companies/${company.slug}`)).statusCode).toBe(404);
    expect(await listedIds()).not.toContain(job.id);
    const [row] = await rowsOf<{ role: string }>(t.database.db.execute(sql`select role from profiles where id = ${owner.user.id}`));
    expect(row!.role).toBe('employer');
    expect((await owner.client.get('/api/me')).json().user.id).toBe(owner.user.id);
    // Closed as actioned: nothing left in the queue, and a suspended company cannot be reported again.
    expect((await queue()).find((i) => i.itemId === company.id)).toBeUndefined();
    expect((await reportCompany(seeker.client, company.id)).json().code).toBe('REPORT_ITEM_NOT_FOUND');
  });
});
