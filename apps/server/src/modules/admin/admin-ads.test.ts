import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, multipart, signUp } from '../../../test/http';
import { phoneJpeg } from '../../lib/images/test-images';
import { rowsOf } from '../../lib/keyset';
import { signUpAs } from './test-helpers';

let t: TestApp;
let admin: Client;
let category: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signUpAs(t, 'admin')).client;
  [{ id: category }] = (await rowsOf<{ id: string }>(t.database.db.execute(sql`select id from ad_categories limit 1`))) as [{ id: string }];
});
afterAll(() => t.close());

async function postAd(client: Client, title: string) {
  const body = multipart([
    { name: 'title', data: title },
    { name: 'description', data: 'A good thing for sale.' },
    { name: 'categoryId', data: category },
    { name: 'country', data: 'Barbados' },
    { name: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await phoneJpeg() },
  ]);
  const res = await client.request({ method: 'POST', url: '/api/ads', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; paid: boolean; image: { card: string } | null };
}
const publicAds = async () => ((await new Client(t.app).get('/api/ads?limit=50')).json().items as Array<{ id: string }>).map((a) => a.id);

describe('ads and the admin', () => {
  it('ads are public at once while ads_free is true (the default)', async () => {
    const { client } = await signUp(t.app);
    const ad = await postAd(client, 'Free bike');
    expect(ad.paid).toBe(false); // spec: created with paid false; listed because ads are free
    expect(await publicAds()).toContain(ad.id);
  });

  it('with ads_free off an ad awaits payment: owner and admins only, until Mark paid', async () => {
    await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { adsFree: false, adPrice: '5' } });
    const owner = await signUp(t.app);
    const ad = await postAd(owner.client, 'Paid bike');
    await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { adsFree: true } });
    expect(await publicAds()).not.toContain(ad.id);
    expect((await new Client(t.app).get(`/api/ads/${ad.id}`)).statusCode).toBe(404);
    const own = await owner.client.get(`/api/ads/${ad.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().awaitingPayment).toBe(true);
    const ownCard = ((await owner.client.get('/api/ads?limit=50')).json().items as Array<{ id: string; awaitingPayment: boolean }>).find((a) => a.id === ad.id);
    expect(ownCard?.awaitingPayment).toBe(true);
    expect((await admin.get('/api/admin/ads')).json().items.find((a: { id: string }) => a.id === ad.id).paid).toBe(false);
    expect((await owner.client.post(`/api/admin/ads/${ad.id}/paid`, { method: 'cash' })).statusCode).toBe(403);
    expect((await admin.post(`/api/admin/ads/${ad.id}/paid`, { method: 'cash' })).statusCode).toBe(200);
    expect(await publicAds()).toContain(ad.id);
    expect((await new Client(t.app).get(`/api/ads/${ad.id}`)).json().awaitingPayment).toBe(false);
  });

  it('a suspended person’s ads are hidden until reinstated', async () => {
    const owner = await signUp(t.app);
    const ad = await postAd(owner.client, 'Hidden sofa');
    await admin.patch(`/api/admin/users/${owner.user.id}/role`, { role: 'suspended' });
    expect(await publicAds()).not.toContain(ad.id);
    expect((await new Client(t.app).get(`/api/ads/${ad.id}`)).statusCode).toBe(404);
    await admin.patch(`/api/admin/users/${owner.user.id}/role`, { role: 'jobseeker' });
    expect(await publicAds()).toContain(ad.id);
  });

  it('a muted person cannot post an ad', async () => {
    const owner = await signUpAs(t, 'muted');
    const res = await owner.client.request({ method: 'POST', url: '/api/ads', ...multipart([{ name: 'title', data: 'x' }]) });
    expect(res.statusCode).toBe(403);
  });

  it('an admin deletes any ad with its files (audited); deleting a user removes their ads’ files', async () => {
    const owner = await signUp(t.app);
    const ad = await postAd(owner.client, 'Old table');
    const [row] = await rowsOf<{ base: string }>(t.database.db.execute(sql`select image->>'base' as base from ads where id = ${ad.id}`));
    const key = `${row!.base}-card.webp`;
    expect(await t.app.storage.get(key)).toBeTruthy();
    expect((await owner.client.delete(`/api/admin/ads/${ad.id}`)).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/ads/${ad.id}`, payload: { reason: 'Sold elsewhere.' } })).statusCode).toBe(204);
    expect(await t.app.storage.get(key).catch(() => null)).toBeFalsy();
    expect((await admin.get(`/api/admin/audit?action=delete_ad&q=${ad.id}`)).json().items).toHaveLength(1);

    const second = await postAd(owner.client, 'Lamp');
    const [r2] = await rowsOf<{ base: string }>(t.database.db.execute(sql`select image->>'base' as base from ads where id = ${second.id}`));
    const key2 = `${r2!.base}-detail.webp`;
    expect(await t.app.storage.get(key2)).toBeTruthy();
    expect((await admin.delete(`/api/admin/users/${owner.user.id}`)).statusCode).toBe(204);
    expect(await t.app.storage.get(key2).catch(() => null)).toBeFalsy();
    expect((await admin.get('/api/admin/stats')).json().ads).toBeGreaterThan(0);
  });
});
