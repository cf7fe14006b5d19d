import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { rowsOf } from '../../lib/keyset';
import { runAdExpiryReminders } from './reminders';
import { categoryId, patchAd, postAd, setRole } from './test-helpers';

let t: TestApp;
let vehicles: string;
let seller: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  vehicles = await categoryId(t);
  seller = await signUp(t.app);
});
afterAll(() => t.close());

interface Card {
  id: string;
  title: string;
  priceKind: string;
  price: number | null;
  currency: string | null;
  negotiable: boolean;
  country: string | null;
  town: string | null;
  expired: boolean;
}
const anon = () => new Client(t.app);
const count = async () => (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from ads`)))[0]!.n;
const car = (title: string, extra: Record<string, string>, country: string | null = 'Jamaica') =>
  postAd(seller.client, { title, description: 'Runs well.', categoryId: vehicles, country, extra });
async function post(title: string, extra: Record<string, string>, country?: string) {
  const res = await car(title, extra, country);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Card;
}
const list = async (query: string) => {
  const res = await anon().get(`/api/ads${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Card[]; nextCursor: string | null };
};
const titles = async (query: string) => (await list(query)).items.map((a) => a.title);
const expire = (id: string) => t.database.db.execute(sql`update ads set expires_at = now() - interval '1 minute' where id = ${id}`);

describe('price and place', () => {
  it('stores a price in the country’s currency unless one is chosen, Free as 0, and Price on request as nothing', async () => {
    const priced = await post('Price default currency', { priceKind: 'amount', price: '1200000', negotiable: 'true', town: 'Mandeville' });
    expect(priced).toMatchObject({
      priceKind: 'amount',
      price: 1_200_000,
      currency: 'JMD',
      negotiable: true,
      country: 'Jamaica',
      town: 'Mandeville',
      expired: false,
    });
    const usd = await post('Price in USD', { price: '45.50', currency: 'USD' }, 'Trinidad and Tobago');
    expect(usd).toMatchObject({ priceKind: 'amount', price: 45.5, currency: 'USD', country: 'Trinidad and Tobago', town: null });
    expect(await post('Free default', { priceKind: 'free' }, 'Martinique')).toMatchObject({ priceKind: 'free', price: 0, currency: 'EUR', negotiable: false });
    expect(await post('On request', {})).toMatchObject({ priceKind: 'on_request', price: null, currency: null });
  });

  it('refuses bad prices, currencies and countries with a 400, saving nothing (multipart form)', async () => {
    const before = await count();
    const cases: Array<[Record<string, string>, string | null, string]> = [
      [{ price: '-1' }, 'Jamaica', 'Enter a price of 0 or more, with at most 2 decimals.'],
      [{ price: '12.345' }, 'Jamaica', 'Enter a price of 0 or more, with at most 2 decimals.'],
      [{ price: 'abc' }, 'Jamaica', 'Enter a price of 0 or more, with at most 2 decimals.'],
      [{ price: '10', currency: 'XYZ' }, 'Jamaica', 'Choose a currency from the list.'],
      [{ price: '10', currency: 'XYZ' }, 'Jamaica', 'Choose a currency from the list.'],
      [{ priceKind: 'free', price: '10' }, 'Jamaica', 'A free ad has no price.'],
      [{ priceKind: 'on_request', price: '10' }, 'Jamaica', 'An ad with price on request has no price.'],
      [{ priceKind: 'amount' }, 'Jamaica', 'Enter a price, or choose Free or Price on request.'],
      [{ priceKind: 'cheap' }, 'Jamaica', 'Choose a price, Free or Price on request.'],
      [{}, 'France', 'Please choose a country.'],
      [{}, '<script>alert(1)</script>', 'Please choose a country.'],
      [{}, null, 'Please choose a country.'],
      [{ town: 'x'.repeat(101) }, 'Jamaica', 'Town must be at most 100 characters.'],
    ];
    for (const [extra, country, message] of cases) {
      const res = await car('Refused', extra, country);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await count()).toBe(before);
  });

  it('keeps a script typed in the town as text', async () => {
    const ad = await post('Script town', { town: '<img src=x onerror=alert(1)>' });
    expect(ad.town).toBe('<img src=x onerror=alert(1)>');
  });

  it('an old ad (no country) must be given one when edited; a refused edit changes nothing', async () => {
    const ad = await post('Old ad', { price: '500' });
    await t.database.db.execute(sql`update ads set country = null, price_kind = 'on_request', price = null, currency = null where id = ${ad.id}`);
    const old = (await anon().get(`/api/ads/${ad.id}`)).json() as Card;
    expect(old).toMatchObject({ priceKind: 'on_request', price: null, country: null });
    const refused = await patchAd(seller.client, ad.id, { title: 'Old ad edited', description: 'x', categoryId: vehicles, country: null });
    expect(refused.statusCode).toBe(400);
    const bad = await patchAd(seller.client, ad.id, { title: 'Old ad edited', description: 'x', categoryId: vehicles, extra: { price: '-1' } });
    expect(bad.statusCode).toBe(400);
    expect(((await anon().get(`/api/ads/${ad.id}`)).json() as Card).title).toBe('Old ad');
    const ok = await patchAd(seller.client, ad.id, {
      title: 'Old ad edited',
      description: 'x',
      categoryId: vehicles,
      country: 'Barbados',
      extra: { priceKind: 'free' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ country: 'Barbados', priceKind: 'free', price: 0, currency: 'BBD' });
  });
});

describe('filters and price sort', () => {
  let buyer: Client;
  beforeAll(async () => {
    buyer = anon();
    const other = await signUp(t.app);
    const add = (title: string, country: string, extra: Record<string, string>) =>
      postAd(other.client, { title: `Filter ${title}`, description: 'Sort me', categoryId: vehicles, country, extra });
    for (const [title, country, extra] of [
      ['a 300k', 'Bahamas', { price: '300000' }],
      ['b 50', 'Bahamas', { price: '50' }],
      ['c free', 'Bahamas', { priceKind: 'free' }],
      ['d 50 again', 'Bahamas', { price: '50' }],
      ['e usd 40', 'Bahamas', { price: '40', currency: 'USD' }],
      ['f on request', 'Bahamas', {}],
      ['g 1200', 'Bahamas', { price: '1200.99' }],
      ['h grenada 100', 'Grenada', { price: '100' }],
    ] as const) {
      expect((await add(title, country, extra)).statusCode).toBe(201);
    }
    void buyer;
  });

  it('filters by country, and a price range in the country’s currency only', async () => {
    expect((await titles('?country=Grenada&q=filter')).sort()).toEqual(['Filter h grenada 100']);
    expect((await titles('?country=Bahamas&q=filter&minPrice=40&maxPrice=2000')).sort()).toEqual(['Filter b 50', 'Filter d 50 again', 'Filter g 1200']);
    expect((await titles('?country=Bahamas&q=filter&maxPrice=0')).sort()).toEqual(['Filter c free']);
    expect((await titles('?country=Bahamas&q=filter&free=true')).sort()).toEqual(['Filter c free']);
    // A GET form sends empty fields: no bound, no filter.
    expect((await titles('?country=Bahamas&q=filter&minPrice=&maxPrice=&sort=')).length).toBe(7);
  });

  it('sorts by price both ways across keyset pages, ties by id, never repeating or skipping', async () => {
    const all = async (sort: string) => {
      const seen: Card[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?country=Bahamas&q=filter&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const up = await all('price');
    expect(up.map((a) => a.price)).toEqual([0, 50, 50, 1200.99, 300000]);
    const down = await all('price_desc');
    expect(down.map((a) => a.title)).toEqual([...up].reverse().map((a) => a.title));
  });

  it('refuses a price range or sort without a country, a bad range, and bad values', async () => {
    for (const query of ['?minPrice=10', '?sort=price']) expect((await anon().get(`/api/ads${query}`)).json().code).toBe('AD_PRICE_NEEDS_COUNTRY');
    expect((await anon().get('/api/ads?country=Bahamas&minPrice=10&maxPrice=5')).json().code).toBe('AD_PRICE_RANGE_INVALID');
    for (const query of ['?country=Bahamas&minPrice=-1', '?country=Narnia', '?sort=cheapest', '?country=Bahamas&minPrice=abc']) {
      const res = await anon().get(`/api/ads${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const newestCursor = (await list('?limit=1')).nextCursor!;
    expect((await anon().get(`/api/ads?country=Bahamas&sort=price&cursor=${newestCursor}`)).json().code).toBe('INVALID_CURSOR');
  });
});

describe('expiry and renew', () => {
  it('an expired ad leaves the list, search and sitemap; its page says it; only its owner renews it', async () => {
    const ad = await post('Expiring kayak', { price: '900' });
    await expire(ad.id);
    expect(await titles('?q=expiring kayak')).toEqual([]);
    // Not in the owner's own list either: it is under their expired ads.
    expect(((await seller.client.get('/api/ads?q=expiring kayak')).json() as { items: Card[] }).items).toEqual([]);
    expect((await anon().get('/sitemap.xml')).body).not.toContain(ad.id);
    const page = await anon().get(`/api/ads/${ad.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ expired: true });
    const mine = (await seller.client.get('/api/my-ads/expired')).json() as { items: Card[] };
    expect(mine.items.map((a) => a.id)).toContain(ad.id);
    expect((await anon().get('/api/my-ads/expired')).statusCode).toBe(401);

    const stranger = await signUp(t.app);
    expect(((await stranger.client.get('/api/my-ads/expired')).json() as { items: Card[] }).items).toEqual([]);
    expect((await stranger.client.post(`/api/ads/${ad.id}/renew`)).json().code).toBe('AD_NOT_FOUND_OR_DENIED');
    expect((await anon().post(`/api/ads/${ad.id}/renew`)).statusCode).toBe(401);
    const admin = await signUp(t.app);
    await setRole(t, admin.user.id, 'admin');
    expect((await admin.client.post(`/api/ads/${ad.id}/renew`)).statusCode).toBe(404);
    await setRole(t, seller.user.id, 'muted');
    expect((await seller.client.post(`/api/ads/${ad.id}/renew`)).statusCode).toBe(403);
    await setRole(t, seller.user.id, 'jobseeker');
    expect((await seller.client.post('/api/ads/not-a-uuid/renew')).statusCode).toBe(404);
    expect(((await anon().get(`/api/ads/${ad.id}`)).json() as Card).expired).toBe(true);

    const renewed = await seller.client.post(`/api/ads/${ad.id}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const expiresAt = Date.parse(renewed.json().expiresAt);
    expect(Math.abs(expiresAt - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    expect(await titles('?q=expiring kayak')).toEqual(['Expiring kayak']);
    expect((await anon().get('/sitemap.xml')).body).toContain(ad.id);
  });

  it('reminds the owner 7 days and 1 day before, each once, as email jobs', async () => {
    const ad = await post('Reminder boat', {});
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    // Nothing due yet for a fresh ad (30 days left).
    const fresh = await runAdExpiryReminders(t.app, now);
    await t.database.db.execute(sql`update ads set expires_at = ${at(6.5)}::timestamptz where id = ${ad.id}`);
    const first = await runAdExpiryReminders(t.app, now);
    expect(first - fresh).toBeGreaterThanOrEqual(1);
    expect(await runAdExpiryReminders(t.app, now)).toBe(0);
    await t.database.db.execute(sql`update ads set expires_at = ${at(0.5)}::timestamptz where id = ${ad.id}`);
    expect(await runAdExpiryReminders(t.app, now)).toBe(1);
    expect(await runAdExpiryReminders(t.app, now)).toBe(0);
    await t.app.queue.drained();
    const mails = t.app.mailer.outbox.filter((m) => m.subject.includes('Reminder boat'));
    expect(mails.map((m) => m.subject)).toEqual(['Your ad "Reminder boat" expires in 7 days', 'Your ad "Reminder boat" expires tomorrow']);
    expect(mails[0]!.to).toBe(seller.user.email);
    expect(mails[0]!.text).toContain(`/ads/${ad.id}`);
    // Renew starts the reminders over.
    expect((await seller.client.post(`/api/ads/${ad.id}/renew`)).statusCode).toBe(200);
    const [row] = await rowsOf<{ n: number }>(t.database.db.execute(sql`select reminders_sent as n from ads where id = ${ad.id}`));
    expect(row!.n).toBe(0);
  });

  it('the migration’s rule: ads of the last 30 days get 30 days from the migration, older ones created + 30 days', async () => {
    const file = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0015_ad_expiry_price_place.sql'), 'utf8');
    const update = file.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "ads"'))!;
    const recent = await post('Migrated recent', {});
    const old = await post('Migrated old', {});
    await t.database.db.execute(sql`update ads set created_at = now() - interval '10 days' where id = ${recent.id}`);
    await t.database.db.execute(sql`update ads set created_at = now() - interval '90 days' where id = ${old.id}`);
    await t.database.db.execute(sql.raw(update));
    const rows = await rowsOf<{ id: string; days: number; expired: boolean; sent: number }>(
      t.database.db.execute(
        sql`select id, round(extract(epoch from expires_at - created_at) / 86400)::int as days, expires_at <= now() as expired, reminders_sent as sent from ads where id in (${recent.id}, ${old.id})`,
      ),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(recent.id)).toMatchObject({ days: 40, expired: false, sent: 0 });
    expect(byId.get(old.id)).toMatchObject({ days: 30, expired: true, sent: 2 });
  });
});
