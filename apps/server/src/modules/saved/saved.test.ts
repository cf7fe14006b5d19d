import { setRole as setRoleOf } from '../../../test/consultants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { ads } from '../../db/schema';
import { rowsOf } from '../../lib/keyset';

const SALARIED = { salary: 'JMD 90,000 / month' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Through the shared helper: an admin made this way has two-factor set up, as /api/admin requires.
const setRole = (userId: string, role: string) => setRoleOf(t.database, userId, role);

async function insertAd(userId: string, title = 'Used bicycle', awaitingPayment = false) {
  const [row] = await t.database.db.insert(ads).values({ userId, title, description: 'Good condition.', awaitingPayment }).returning({ id: ads.id });
  return row!.id;
}

const savedRows = (userId: string) =>
  rowsOf<{ kind: string; item_id: string }>(t.database.db.execute(sql`select kind, item_id::text from saved_items where user_id = ${userId}`));

describe('saved jobs and ads', () => {
  it('saves, lists newest saved first, and unsaves; saving twice keeps one', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app);
    const first = await postJob(employer.client, { ...SALARIED, title: 'Chef' });
    const second = await postJob(employer.client, { ...SALARIED, title: 'Waiter' });
    const ad = await insertAd(employer.user.id);

    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/job/${first.id}` })).json()).toEqual({ saved: true });
    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/job/${second.id}` })).statusCode).toBe(200);
    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/ad/${ad}` })).statusCode).toBe(200);
    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/job/${first.id}` })).statusCode).toBe(200);

    const list = (await seeker.client.get('/api/saved?limit=2')).json();
    expect(list.items.map((i: { title: string }) => i.title)).toEqual(['Used bicycle', 'Waiter']);
    expect(list.items[1]).toMatchObject({ kind: 'job', id: second.id, detail: 'Sandals Negril, Jamaica', gone: null });
    const rest = (await seeker.client.get(`/api/saved?limit=2&cursor=${list.nextCursor}`)).json();
    expect(rest.items.map((i: { title: string }) => i.title)).toEqual(['Chef']);
    expect(rest.nextCursor).toBeNull();

    const ids = (await seeker.client.get(`/api/saved/ids?kind=job&ids=${first.id},${second.id},not-an-id`)).json();
    expect(ids.ids.sort()).toEqual([first.id, second.id].sort());

    expect((await seeker.client.delete(`/api/saved/job/${first.id}`)).json()).toEqual({ saved: false });
    expect((await seeker.client.delete(`/api/saved/job/${first.id}`)).statusCode).toBe(200);
    expect((await savedRows(seeker.user.id)).map((r) => r.item_id).sort()).toEqual([second.id, ad].sort());
  });

  it('shows a deleted job greyed with why, under the title it had, and an ad hidden while awaiting payment', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app);
    const job = await postJob(employer.client, { ...SALARIED, title: 'Lifeguard' });
    const ad = await insertAd(employer.user.id, 'Fridge');
    await seeker.client.request({ method: 'PUT', url: `/api/saved/job/${job.id}` });
    await seeker.client.request({ method: 'PUT', url: `/api/saved/ad/${ad}` });
    expect((await employer.client.delete(`/api/jobs/${job.id}`)).statusCode).toBeLessThan(300);
    await t.database.db.update(ads).set({ awaitingPayment: true }).where(eq(ads.id, ad));
    const items = (await seeker.client.get('/api/saved')).json().items;
    expect(items).toEqual([
      expect.objectContaining({ kind: 'ad', title: 'Fridge', gone: 'hidden' }),
      expect.objectContaining({ kind: 'job', title: 'Lifeguard', gone: 'deleted', detail: '' }),
    ]);
  });

  it("keeps each person's saved items their own", async () => {
    const employer = await signUp(t.app, 'employer');
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const job = await postJob(employer.client, SALARIED);
    await a.client.request({ method: 'PUT', url: `/api/saved/job/${job.id}` });
    expect((await b.client.get('/api/saved')).json().items).toEqual([]);
    expect((await b.client.get(`/api/saved/ids?kind=job&ids=${job.id}`)).json().ids).toEqual([]);
    // B removing "it" touches only B's list.
    await b.client.delete(`/api/saved/job/${job.id}`);
    expect(await savedRows(a.user.id)).toHaveLength(1);
  });

  it('refuses the anonymous, the suspended, unknown or hidden items and bad kinds, changing nothing', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app);
    const job = await postJob(employer.client, SALARIED);
    const anonymous = new Client(t.app);
    expect((await anonymous.request({ method: 'PUT', url: `/api/saved/job/${job.id}` })).statusCode).toBe(401);
    expect((await anonymous.get('/api/saved')).statusCode).toBe(401);
    const missing = await seeker.client.request({ method: 'PUT', url: '/api/saved/job/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('JOB_NOT_FOUND');
    expect((await seeker.client.request({ method: 'PUT', url: '/api/saved/job/<script>alert(1)</script>' })).statusCode).toBe(404);
    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/resume/${job.id}` })).statusCode).toBe(400);
    const hiddenAd = await insertAd(employer.user.id, 'Hidden', true);
    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/ad/${hiddenAd}` })).json().code).toBe('AD_NOT_FOUND');
    await setRole(seeker.user.id, 'suspended');
    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/job/${job.id}` })).statusCode).toBe(403);
    expect(await savedRows(seeker.user.id)).toEqual([]);
  });

  it('lets a muted person save (private bookkeeping, not posting)', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app);
    const job = await postJob(employer.client, SALARIED);
    await setRole(seeker.user.id, 'muted');
    expect((await seeker.client.request({ method: 'PUT', url: `/api/saved/job/${job.id}` })).statusCode).toBe(200);
  });

  it('carries a signed-out save through Log In: the form goes to Log In, the continue address saves once signed in', async () => {
    const employer = await signUp(t.app, 'employer');
    const job = await postJob(employer.client, SALARIED);
    const anonymous = new Client(t.app);
    const form = await anonymous.request({
      method: 'POST',
      url: `/saved/job/${job.id}?back=${encodeURIComponent(`/jobs/${job.id}`)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=save',
    });
    expect(form.statusCode).toBe(303);
    const login = new URL(form.headers.location as string, 'http://x');
    expect(login.pathname).toBe('/login');
    const returnTo = login.searchParams.get('returnTo')!;
    expect(returnTo).toBe(`/saved/job/${job.id}/continue?back=${encodeURIComponent(`/jobs/${job.id}`)}`);

    const seeker = await signUp(t.app);
    const back = await seeker.client.get(returnTo);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/jobs/${job.id}`);
    expect(await savedRows(seeker.user.id)).toEqual([{ kind: 'job', item_id: job.id }]);
    // Never off-site.
    const off = await seeker.client.get(`/saved/job/${job.id}/continue?back=${encodeURIComponent('//evil.example')}`);
    expect(off.headers.location).toBe(`/jobs/${job.id}`);
  });

  it('deleting an account deletes its saved items', async () => {
    const employer = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app);
    const job = await postJob(employer.client, SALARIED);
    await seeker.client.request({ method: 'PUT', url: `/api/saved/job/${job.id}` });
    const admin = await signUp(t.app);
    await setRole(admin.user.id, 'admin');
    expect((await admin.client.delete(`/api/admin/users/${seeker.user.id}`)).statusCode).toBeLessThan(300);
    expect(await savedRows(seeker.user.id)).toEqual([]);
  });
});
