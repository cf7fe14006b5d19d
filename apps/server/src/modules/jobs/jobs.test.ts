import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FALLBACK_JOB_CATEGORIES, JOBS_TOTAL_CAP, searchFold } from '@caribconnect/shared';
import { setRole as setRoleOf } from '../../../test/consultants';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { jobCategories, jobs } from '../../db/schema';
import { countriesMatching } from '../../lib/job-country-match';
import { PROBE_ROWS, WORD_LOOKUP_MAX, WORD_WINDOW } from '../../lib/job-list-query';
import { rowsOf } from '../../lib/keyset';
import { CappedTotals } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validJob = (over: Record<string, unknown> = {}) => ({
  title: 'Front Desk Agent',
  company: 'Sandals Negril',
  country: 'Jamaica',
  category: 'Hospitality',
  description: 'Welcome guests, handle check-in and check-out.',
  salary: 'JMD 90,000 / month',
  address: 'Norman Manley Blvd, Negril',
  ...over,
});

const jobRow = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
// An admin is enrolled in two-step sign-in, without which they hold no admin power (decision 0068).
const setRoleIn = (app: TestApp, userId: string, role: string) => setRoleOf(app.database, userId, role);
const setRole = (userId: string, role: string) => setRoleIn(t, userId, role);

describe('posting a job', () => {
  it('lets an employer post a job, which anyone can then read', async () => {
    const { client, user } = await signUp(t.app, 'employer');
    const created = await postJob(client, validJob());
    expect(created).toMatchObject({ ...validJob(), userId: user.id });
    expect(new Date((created as unknown as { createdAt: string }).createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const read = await new Client(t.app).get(`/api/jobs/${created.id}`);
    expect(read.statusCode).toBe(200);
    // The page adds what only a read knows: whether an admin verified the employer (moderation), and
    // the company the job belongs to (issue 44).
    // The price it was posted at is for its team and admins only (issue 47): none while jobs are free.
    const { listingPrice, listingCurrency, ...shown } = created;
    expect({ listingPrice, listingCurrency }).toEqual({ listingPrice: null, listingCurrency: null });
    expect(read.json()).toEqual({
      ...shown,
      verifiedEmployer: false,
      companySlug: expect.any(String),
      companyName: 'Test employer Company',
      companyLogoUrl: null,
    });
  });

  it('refuses a job seeker with a message the UI can show, and stores nothing', async () => {
    const { client } = await signUp(t.app, 'jobseeker');
    const before = await t.database.db.$count(jobs);
    const res = await client.post('/api/jobs', validJob());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only employer accounts can post jobs.');
    expect(await t.database.db.$count(jobs)).toBe(before);
  });

  it('refuses an anonymous caller with the spec’s message', async () => {
    const res = await new Client(t.app).post('/api/jobs', validJob());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in to post a job.');
  });

  it('refuses a muted employer, and a suspended one', async () => {
    const muted = await signUp(t.app, 'employer');
    await setRole(muted.user.id, 'muted');
    const res = await muted.client.post('/api/jobs', validJob());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/muted/);
    const suspended = await signUp(t.app, 'employer');
    await setRole(suspended.user.id, 'suspended');
    expect((await suspended.client.post('/api/jobs', validJob())).statusCode).toBe(403);
  });

  it('validates the form with readable messages', async () => {
    const { client } = await signUp(t.app, 'employer');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ description: '   ' }, 'Description is required.'],
      [{ title: '' }, 'Job title is required.'],
      [{ company: '' }, 'Company name is required.'],
      [{ country: 'Atlantis' }, 'Please select a country from the list.'],
      [{ category: '' }, 'Please select a category.'],
    ];
    for (const [over, message] of cases) {
      const res = await client.post('/api/jobs', validJob(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('stores text as written: a <script> in a description round-trips unchanged as inert JSON', async () => {
    const { client } = await signUp(t.app, 'employer');
    const description = `<script>alert("x")</script> & <b>bold</b> 'quotes' — Curaçao`;
    const created = await postJob(client, validJob({ title: '<img src=x onerror=alert(1)>', description }));
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, created.id));
    expect(row!.description).toBe(description);
    const read = await new Client(t.app).get(`/api/jobs/${created.id}`);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.json().description).toBe(description);
    expect(read.json().title).toBe('<img src=x onerror=alert(1)>');
    const list = await new Client(t.app).get('/api/jobs?title=onerror');
    expect(list.json().items[0].description).toBe(description);
  });
});

describe('reading a job', () => {
  it('answers 404 “Job not found.” for an unknown or malformed id', async () => {
    for (const id of ['4b7c0f7e-0b7e-4a4e-9a53-3d8f1c2b9a10', 'not-a-uuid', '1']) {
      const res = await new Client(t.app).get(`/api/jobs/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Job not found.');
    }
  });
});

describe('editing a job', () => {
  it('lets the owner change some fields and leaves the others as they were', async () => {
    const { client } = await signUp(t.app, 'employer');
    const created = await postJob(client, validJob());
    const res = await client.patch(`/api/jobs/${created.id}`, { title: 'Night Auditor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Night Auditor', salary: created.salary, address: created.address, description: validJob().description });
    const cleared = await client.patch(`/api/jobs/${created.id}`, { salary: '' });
    expect(cleared.json()).toMatchObject({ title: 'Night Auditor', salary: '', address: created.address });
  });

  it('refuses an empty category with the spec’s message', async () => {
    const { client } = await signUp(t.app, 'employer');
    const created = await postJob(client, validJob());
    const res = await client.patch(`/api/jobs/${created.id}`, { category: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a category.');
  });

  it('does not let another employer, a job seeker, an admin or an anonymous caller edit it', async () => {
    const { client } = await signUp(t.app, 'employer');
    const created = await postJob(client, validJob());
    const before = await jobRow(created.id);
    const other = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const admin = await signUp(t.app, 'employer');
    await setRole(admin.user.id, 'admin');
    const attempts: Array<[Client, number]> = [
      [other.client, 404],
      [seeker.client, 403],
      [admin.client, 403],
      [new Client(t.app), 401],
    ];
    for (const [c, status] of attempts) {
      const res = await c.patch(`/api/jobs/${created.id}`, { title: 'Hijacked', salary: '0' });
      expect(res.statusCode).toBe(status);
    }
    expect(await jobRow(created.id)).toEqual(before);
  });

  it('answers 404 for an unknown job', async () => {
    const { client } = await signUp(t.app, 'employer');
    const res = await client.patch('/api/jobs/4b7c0f7e-0b7e-4a4e-9a53-3d8f1c2b9a10', { title: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Job not found.');
  });
});

describe('deleting a job', () => {
  it('lets the owner delete it', async () => {
    const { client } = await signUp(t.app, 'employer');
    const created = await postJob(client, validJob());
    const res = await client.delete(`/api/jobs/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(await jobRow(created.id)).toBeUndefined();
    expect((await client.get(`/api/jobs/${created.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/jobs/${created.id}`)).statusCode).toBe(404);
  });

  it('does not let another employer, a job seeker or an anonymous caller delete it', async () => {
    const { client } = await signUp(t.app, 'employer');
    const created = await postJob(client, validJob());
    const other = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    expect((await other.client.delete(`/api/jobs/${created.id}`)).statusCode).toBe(404);
    expect((await seeker.client.delete(`/api/jobs/${created.id}`)).statusCode).toBe(404);
    expect((await new Client(t.app).delete(`/api/jobs/${created.id}`)).statusCode).toBe(401);
    expect(await jobRow(created.id)).toBeDefined();
  });

  it('lets an admin delete any job', async () => {
    const { client } = await signUp(t.app, 'employer');
    const created = await postJob(client, validJob());
    const admin = await signUp(t.app, 'employer');
    await setRole(admin.user.id, 'admin');
    expect((await admin.client.request({ method: 'DELETE', url: `/api/jobs/${created.id}`, payload: { reason: 'Duplicate.' } })).statusCode).toBe(204);
    expect(await jobRow(created.id)).toBeUndefined();
  });
});

describe('Your Job Listings', () => {
  it('lists only the caller’s own jobs, newest first, page by page', async () => {
    const { client } = await signUp(t.app, 'employer');
    const other = await signUp(t.app, 'employer');
    await postJob(other.client, validJob({ title: 'Not mine' }));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.unshift((await postJob(client, { title: `Mine ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await client.get(`/api/jobs/mine?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items.map((j: { id: string }) => j.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect((await new Client(t.app).get('/api/jobs/mine')).statusCode).toBe(401);
  });
});

describe('capped totals', () => {
  it('are trusted for a minute per set of filters, then counted again', () => {
    const totals = new CappedTotals(60_000);
    const now = Date.now();
    expect(totals.has({ title: 'driver' }, now)).toBe(false);
    totals.remember({ title: 'driver' }, now);
    expect(totals.has({ title: 'driver' }, now + 59_000)).toBe(true);
    expect(totals.has({ title: 'driver', country: 'Jamaica' }, now)).toBe(false);
    expect(totals.has({ title: 'driver' }, now + 61_000)).toBe(false);
  });
});

describe('the countries with jobs', () => {
  it('lists each country with a listed job once, and anyone may ask', async () => {
    const { client } = await signUp(t.app, 'employer');
    await postJob(client, validJob({ country: 'Dominica' }));
    await postJob(client, validJob({ country: 'Dominica' }));
    const res = await new Client(t.app).get('/api/jobs/countries');
    expect(res.statusCode).toBe(200);
    const names = res.json() as string[];
    expect(names).toContain('Dominica');
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('job categories', () => {
  it('falls back to the spec’s 10 when the table is empty, and lists the table otherwise', async () => {
    const fallback = await new Client(t.app).get('/api/job-categories');
    expect(fallback.statusCode).toBe(200);
    expect(
      fallback
        .json()
        .map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual([...FALLBACK_JOB_CATEGORIES].sort());
    await t.database.db.insert(jobCategories).values([{ name: 'Marine' }, { name: 'Agriculture' }]);
    const stored = await new Client(t.app).get('/api/job-categories');
    expect(stored.json().map((c: { name: string }) => c.name)).toEqual(['Agriculture', 'Marine']);
    await t.database.db.delete(jobCategories);
  });
});

describe('the jobs list', () => {
  // Its own database: the list is checked against every job in it.
  let l: TestApp;
  let ownerId: string;
  const now = Date.now();
  const HOUR = 3600_000;
  const DAY = 24 * HOUR;
  type Row = { id: string; title: string; category: string; country: string; createdAt: Date };
  let all: Row[];

  const TITLES = [
    'Cashier',
    'Senior Software Engineer',
    'Housekeeper',
    'Heavy Equipment Operator',
    'Registered Nurse',
    'Math Teacher',
    'Sales Associate',
    '100% Commission_Rep',
  ];
  const COUNTRIES = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Curaçao', 'Bahamas'];
  const CATEGORIES = ['Retail & Grocery', 'IT & Tech', 'Cleaning Services', 'Construction', 'Healthcare', 'Education', 'Sales', 'Sales'];
  const AGES = [2 * HOUR, 2 * DAY, 5 * DAY, 20 * DAY, 40 * DAY, 400 * DAY];

  beforeAll(async () => {
    l = await createTestApp();
    const employer = await signUp(l.app, 'employer');
    ownerId = employer.user.id;
    const values = [];
    for (let i = 0; i < 96; i++) {
      // Groups of three share a timestamp, so the id must break ties without skipping or repeating.
      const createdAt = new Date(now - AGES[i % AGES.length]! - Math.floor(i / 3) * 1000);
      values.push({
        userId: ownerId,
        title: `${TITLES[i % TITLES.length]} ${i}`,
        company: 'Test Co',
        country: COUNTRIES[i % COUNTRIES.length]!,
        category: CATEGORIES[i % TITLES.length]!,
        description: i === 0 ? 'x'.repeat(1000) : `Job number ${i}`,
        createdAt,
      });
    }
    await l.database.db.insert(jobs).values(values);
    all = (await l.database.db.select().from(jobs)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  });
  afterAll(() => l.close());

  async function collect(query: string, limit = 7) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await new Client(l.app).get(`/api/jobs?limit=${limit}${query ? `&${query}` : ''}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: Array<{ id: string }>; nextCursor: string | null };
      expect(body.items.length).toBeLessThanOrEqual(limit);
      ids.push(...body.items.map((j) => j.id));
      cursor = body.nextCursor;
      if (++pages > 100) throw new Error('pagination does not end');
    } while (cursor);
    return ids;
  }
  const expected = (keep: (r: Row) => boolean) => all.filter(keep).map((r) => r.id);

  const totalOf = async (query: string) => {
    const res = await new Client(l.app).get(`/api/jobs?limit=5${query ? `&${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as { count: number; capped: boolean } | undefined;
  };

  it('says on the first page how many jobs match the filters, and leaves it out of later pages', async () => {
    expect(await totalOf('')).toEqual({ count: 96, capped: false });
    const first = (await new Client(l.app).get('/api/jobs?limit=5')).json() as { nextCursor: string };
    const second = await new Client(l.app).get(`/api/jobs?limit=5&cursor=${first.nextCursor}`);
    expect(second.json()).not.toHaveProperty('total');
    const cases: Array<[string, (r: Row) => boolean]> = [
      ['title=nurse', (r) => r.title.includes('Nurse')],
      ['title=NG', (r) => r.title.toLowerCase().includes('ng')],
      ['country=ba', (r) => r.country.toLowerCase().includes('ba')],
      ['country=Jamaica&category=healthcare', (r) => r.country === 'Jamaica' && r.category === 'Healthcare'],
      ['date=last3d', (r) => r.createdAt.getTime() >= now - 3 * DAY],
    ];
    for (const [query, keep] of cases) expect(await totalOf(query), query).toEqual({ count: expected(keep).length, capped: false });
    expect(await totalOf('country=atlantis')).toEqual({ count: 0, capped: false });
    expect(await totalOf('title=zq')).toEqual({ count: 0, capped: false });
  });

  it('does not count jobs the list hides, nor list their countries', async () => {
    const hidden = await signUp(l.app, 'employer');
    const base = { title: 'Hidden Cook', company: 'Hidden Co', category: 'Hospitality', description: 'hidden' };
    await l.database.db.insert(jobs).values([
      { ...base, userId: ownerId, country: 'Haiti', paid: false },
      { ...base, userId: hidden.user.id, country: 'Grenada' },
    ]);
    await setRoleIn(l, hidden.user.id, 'suspended');
    expect(await totalOf('')).toEqual({ count: 96, capped: false });
    expect(await totalOf('title=hidden')).toEqual({ count: 0, capped: false });
    const res = await new Client(l.app).get('/api/jobs/countries');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual([...COUNTRIES].sort());
    await l.database.db.delete(jobs).where(eq(jobs.company, 'Hidden Co'));
  });

  it('pages through every job, newest first, with no duplicates or omissions', async () => {
    const ids = await collect('');
    expect(ids).toEqual(all.map((r) => r.id));
    expect(new Set(ids).size).toBe(96);
  });

  it('defaults to 20 per page and trims descriptions for the cards', async () => {
    const res = await new Client(l.app).get('/api/jobs');
    expect(res.json().items).toHaveLength(20);
    const long = await new Client(l.app).get('/api/jobs?title=Cashier%200');
    const card = long.json().items.find((j: { title: string }) => j.title === 'Cashier 0');
    expect(card.description.length).toBeLessThanOrEqual(301);
    expect(card.description.endsWith('…')).toBe(true);
    expect(card).not.toHaveProperty('userId');
    expect(card).not.toHaveProperty('address');
  });

  it('filters by title, case-insensitively, anywhere in the title', async () => {
    expect(await collect('title=ENGINEER')).toEqual(expected((r) => r.title.includes('Engineer')));
    expect(await collect('title=keep')).toEqual(expected((r) => r.title.includes('Housekeeper')));
    expect(await collect('title=nobody-has-this')).toEqual([]);
  });

  it('takes % and _ in a title term literally', async () => {
    expect(await collect(`title=${encodeURIComponent('100%')}`)).toEqual(expected((r) => r.title.includes('100%')));
    expect(await collect(`title=${encodeURIComponent('n_R')}`)).toEqual(expected((r) => r.title.includes('n_R')));
    expect(await collect(`title=${encodeURIComponent('%')}`)).toEqual(expected((r) => r.title.includes('%')));
  });

  it('accepts terms shorter than three characters', async () => {
    expect(await collect('title=er')).toEqual(expected((r) => r.title.toLowerCase().includes('er')));
    expect(await collect('country=a')).toEqual(expected((r) => r.country.toLowerCase().includes('a')));
  });

  it('filters by category, equal but case-insensitive', async () => {
    expect(await collect('category=it%20%26%20tech')).toEqual(expected((r) => r.category === 'IT & Tech'));
    expect(await collect('category=Tech')).toEqual([]);
  });

  it('filters by country, case-insensitive substring', async () => {
    expect(await collect('country=TRINIDAD')).toEqual(expected((r) => r.country === 'Trinidad and Tobago'));
    expect(await collect('country=trin')).toEqual(expected((r) => r.country === 'Trinidad and Tobago'));
    expect(await collect(`country=${encodeURIComponent('curaç')}`)).toEqual(expected((r) => r.country === 'Curaçao'));
    // Accents are ignored too.
    expect(await collect('country=CURACAO')).toEqual(expected((r) => r.country === 'Curaçao'));
    // A term naming several countries: Barbados, Bahamas and Trinidad and Tobago here.
    const ba = (r: Row) => r.country.toLowerCase().includes('ba');
    expect(await collect('country=ba')).toEqual(expected(ba));
    expect(await collect('country=ba&title=a&category=sales', 2)).toEqual(
      expected((r) => ba(r) && r.title.toLowerCase().includes('a') && r.category === 'Sales'),
    );
    // Countries that exist but have no jobs, and a term that names no country at all.
    expect(await collect('country=saint')).toEqual([]);
    expect(await collect('country=atlantis')).toEqual([]);
  });

  it('matches a country term against the country list, ignoring case and accents', () => {
    expect(countriesMatching('trin')).toEqual(['Trinidad and Tobago']);
    expect(countriesMatching('SAINT')).toEqual(
      expect.arrayContaining(['Saint Lucia', 'Saint Kitts and Nevis', 'Saint Barthélemy', 'Saint Vincent and the Grenadines']),
    );
    expect(countriesMatching('saint barthelemy')).toEqual(['Saint Barthélemy']);
    expect(countriesMatching("cote d'ivoire")).toEqual(['Côte d’Ivoire']);
    expect(countriesMatching('atlantis')).toEqual([]);
  });

  it('filters by date window', async () => {
    const cutoffs: Record<string, number> = {
      last24h: now - DAY,
      last3d: now - 3 * DAY,
      last7d: now - 7 * DAY,
      last30d: now - 30 * DAY,
      thisYear: Date.UTC(new Date(now).getUTCFullYear(), 0, 1),
    };
    for (const [date, since] of Object.entries(cutoffs)) {
      const ids = await collect(`date=${date}`, 20);
      expect(ids, date).toEqual(expected((r) => r.createdAt.getTime() >= since));
    }
    expect((await collect('date=last24h')).length).toBeGreaterThan(0);
  });

  it('combines filters', async () => {
    const ids = await collect('title=a&country=bar&date=last30d&category=sales', 3);
    expect(ids).toEqual(
      expected((r) => r.title.toLowerCase().includes('a') && r.country === 'Barbados' && r.category === 'Sales' && r.createdAt.getTime() >= now - 30 * DAY),
    );
    expect(ids.length).toBeGreaterThan(0);
  });

  it('treats empty filter values as no filter', async () => {
    expect(await collect('title=&country=&category=', 20)).toEqual(all.map((r) => r.id));
  });

  it('refuses malformed filters and cursors with a readable 400', async () => {
    const bad = [
      'date=yesterday',
      'limit=0',
      'limit=51',
      'limit=abc',
      'cursor=%%%',
      'cursor=bm90LWEtY3Vyc29y',
      `cursor=${Buffer.from('2026-01-01T00:00:00.000Z|nope').toString('base64url')}`,
      `title=${'x'.repeat(201)}`,
    ];
    for (const q of bad) {
      const res = await new Client(l.app).get(`/api/jobs?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
      expect(res.json().message.length).toBeGreaterThan(3);
    }
    const cursorRes = await new Client(l.app).get('/api/jobs?cursor=bm90LWEtY3Vyc29y');
    expect(cursorRes.json().message).toBe('Invalid page cursor. Reload the list and try again.');
  });

  it('finds rare and common terms beyond the newest rows the first attempt reads', { timeout: 240_000 }, async () => {
    // PROBE_ROWS newer jobs without the rare word: the rare jobs are only reachable through the index.
    await l.database.db.execute(sql`insert into jobs (user_id, title, company, country, category, description, created_at)
      select ${ownerId}, 'Filler ' || g || case when g % 150 = 0 then ' Lifeguard' else '' end, 'Filler Co', 'Aruba', 'Hospitality', 'filler',
        now() + (g || ' seconds')::interval
      from generate_series(1, ${PROBE_ROWS + 500}) g`);
    const rows = (await l.database.db.select().from(jobs)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    const want = (keep: (r: Row) => boolean) => rows.filter(keep).map((r) => r.id);
    // Rare: only among the oldest rows.
    expect(await collect('title=nurse', 5)).toEqual(want((r) => r.title.includes('Nurse')));
    // Sparse: one job in 150, fewer than a page within the first window.
    expect(await collect('title=lifeguard', 20)).toEqual(want((r) => r.title.includes('Lifeguard')));
    // Common: every filler.
    const fillers = await collect('title=filler&country=aruba', 50);
    expect(fillers).toEqual(want((r) => r.title.startsWith('Filler')));
    // Short terms beyond the window go through job_title_grams: one and two characters, and % literally.
    expect(await collect(`title=${encodeURIComponent('%')}`, 5)).toEqual(want((r) => r.title.includes('%')));
    expect(await collect('title=NG', 5)).toEqual(want((r) => r.title.toLowerCase().includes('ng')));
    expect(await collect('title=zq', 5)).toEqual([]);
    // A country term naming several countries, rare within the newest rows (the fillers are all Aruba).
    expect(await collect('country=ba', 50)).toEqual(want((r) => r.country.toLowerCase().includes('ba')));
    expect(await collect('country=bah', 5)).toEqual(want((r) => r.country === 'Bahamas'));
    expect(await collect('country=bah&title=nurse', 5)).toEqual(want((r) => r.country === 'Bahamas' && r.title.includes('Nurse')));
    // Past the cap the count stops: "1,000+".
    expect(rows.length).toBeGreaterThan(JOBS_TOTAL_CAP);
    expect(await totalOf('')).toEqual({ count: JOBS_TOTAL_CAP, capped: true });
    expect(await totalOf('title=filler&country=aruba')).toEqual({ count: JOBS_TOTAL_CAP, capped: true });
    expect(await totalOf('title=lifeguard')).toEqual({ count: want((r) => r.title.includes('Lifeguard')).length, capped: false });
    expect(await totalOf('title=NG')).toEqual({ count: want((r) => r.title.toLowerCase().includes('ng')).length, capped: false });
  });
});

describe('the title search by words (job_search_words, decision 0049)', () => {
  // Its own database: the searches are checked against every job in it.
  let w: TestApp;
  let ownerId: string;
  let owner: Client;
  beforeAll(async () => {
    w = await createTestApp();
    const employer = await signUp(w.app, 'employer');
    ownerId = employer.user.id;
    owner = employer.client;
  });
  afterAll(() => w.close());

  const ids = async (query: string, limit = 3) => {
    const out: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await new Client(w.app).get(`/api/jobs?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: Array<{ id: string }>; nextCursor: string | null };
      out.push(...body.items.map((j) => j.id));
      cursor = body.nextCursor;
    } while (cursor);
    return out;
  };
  /** The job's rows in job_search_words, and what search_words() of its search_lc says they should be. */
  const wordsOf = async (id: string) => {
    const rows = await rowsOf<{ stored: string[] | null; expected: string[] | null; expiresMatch: boolean }>(
      w.database.db.execute(sql`select
        (select array_agg(ws.word order by ws.word) from job_search_words ws where ws.job_id = ${id}) as stored,
        (select array_agg(x order by x) from jobs j, unnest(search_words(j.search_lc)) x where j.id = ${id}) as expected,
        not exists (select 1 from job_search_words ws join jobs j on j.id = ws.job_id
          where ws.job_id = ${id} and (ws.expires_at <> j.expires_at or ws.created_at <> j.created_at)) as "expiresMatch"`),
    );
    return rows[0]!;
  };
  const all = async () => (await w.database.db.select().from(jobs)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));

  it('keeps each job’s words with every write: post, edit, close, renew, delete, and a deleted account', async () => {
    const res = await owner.post('/api/jobs', validJob({ title: 'Marine Zoologist (Senior)', company: 'Reef-Watch Ltd' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    expect(await wordsOf(id)).toEqual({ stored: ['ltd', 'marine', 'reef', 'senior', 'watch', 'zoologist'], expected: expect.any(Array), expiresMatch: true });
    expect(await ids('title=zoolog')).toEqual([id]);
    expect(await ids(`title=${encodeURIComponent('reef watch')}`)).toEqual([id]);

    // Edited to a new title: found by the new words only.
    expect((await owner.patch(`/api/jobs/${id}`, { title: 'Oceanographer' })).statusCode).toBe(200);
    expect((await wordsOf(id)).stored).toEqual(['ltd', 'oceanographer', 'reef', 'watch']);
    expect(await ids('title=zoolog')).toEqual([]);
    expect(await ids('title=oceanograph')).toEqual([id]);

    // Closed now, then renewed: the words carry the closing date the list filters on.
    expect((await owner.post(`/api/jobs/${id}/close`)).statusCode).toBe(200);
    expect((await wordsOf(id)).expiresMatch).toBe(true);
    expect(await ids('title=oceanograph')).toEqual([]);
    expect((await owner.post(`/api/jobs/${id}/renew`)).statusCode).toBe(200);
    expect((await wordsOf(id)).expiresMatch).toBe(true);
    expect(await ids('title=oceanograph')).toEqual([id]);

    expect((await owner.delete(`/api/jobs/${id}`)).statusCode).toBe(204);
    expect((await wordsOf(id)).stored).toBeNull();
    expect(await ids('title=oceanograph')).toEqual([]);

    // An account deleted with its jobs (the foreign key's cascade) takes their words too.
    const other = await signUp(w.app, 'employer');
    const gone = (await other.client.post('/api/jobs', validJob({ title: 'Cartographer' }))).json() as { id: string };
    expect((await wordsOf(gone.id)).stored).toEqual(expect.arrayContaining(['cartographer']));
    await w.database.db.execute(sql`delete from users where id = ${other.user.id}`);
    expect((await wordsOf(gone.id)).stored).toBeNull();
  });

  it('pages through one-word, partial-word and several-word terms exactly as the LIKE would', { timeout: 240_000 }, async () => {
    // Older jobs that match, then more than a word's window of newer jobs sharing the word "deckhand"
    // without the rare sequence, so the word statement must hand over to the next one.
    await w.database.db.execute(sql`insert into jobs (user_id, title, company, country, category, description, created_at)
      select ${ownerId}, case when g % 4 = 0 then 'Senior Deckhand' else 'Ferry Deckhand' end, 'Old Boats', 'Bahamas', 'Transportation', 'old',
        now() - interval '3 days' + (g || ' seconds')::interval
      from generate_series(1, 12) g`);
    await w.database.db.execute(sql`insert into jobs (user_id, title, company, country, category, description, created_at)
      select ${ownerId}, 'Deckhand ' || g, 'Filler Co', 'Aruba', 'Transportation', 'filler', now() - interval '2 days' + (g || ' seconds')::interval
      from generate_series(1, ${WORD_WINDOW + 50}) g`);
    // More words holding one token than the word statement reads (qzv…), and one job holding two of them.
    const words = Array.from({ length: WORD_LOOKUP_MAX + 2 }, (_, i) => `Qzv${String.fromCharCode(97 + i)}`);
    await w.database.db.execute(sql`insert into jobs (user_id, title, company, country, category, description, created_at)
      select ${ownerId}, w, 'Qzv Holdings', 'Jamaica', 'Sales', 'q', now() - interval '1 day' + (n || ' seconds')::interval
      from unnest(${sql.param(words)}::text[]) with ordinality t(w, n)`);
    await w.database.db.execute(sql`insert into jobs (user_id, title, company, country, category, description)
      values (${ownerId}, 'Qzva and Qzvb', 'Two Words Ltd', 'Jamaica', 'Sales', 'both')`);
    // A term two of whose words one job holds: each word's page has it, the merged page once.
    await w.database.db.execute(sql`insert into jobs (user_id, title, company, country, category, description, created_at)
      values (${ownerId}, 'Boatwright', 'Keel Co', 'Grenada', 'Transportation', 'one', now() - interval '5 hours'),
        (${ownerId}, 'Boatwright and Boatwrights Lead', 'Keel Co', 'Grenada', 'Transportation', 'both', now() - interval '4 hours'),
        (${ownerId}, 'Boatwrights', 'Keel Co', 'Grenada', 'Transportation', 'other', now() - interval '3 hours')`);
    const rows = await all();
    const want = (keep: (title: string) => boolean) => rows.filter((r) => keep(searchFold(`${r.title}\n${r.company}`))).map((r) => r.id);

    expect(await ids('title=senior%20deckhand')).toEqual(want((s) => s.includes('senior deckhand')));
    expect(await ids('title=ior%20deckh')).toEqual(want((s) => s.includes('ior deckh')));
    expect(await ids('title=ferry', 4)).toEqual(want((s) => s.includes('ferry')));
    expect(await ids('title=deckhand%201', 50)).toEqual(want((s) => s.includes('deckhand 1')));
    expect(await ids('title=qzv', 4)).toEqual(want((s) => s.includes('qzv')));
    expect(await ids('title=QZVB')).toEqual(want((s) => s.includes('qzvb')));
    expect(await ids('title=zvb%20and')).toEqual([]);
    expect(await ids('title=qzva%20and%20qzvb')).toEqual(want((s) => s.includes('qzva and qzvb')));
    expect(await ids('title=old%20boats&date=last7d', 5)).toEqual(want((s) => s.includes('old boats')));
    expect(await ids('title=unheardofword')).toEqual([]);
    expect(await ids('title=boatwright')).toEqual(want((s) => s.includes('boatwright')));
    expect(await ids('title=boatwright', 1)).toEqual(want((s) => s.includes('boatwright')));
  });
});
