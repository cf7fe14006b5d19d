import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';
import { signUpAs } from './test-helpers';

// Issue 48, item 3 (decision 0069): an admin's removal of someone's job or ad gives a reason, tells
// the owner (bell, and email per their settings, in their language) and is audited with the reason,
// whichever route the admin used: /admin's Delete, or the listing's own DELETE.

let t: TestApp;
let admin: Client;
let category: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signUpAs(t, 'admin')).client;
  [{ id: category }] = (await rowsOf<{ id: string }>(t.database.db.execute(sql`select id from ad_categories limit 1`))) as [{ id: string }];
});
afterAll(() => t.close());

const JOB = { title: 'Deck Hand', company: 'Sea Co', country: 'Jamaica', category: 'Hospitality', description: 'Work on a boat.' };
async function postAd(client: Client, title: string) {
  const body = multipart([
    { name: 'title', data: title },
    { name: 'description', data: 'A good thing for sale.' },
    { name: 'categoryId', data: category },
    { name: 'country', data: 'Barbados' },
  ]);
  const res = await client.request({ method: 'POST', url: '/api/ads', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
const del = (client: Client, url: string, payload?: object) => client.request({ method: 'DELETE', url, ...(payload ? { payload } : {}) });
const auditOf = (targetId: string) =>
  rowsOf<{ action: string; after: { reason?: string } | null; actorEmail: string }>(
    t.database.db.execute(sql`select action, after, actor_email as "actorEmail" from admin_audit_log where target_id = ${targetId}`),
  );
const bellOf = (userId: string) =>
  rowsOf<{ kind: string; data: Record<string, string> }>(t.database.db.execute(sql`select kind, data from notifications where user_id = ${userId}`));
const mailsTo = async (to: string) => {
  await t.app.queue.drained();
  return t.app.mailer.outbox.filter((m) => m.to === to);
};
const exists = async (table: 'jobs' | 'ads', id: string) =>
  (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where id = ${id}`)))[0]!.n === 1;

describe('an admin removes a listing: reason, owner told, audited', () => {
  const routes = [
    { name: '/admin (DELETE /api/admin/jobs/{id})', kind: 'job' as const, url: (id: string) => `/api/admin/jobs/${id}` },
    { name: 'the job’s own DELETE /api/jobs/{id}', kind: 'job' as const, url: (id: string) => `/api/jobs/${id}` },
    { name: '/admin (DELETE /api/admin/ads/{id})', kind: 'ad' as const, url: (id: string) => `/api/admin/ads/${id}` },
    { name: 'the ad’s own DELETE /api/ads/{id}', kind: 'ad' as const, url: (id: string) => `/api/ads/${id}` },
  ];
  for (const route of routes)
    it(`through ${route.name}`, async () => {
      const owner = await signUp(t.app, 'employer', { fullName: 'Rosa Díaz', language: 'es' });
      const id = route.kind === 'job' ? (await postJob(owner.client, JOB)).id : (await postAd(owner.client, 'Old boat')).id;
      const table = route.kind === 'job' ? 'jobs' : 'ads';

      // No reason, or only spaces: refused, nothing removed, nobody told.
      for (const body of [undefined, {}, { reason: '   ' }]) {
        const refused = await del(admin, route.url(id), body);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(await exists(table, id)).toBe(true);
      }
      expect(await del(admin, route.url(id), { reason: 'x'.repeat(1001) }).then((r) => r.statusCode)).toBe(400);
      expect(await bellOf(owner.user.id)).toHaveLength(0);

      const reason = 'Asks applicants for a fee.';
      expect((await del(admin, route.url(id), { reason })).statusCode).toBe(204);
      expect(await exists(table, id)).toBe(false);
      const [entry, ...more] = await auditOf(id);
      expect(more).toHaveLength(0);
      expect(entry).toMatchObject({ action: route.kind === 'job' ? 'delete_job' : 'delete_ad', after: { reason } });
      expect(await bellOf(owner.user.id)).toEqual([
        expect.objectContaining({ kind: 'listing_removed', data: expect.objectContaining({ listing: route.kind, id, reason }) }),
      ]);
      // Emailed in the owner's language (Spanish), with the reason.
      const mails = await mailsTo(owner.email);
      const removed = mails.filter((m) => m.text.includes(reason));
      expect(removed).toHaveLength(1);
      expect(removed[0]!.text).toContain('Motivo');
    });

  it('the owner’s email follows their "listings" switch; the bell is always there', async () => {
    const owner = await signUp(t.app, 'employer');
    expect((await owner.client.request({ method: 'PATCH', url: '/api/notifications/settings', payload: { listings: false } })).statusCode).toBeLessThan(300);
    const job = await postJob(owner.client, JOB);
    expect((await del(admin, `/api/jobs/${job.id}`, { reason: 'Duplicate listing.' })).statusCode).toBe(204);
    expect(await bellOf(owner.user.id)).toHaveLength(1);
    expect((await mailsTo(owner.email)).filter((m) => m.text.includes('Duplicate listing.'))).toHaveLength(0);
  });

  it('an owner deletes their own listing without a reason, unaudited, untold; others still get 404 and a forged reason changes nothing', async () => {
    const owner = await signUp(t.app, 'employer');
    const job = await postJob(owner.client, JOB);
    const stranger = await signUp(t.app, 'employer');
    expect((await del(stranger.client, `/api/jobs/${job.id}`, { reason: 'I am an admin.' })).statusCode).toBe(404);
    expect((await del(new Client(t.app), `/api/jobs/${job.id}`, { reason: 'x' })).statusCode).toBe(401);
    const own = await del(owner.client, `/api/jobs/${job.id}`);
    expect(own.statusCode, own.body).toBe(204);
    expect(await auditOf(job.id)).toHaveLength(0);
    expect(await bellOf(owner.user.id)).toHaveLength(0);
    const ad = await postAd(owner.client, 'Chair');
    expect((await del(stranger.client, `/api/ads/${ad.id}`, { reason: 'x' })).statusCode).toBe(404);
    expect((await del(owner.client, `/api/ads/${ad.id}`)).statusCode).toBe(204);
  });

  it('the moderation queue’s Remove of a listing also needs the reason', async () => {
    const owner = await signUp(t.app, 'employer');
    const job = await postJob(owner.client, JOB);
    expect((await (await signUp(t.app)).client.post('/api/reports', { itemType: 'job', itemId: job.id, reason: 'scam' })).statusCode).toBe(201);
    const res = await admin.post(`/api/admin/moderation/job/${job.id}/remove`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REASON_REQUIRED');
    expect((await admin.post(`/api/admin/moderation/job/${job.id}/remove`, { message: 'A scam.' })).statusCode).toBe(200);
    expect(await bellOf(owner.user.id)).toEqual([expect.objectContaining({ kind: 'listing_removed', data: expect.objectContaining({ reason: 'A scam.' }) })]);
  });
});
