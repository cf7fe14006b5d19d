import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { setRole } from '../../../test/consultants';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';
import { adCategories } from '../../db/schema';

/**
 * Issue 47: a listing keeps the price it was posted at, and its owner (for a job, the company's team)
 * and admins read it on the job and ad answers ("Awaiting payment of $25" after the settings say $40);
 * nobody else gets the field.
 */
let t: TestApp;
let admin: Client;

const settings = (payload: Record<string, unknown>) => admin.request({ method: 'PUT', url: '/api/admin/settings', payload });

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t.app);
  await setRole(t.database, a.user.id, 'admin');
  admin = a.client;
  expect((await settings({ jobsFree: false, jobPrice: '25', adsFree: false, adPrice: '5' })).statusCode).toBe(200);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;

/** Into the company of `owner` as a recruiter, as an accepted invitation does. */
async function joinCompanyOf(owner: Person, person: Person) {
  await t.database.db.execute(
    sql`update company_members set company_id = (select company_id from company_members where user_id = ${owner.user.id}), role = 'recruiter' where user_id = ${person.user.id}`,
  );
}

const hasNoKeptPrice = (body: Record<string, unknown>) => {
  expect(body).not.toHaveProperty('listingPrice');
  expect(body).not.toHaveProperty('listingCurrency');
};

describe('a job keeps the price it was posted at', () => {
  it('its team and admins read it after the settings price changed; anonymous and other employers do not', async () => {
    const owner = await signUp(t.app, 'employer');
    const job = await postJob(owner, 'Kept Price Cook');
    expect(job).toMatchObject({ paid: false, listingPrice: '25.00', listingCurrency: 'USD' });
    expect((await settings({ jobPrice: '40' })).statusCode).toBe(200);
    try {
      // Posted after the change: the new price.
      const later = await postJob(owner, 'Kept Price Baker');
      expect(later.listingPrice).toBe('40.00');

      const mine = (await owner.client.get('/api/jobs/mine')).json() as { items: Array<Record<string, unknown>> };
      expect(mine.items.find((j) => j.id === job.id)).toMatchObject({ listingPrice: '25.00', listingCurrency: 'USD' });
      expect(mine.items.find((j) => j.id === later.id)).toMatchObject({ listingPrice: '40.00' });
      expect((await owner.client.get(`/api/jobs/${job.id}`)).json()).toMatchObject({ listingPrice: '25.00', listingCurrency: 'USD' });

      const teammate = await signUp(t.app, 'employer');
      await joinCompanyOf(owner, teammate);
      expect((await teammate.client.get(`/api/jobs/${job.id}`)).json()).toMatchObject({ listingPrice: '25.00' });
      const theirs = (await teammate.client.get('/api/jobs/mine')).json() as { items: Array<Record<string, unknown>> };
      expect(theirs.items.find((j) => j.id === job.id)).toMatchObject({ listingPrice: '25.00' });

      expect((await admin.get(`/api/jobs/${job.id}`)).json()).toMatchObject({ listingPrice: '25.00', listingCurrency: 'USD' });
      const all = (await admin.get('/api/admin/jobs?limit=50')).json() as { items: Array<Record<string, unknown>> };
      expect(all.items.find((j) => j.id === job.id)).toMatchObject({ paid: false, listingPrice: '25.00', listingCurrency: 'USD' });

      // Unpaid: hidden from everyone else, the price with it.
      const other = await signUp(t.app, 'employer');
      expect((await other.client.get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
      expect((await new Client(t.app).get(`/api/jobs/${job.id}`)).statusCode).toBe(404);

      // Paid and public: the job reads the same for everyone else, without what its team paid.
      const paid = await admin.post(`/api/admin/jobs/${job.id}/paid`, { method: 'bank_transfer' });
      expect(paid.statusCode, paid.body).toBe(200);
      const [payment] = await rowsOf<{ amount: string }>(t.database.db.execute(sql`select amount::text as amount from payments where listing_id = ${job.id}`));
      expect(payment?.amount).toBe('25.00');
      for (const reader of [new Client(t.app), other.client]) {
        const one = await reader.get(`/api/jobs/${job.id}`);
        expect(one.statusCode).toBe(200);
        hasNoKeptPrice(one.json());
        const list = (await reader.get(`/api/jobs?title=${encodeURIComponent('Kept Price Cook')}`)).json() as { items: Array<Record<string, unknown>> };
        const card = list.items.find((j) => j.id === job.id);
        expect(card).toBeDefined();
        hasNoKeptPrice(card!);
        const ranked = (await reader.get(`/api/jobs?title=${encodeURIComponent('Kept Price Cook')}&sort=relevance`)).json() as {
          items: Array<Record<string, unknown>>;
        };
        for (const item of ranked.items) hasNoKeptPrice(item);
      }
      // Another employer's own list never holds this job.
      const otherMine = (await other.client.get('/api/jobs/mine')).json() as { items: Array<{ id: string }> };
      expect(otherMine.items.map((j) => j.id)).not.toContain(job.id);
      // Not an admin's list for anyone else.
      expect((await other.client.get('/api/admin/jobs')).statusCode).toBe(403);
    } finally {
      await settings({ jobPrice: '25' });
    }
  });
});

describe('an ad keeps the price it was posted at', () => {
  it('its owner and admins read it after the settings price changed; anonymous and other people do not', async () => {
    const [vehicles] = await t.database.db.select({ id: adCategories.id }).from(adCategories).where(eq(adCategories.slug, 'vehicles'));
    const seller = await signUp(t.app);
    const fields = { title: 'Kept Price Bicycle', description: 'Blue, two wheels.', categoryId: vehicles!.id, country: 'Jamaica' };
    const posted = await seller.client.request({
      method: 'POST',
      url: '/api/ads',
      ...multipart(Object.entries(fields).map(([name, data]) => ({ name, data }))),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const ad = posted.json() as { id: string; awaitingPayment: boolean; listingPrice: string };
    expect(ad).toMatchObject({ awaitingPayment: true, listingPrice: '5.00', listingCurrency: 'USD' });
    expect((await settings({ adPrice: '9' })).statusCode).toBe(200);
    try {
      expect((await seller.client.get(`/api/ads/${ad.id}`)).json()).toMatchObject({ listingPrice: '5.00', listingCurrency: 'USD' });
      // The owner's own unpaid ad in Browse Ads carries it; nobody else's card does.
      const browse = (await seller.client.get('/api/ads?limit=50')).json() as { items: Array<Record<string, unknown>> };
      expect(browse.items.find((a) => a.id === ad.id)).toMatchObject({ awaitingPayment: true, listingPrice: '5.00' });
      for (const item of browse.items.filter((a) => a.userId !== seller.user.id)) hasNoKeptPrice(item);

      expect((await admin.get(`/api/ads/${ad.id}`)).json()).toMatchObject({ listingPrice: '5.00' });
      const all = (await admin.get('/api/admin/ads?limit=50')).json() as { items: Array<Record<string, unknown>> };
      expect(all.items.find((a) => a.id === ad.id)).toMatchObject({ paid: false, listingPrice: '5.00', listingCurrency: 'USD' });

      const other = await signUp(t.app);
      expect((await other.client.get(`/api/ads/${ad.id}`)).statusCode).toBe(404);
      expect((await new Client(t.app).get(`/api/ads/${ad.id}`)).statusCode).toBe(404);

      expect((await admin.post(`/api/admin/ads/${ad.id}/paid`, { method: 'cash' })).statusCode).toBe(200);
      for (const reader of [new Client(t.app), other.client]) {
        const one = await reader.get(`/api/ads/${ad.id}`);
        expect(one.statusCode).toBe(200);
        hasNoKeptPrice(one.json());
        const list = (await reader.get('/api/ads?limit=50')).json() as { items: Array<Record<string, unknown>> };
        const card = list.items.find((a) => a.id === ad.id);
        expect(card).toBeDefined();
        hasNoKeptPrice(card!);
      }
      // The owner still reads what they paid.
      expect((await seller.client.get(`/api/ads/${ad.id}`)).json()).toMatchObject({ listingPrice: '5.00' });
    } finally {
      await settings({ adPrice: '5' });
    }
  });
});
