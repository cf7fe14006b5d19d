import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client } from '../../../test/http';
import { rowsOf } from '../../lib/keyset';
import { hashPassword } from '../../lib/passwords';
import { diskStorage } from '../../lib/storage/disk';
import { AD_CATEGORIES } from '@caribconnect/shared';
import { AD_ITEMS } from './ad-data';
import { seedAds } from './ads';
import { seedUuid } from './ids';
import { withIndexesDeferred } from './bulk';
import { seedPeople } from './people';
import { DEMO_PASSWORD, seedDemo } from './seed';
import path from 'node:path';

let t: TestApp;
let userIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  userIds = (await seedDemo(t.database.db, { jobs: 0 })).users.map((u) => u.id);
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(t.database.db.execute(query)))[0]!.n;
const indexesOf = (table: string) =>
  rowsOf<{ name: string; definition: string }>(
    t.database.db.execute(sql`select indexname as name, indexdef as definition from pg_indexes where tablename = ${table} order by indexname`),
  );

describe('people seed', () => {
  it('adds accounts with profiles in the job seeker / employer / consultant mix, once', async () => {
    const hash = await hashPassword(DEMO_PASSWORD);
    await seedPeople(t.database.db, { people: 60, passwordHash: hash });
    const roles = await rowsOf<{ role: string; n: number }>(
      t.database.db.execute(sql`select role, count(*)::int as n from profiles where id like 'seed-person-%' group by role order by role`),
    );
    expect(roles).toEqual([
      { role: 'consultant', n: 3 },
      { role: 'employer', n: 12 },
      { role: 'jobseeker', n: 45 },
    ]);
    expect(await count(sql`select count(*)::int as n from consultants where user_id like 'seed-person-%'`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from accounts where user_id like 'seed-person-%' and password = ${hash}`)).toBe(60);
    // Again: nothing new.
    expect((await seedPeople(t.database.db, { people: 60, passwordHash: hash })).peopleInserted).toBe(0);
    expect(await count(sql`select count(*)::int as n from users where id like 'seed-person-%'`)).toBe(60);
  });

  it('gives every person the demo password (one hash, shared)', async () => {
    const client = new Client(t.app);
    const ok = await client.post('/api/auth/sign-in/email', { email: 'person7@people.caribconnect.example', password: DEMO_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/users?q=persaud')).statusCode).toBe(200);
    const wrong = await new Client(t.app).post('/api/auth/sign-in/email', { email: 'person8@people.caribconnect.example', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('ads seed', () => {
  it('inserts the ads in batches, draws pictures for the newest only, and adds nothing on a re-run', async () => {
    const storage = diskStorage(path.join(t.config.dataDir, 'uploads'));
    const first = await seedAds(t.database.db, storage, { ads: 40, pictures: 2, userIds });
    expect(first.adsInserted).toBe(40);
    expect(await count(sql`select count(*)::int as n from ads where image is not null`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from ads where search_lc like '%ref 1039%'`)).toBe(1);
    // The pictures are the newest ads' (the last ids), stored where the row says.
    const pictured = await rowsOf<{ id: string; image: { base: string } }>(t.database.db.execute(sql`select id, image from ads where image is not null`));
    expect(pictured.map((a) => a.id).sort()).toEqual([seedUuid('ad-38'), seedUuid('ad-39')].sort());
    expect(await storage.get(`${pictured[0]!.image.base}-card.webp`)).not.toBeNull();
    const stored = await rowsOf<{
      n: number;
      title: string;
      description: string;
      country: string;
      town: string;
      slug: string;
      price_kind: string;
      price: string | null;
      currency: string | null;
    }>(
      t.database.db.execute(sql`select (substring(a.description from 'Ref #([0-9]+)')::int - 1000) as n, a.title, a.description, a.country, a.town, c.slug,
        a.price_kind, a.price, a.currency from ads a join ad_categories c on c.id = a.category_id order by a.created_at`),
    );
    expect(stored.map((a) => a.n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    for (const ad of stored) {
      const spec = AD_ITEMS[ad.slug as keyof typeof AD_ITEMS];
      expect(ad.slug).toBe(AD_CATEGORIES[ad.n % AD_CATEGORIES.length]!.slug);
      expect(spec.items.some((item) => ad.title.startsWith(item) && ad.description.startsWith(`${item} in ${ad.town}, ${ad.country}.`))).toBe(true);
      expect(ad.title.endsWith(`(${ad.town})`)).toBe(true);
      if (ad.price_kind === 'amount') expect(ad.title).toContain(` – US$${Number(ad.price).toLocaleString('en-US')} (`);
      if (ad.price_kind === 'free') expect(spec.price[1]).toBe(0);
    }
    expect(new Set(stored.map((a) => a.price_kind))).toEqual(new Set(['amount', 'free', 'on_request']));
    expect((await seedAds(t.database.db, storage, { ads: 40, pictures: 2, userIds })).adsInserted).toBe(0);
  });

  it('builds the deferred indexes again exactly as the migrations made them, also after a failure', async () => {
    const before = await indexesOf('ads');
    expect(before.map((i) => i.name)).toContain('ads_country_currency_price_idx');
    let during: string[] = [];
    await withIndexesDeferred(t.database.db, 'ads', true, async () => {
      during = (await indexesOf('ads')).map((i) => i.name);
    });
    expect(during).toEqual(['ads_pkey']);
    expect(await indexesOf('ads')).toEqual(before);
    await expect(
      withIndexesDeferred(t.database.db, 'ads', true, async () => {
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect(await indexesOf('ads')).toEqual(before);
  });
});
