import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { ads } from '../../db/schema';
import { PROBE_ROWS } from './list-query';
import { categoryId, setRole } from './test-helpers';

let t: TestApp;
let userId: string;
let vehicles: string;
let property: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUp(t.app)).user.id;
  vehicles = await categoryId(t, 'vehicles');
  property = await categoryId(t, 'property-rentals');
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  // Straight into the table: the list rules, not the upload path, are under test here.
  const rows = [
    { title: 'Honda Fit for sale', description: 'Clean, Port of Spain', categoryId: vehicles },
    { title: 'Two-bedroom apartment', description: 'Near the BEACH in Negril, 100% furnished', categoryId: property },
    { title: 'Beach house rental', description: 'Weekly rates', categoryId: property },
    { title: 'Nissan Note', description: 'Automatic, AC', categoryId: vehicles },
    { title: 'Uncategorised thing', description: 'Odds and ends', categoryId: null },
  ];
  await t.database.db.insert(ads).values(rows.map((r, i) => ({ ...r, userId, createdAt: new Date(base + i * 60_000) })));
});
afterAll(() => t.close());

/** Tests that write 2,000+ ads through the trigram index: PGlite on a busy machine needs longer than the default. */
const SLOW = 120_000;

const list = async (query = '') => {
  const res = await new Client(t.app).get(`/api/ads${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<{ title: string; categoryName: string | null; description: string }>; nextCursor: string | null };
};
const titles = async (query = '') => (await list(query)).items.map((a) => a.title);

describe('browse ads', () => {
  it('lists newest first, with the category name or null (Uncategorized)', async () => {
    const page = await list();
    expect(page.items.map((a) => a.title)).toEqual(['Uncategorised thing', 'Nissan Note', 'Beach house rental', 'Two-bedroom apartment', 'Honda Fit for sale']);
    expect(page.items[0]!.categoryName).toBeNull();
    expect(page.items[1]!.categoryName).toBe('Vehicles');
  });

  it('pages with a cursor, never repeating or skipping', async () => {
    const first = await list('?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    const third = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect([...first.items, ...second.items, ...third.items].map((a) => a.title)).toEqual(await titles());
    expect(third.nextCursor).toBeNull();
    expect((await new Client(t.app).get('/api/ads?cursor=garbage!')).json().code).toBe('INVALID_CURSOR');
  });

  it('searches title and description, case-insensitive substring', async () => {
    expect(await titles('?q=beach')).toEqual(['Beach house rental', 'Two-bedroom apartment']);
    expect(await titles('?q=NISSAN')).toEqual(['Nissan Note']);
    expect(await titles('?q=ort of sp')).toEqual(['Honda Fit for sale']);
    expect(await titles('?q=zzzz')).toEqual([]);
  });

  it('matches terms of 1-2 characters in titles only (no index finds them in descriptions)', async () => {
    expect(await titles('?q=AC')).toEqual(['Beach house rental']);
    expect(await titles('?q=fi')).toEqual(['Honda Fit for sale']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await titles('?q=100%25')).toEqual(['Two-bedroom apartment']);
    // One character: titles only, and no title has a %.
    expect(await titles('?q=%25')).toEqual([]);
    expect(await titles('?q=_')).toEqual([]);
  });

  it('filters by category, with search, and an unknown category matches nothing', async () => {
    expect(await titles(`?category=${property}`)).toEqual(['Beach house rental', 'Two-bedroom apartment']);
    expect(await titles(`?category=${property}&q=rental`)).toEqual(['Beach house rental']);
    expect(await titles('?category=nope')).toEqual([]);
  });

  it(
    'finds a rare term past the probe window through the index, in order',
    async () => {
      // One statement (a 2,050-row VALUES list is slow to bind on PGlite).
      await t.database.db.execute(sql`insert into ads (title, description, category_id, user_id, created_at)
      select 'Filler ' || i, 'Nothing to see', ${vehicles}::uuid, ${userId}, '2026-02-01T00:00:00.000Z'::timestamptz + i * interval '1 second'
      from generate_series(0, ${PROBE_ROWS + 49}) i`);
      expect(await titles('?q=honda')).toEqual(['Honda Fit for sale']);
      expect(await titles('?q=ac')).toEqual(['Beach house rental']);
      expect(await titles('?q=nd')).toEqual(['Honda Fit for sale']);
      expect(await titles('?q=qz')).toEqual([]);
      const common = await list('?q=filler&limit=3');
      expect(common.items.map((a) => a.title)).toEqual([`Filler ${PROBE_ROWS + 49}`, `Filler ${PROBE_ROWS + 48}`, `Filler ${PROBE_ROWS + 47}`]);
      await t.database.db.execute(sql`delete from ads where title like 'Filler %'`);
    },
    SLOW,
  );

  it(
    'searches only what the viewer may see, in the probe and past it: not suspended owners, unpaid, held or blocked ads',
    async () => {
      const owner = await signUp(t.app);
      const suspended = await signUp(t.app);
      const viewer = await signUp(t.app);
      const at = (min: number) => new Date(Date.parse('2026-03-01T00:00:00.000Z') + min * 60_000);
      const rows = await t.database.db
        .insert(ads)
        .values([
          { title: 'Kayak shown', description: 'Visible', userId: owner.user.id, createdAt: at(1) },
          { title: 'Kayak of a suspended owner', description: 'Hidden', userId: suspended.user.id, createdAt: at(2) },
          { title: 'Kayak awaiting payment', description: 'Owner only', userId: owner.user.id, awaitingPayment: true, createdAt: at(3) },
          { title: 'Kayak held', description: 'Reported three times', userId: owner.user.id, createdAt: at(4) },
          { title: 'Kayak of a blocked person', description: 'Blocked by the viewer', userId: suspended.user.id, createdAt: at(5) },
        ])
        .returning({ id: ads.id, title: ads.title });
      const id = (title: string) => rows.find((r) => r.title === title)!.id;
      await setRole(t, suspended.user.id, 'suspended');
      await t.database.db.execute(
        sql`insert into moderation_holds (item_type, item_id, owner_id, state) values ('ad', ${id('Kayak held')}, ${owner.user.id}, 'hidden')`,
      );
      await t.database.db.execute(sql`insert into blocks (blocker_id, blocked_id) values (${viewer.user.id}, ${owner.user.id})`);
      const seen = async (client: Client, query: string) =>
        ((await client.get(`/api/ads${query}`)).json() as { items: Array<{ title: string }> }).items.map((a) => a.title);
      // Past the probe window too: enough newer ads that the matches are not among the newest PROBE_ROWS.
      for (const [label, filler] of [
        ['in the probe', 0],
        ['past the probe', PROBE_ROWS + 10],
      ] as const) {
        if (filler)
          await t.database.db.execute(sql`insert into ads (title, description, user_id, created_at)
          select 'Newer ' || i, 'Nothing', ${userId}, ${at(100).toISOString()}::timestamptz + i * interval '1 minute' from generate_series(1, ${filler}) i`);
        expect(await seen(new Client(t.app), '?q=kayak'), label).toEqual(['Kayak shown']);
        // The owner sees their unpaid and held ads; the suspended owner's stay out.
        expect(await seen(owner.client, '?q=kayak'), label).toEqual(['Kayak held', 'Kayak awaiting payment', 'Kayak shown']);
        // The viewer blocked the owner: none of theirs.
        expect(await seen(viewer.client, '?q=kayak'), label).toEqual([]);
      }
      await t.database.db.execute(sql`delete from ads where title like 'Newer %' or title like 'Kayak %'`);
    },
    SLOW,
  );

  it('leaves a suspended owner’s ads out of the list without a term and by price, and brings them back on reinstating', async () => {
    const owner = await signUp(t.app);
    await t.database.db.insert(ads).values([
      {
        title: 'Canoe of a soon suspended owner',
        description: 'x',
        userId: owner.user.id,
        country: 'Jamaica',
        price: '40',
        currency: 'JMD',
        priceKind: 'amount',
      },
      { title: 'Canoe of a member', description: 'x', userId, country: 'Jamaica', price: '50', currency: 'JMD', priceKind: 'amount' },
    ]);
    const canoes = async (query: string) => (await titles(query)).filter((title) => title.startsWith('Canoe'));
    await setRole(t, owner.user.id, 'suspended');
    for (const query of ['', '?country=Jamaica', '?country=Jamaica&sort=price', '?country=Jamaica&sort=price_desc']) {
      expect(await canoes(query), query).toEqual(['Canoe of a member']);
    }
    await setRole(t, owner.user.id, 'jobseeker');
    expect(await canoes('?country=Jamaica&sort=price')).toEqual(['Canoe of a soon suspended owner', 'Canoe of a member']);
    await t.database.db.execute(sql`delete from ads where title like 'Canoe %'`);
  });

  it('cuts long descriptions on cards', async () => {
    await t.database.db.insert(ads).values({ title: 'Long one', description: 'word '.repeat(200), categoryId: vehicles, userId });
    const card = (await list('?q=long one')).items[0]!;
    expect(card.description.length).toBeLessThan(240);
    expect(card.description.endsWith('…')).toBe(true);
  });
});
