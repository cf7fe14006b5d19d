import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { setRole } from '../../../test/consultants';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';

/** /admin/payments' on-screen filters (issue 47): status and a range of days, answered by the server for the list and the CSV. */
let t: TestApp;
let admin: Client;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t.app);
  await setRole(t.database, a.user.id, 'admin');
  admin = a.client;
  await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { jobsFree: false, jobPrice: '25' } });
  const employer = await signUp(t.app, 'employer');
  // Two payments recorded by hand, on days of their own; one of them refunded.
  for (const [title, day] of [
    ['Filter January Cook', '2026-01-15T23:30:00Z'],
    ['Filter February Cook', '2026-02-01T00:30:00Z'],
  ] as const) {
    const job = await postJob(employer, title);
    expect((await admin.post(`/api/admin/jobs/${job.id}/paid`, { method: 'cash' })).statusCode).toBe(200);
    await t.database.db.execute(sql`update payments set created_at = ${day}::timestamptz where listing_id = ${job.id}`);
    const [row] = await rowsOf<{ id: string }>(t.database.db.execute(sql`select id from payments where listing_id = ${job.id}`));
    ids[title] = row!.id;
  }
  const refund = await admin.post(`/api/admin/payments/${ids['Filter February Cook']}/refund`, { amount: '25', reason: 'Posted twice', keepLive: true });
  expect(refund.statusCode, refund.body).toBe(200);
});
afterAll(() => t.close());

const titles = async (query: string) => {
  const res = await admin.get(`/api/admin/payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Array<{ listingTitle: string }> }).items.map((p) => p.listingTitle).filter((x) => x.startsWith('Filter '));
};

describe('the admin payments filters', () => {
  it('take whole UTC days, both ends included, and the status', async () => {
    expect(await titles('from=2026-01-15&to=2026-01-15')).toEqual(['Filter January Cook']);
    expect(await titles('from=2026-01-16&to=2026-01-31')).toEqual([]);
    expect(await titles('from=2026-01-01')).toEqual(['Filter February Cook', 'Filter January Cook']);
    expect(await titles('to=2026-01-31')).toEqual(['Filter January Cook']);
    expect(await titles('status=refunded')).toEqual(['Filter February Cook']);
    expect(await titles('status=paid&from=2026-02-01')).toEqual([]);
  });

  it('read the GET form’s empty fields as no filter', async () => {
    expect(await titles('status=&from=&to=')).toEqual(['Filter February Cook', 'Filter January Cook']);
  });

  it('filter the CSV the same way', async () => {
    const csv = (await admin.get('/api/admin/payments.csv?status=refunded&from=2026-01-01&to=2026-12-31')).body;
    expect(csv).toContain('Filter February Cook');
    expect(csv).not.toContain('Filter January Cook');
  });

  it('refuse a malformed day with 400, and anyone but an admin before looking at the query', async () => {
    for (const bad of ['from=2026-13-45', 'to=yesterday', 'from=2026-01-01T00:00', 'status=lost']) {
      const res = await admin.get(`/api/admin/payments?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await new Client(t.app).get('/api/admin/payments?from=nonsense')).statusCode).toBe(401);
    const employer = await signUp(t.app, 'employer');
    expect((await employer.client.get('/api/admin/payments?from=nonsense')).statusCode).toBe(403);
    expect((await employer.client.get('/api/admin/payments.csv?status=refunded')).statusCode).toBe(403);
  });
});
