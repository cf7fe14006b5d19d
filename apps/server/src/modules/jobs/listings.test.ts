// Issue 21, the jobs half: closing dates (expiry, renew, close now, reminders), the structured fields
// and their filters, and the folded search of jobs, ads and consultants.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { searchFold, utcDay } from '@caribconnect/shared';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob, validJob } from '../../../test/jobs';
import { signUpConsultant } from '../../../test/consultants';
import { ads, jobs, profiles } from '../../db/schema';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../../db/client';
import { rowsOf } from '../../lib/keyset';
import { runJobExpiryReminders } from './reminders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const anon = () => new Client(t.app);

const listIds = async (query: string) => {
  const res = await anon().get(`/api/jobs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Array<{ id: string }>).map((j) => j.id);
};

const closeInDb = (id: string, at = new Date(Date.now() - 1000)) => t.database.db.update(jobs).set({ expiresAt: at }).where(eq(jobs.id, id));

const apply = (client: Client, jobId: string) =>
  client.request({ method: 'POST', url: `/api/jobs/${jobId}/applications`, ...multipart([{ name: 'coverLetter', data: 'I would love to join.' }]) });

type Exec = (statement: string) => Promise<unknown>;
type Query = <T>(statement: string) => Promise<T[]>;

/** A migration check on a fresh PGlite and, when the run has one, on a fresh database of the PostgreSQL server. */
function onBothEngines(title: string, check: (exec: Exec, query: Query) => Promise<void>) {
  it(`${title} (PGlite)`, { timeout: 240_000 }, async () => {
    const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      await check(
        (s) => db.exec(s),
        async <T>(s: string) => (await db.query<T>(s)).rows,
      );
    } finally {
      await db.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(`${title} (PostgreSQL server)`, { timeout: 240_000 }, async () => {
    const name = `cc_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await check(
        (s) => client.query(s),
        async <T>(s: string) => (await client.query(s)).rows as T[],
      );
    } finally {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
}

describe('search folding', () => {
  const INPUTS = [
    'Curaçao',
    'CURAÇAO',
    'curacao',
    'Port-au-Prince',
    'port au prince',
    "St. John's",
    'São Tomé & Príncipe',
    'Pétion-Ville — Haïti',
    'Île-à-Vache',
    'ÑANDÚ señor',
    'Kralendijk, Bonaire',
    'tab\there\nnew line',
    'a  -  b',
    'Ünïcödé ÀÉÎÕÜ',
    '100% _under_score_',
    'Ελληνικά 中文',
  ];

  it('is the same in SQL (search_fold) and in TypeScript (searchFold), on the same texts', async () => {
    for (const text of INPUTS) {
      const [row] = await rowsOf<{ folded: string }>(t.database.db.execute(sql`select search_fold(${text}) as folded`));
      expect(row!.folded, text).toBe(searchFold(text));
    }
  });

  it('makes accents, case and punctuation the same', () => {
    expect(new Set(['curacao', 'CURAÇAO', 'Curaçao'].map(searchFold))).toEqual(new Set(['curacao']));
    expect(searchFold('Port-au-Prince')).toBe('port au prince');
    expect(searchFold("St. John's")).toBe('st johns');
  });
});

describe('closing dates', () => {
  it('default to 30 days from now; the employer may pick one up to 90 days ahead', async () => {
    const { client } = await signUp(t.app, 'employer');
    const plain = await postJob(client);
    expect(Math.abs(new Date(plain.expiresAt).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(plain.expired).toBe(false);
    const day = utcDay(new Date(Date.now() + 90 * DAY));
    const picked = await postJob(client, { closesOn: day });
    expect(picked.expiresAt).toBe(`${day}T23:59:59.999Z`);
  });

  it('refuses a closing date in the past or beyond 90 days, with a clear 400, and saves nothing', async () => {
    const { client } = await signUp(t.app, 'employer');
    const before = await t.database.db.$count(jobs);
    const cases: Array<[string, string]> = [
      [utcDay(new Date(Date.now() - DAY)), 'The closing date must be in the future.'],
      [utcDay(new Date()), 'The closing date must be in the future.'],
      [utcDay(new Date(Date.now() + 91 * DAY)), 'The closing date must be at most 90 days from today.'],
      ['31/12/2030', 'Please enter a valid closing date.'],
    ];
    for (const [closesOn, message] of cases) {
      const res = await client.post('/api/jobs', validJob({ closesOn }));
      expect(res.statusCode, closesOn).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.database.db.$count(jobs)).toBe(before);
    // Edit too: the job keeps its date.
    const job = await postJob(client);
    const res = await client.patch(`/api/jobs/${job.id}`, { closesOn: utcDay(new Date(Date.now() - DAY)) });
    expect(res.statusCode).toBe(400);
    expect((await anon().get(`/api/jobs/${job.id}`)).json().expiresAt).toBe(job.expiresAt);
  });

  it('take a closed job off the list, search, countries and sitemap, keep its page, and refuse applications', async () => {
    const { client } = await signUp(t.app, 'employer');
    const job = await postJob(client, { title: 'Closing Harbour Pilot', country: 'Montserrat' });
    expect(await listIds('?title=closing harbour')).toEqual([job.id]);
    await closeInDb(job.id);

    expect(await listIds('?title=closing harbour')).toEqual([]);
    expect(await listIds('?country=montserrat')).not.toContain(job.id);
    expect(await listIds('')).not.toContain(job.id);
    expect((await anon().get('/api/jobs/countries')).json()).not.toContain('Montserrat');
    const sitemap = await anon().get('/sitemaps/jobs-1.xml');
    expect(sitemap.body).not.toContain(job.id);

    const page = await anon().get(`/api/jobs/${job.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: job.id, expired: true });

    const seeker = await signUp(t.app, 'jobseeker');
    const refused = await apply(seeker.client, job.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'JOB_CLOSED', message: 'This job is no longer accepting applications.' });
    const [{ n }] = await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from applications where job_id = ${job.id}`));
    expect(n).toBe(0);
  });

  it('refuses an application through the page form (no script) with the same message', async () => {
    const { client } = await signUp(t.app, 'employer');
    const job = await postJob(client);
    await closeInDb(job.id);
    const seeker = await signUp(t.app, 'jobseeker');
    const res = await seeker.client.request({ method: 'POST', url: `/jobs/${job.id}/apply`, ...multipart([{ name: 'coverLetter', data: 'Hello' }]) });
    // Without the web build the page form answers its refusal as the API does; with it, the page re-rendered with the message.
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('This job is no longer accepting applications.');
    const [{ n }] = await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from applications where job_id = ${job.id}`));
    expect(n).toBe(0);
  });

  it('are shown apart on the owner’s listings; Renew opens the job for 30 days from today and Close now closes it', async () => {
    const owner = await signUp(t.app, 'employer');
    const job = await postJob(owner.client, { title: 'Renewable Reef Guide' });
    await closeInDb(job.id, new Date(Date.now() - 40 * DAY));
    const mine = async (state: string) => ((await owner.client.get(`/api/jobs/mine?state=${state}`)).json().items as Array<{ id: string }>).map((j) => j.id);
    expect(await mine('open')).not.toContain(job.id);
    expect(await mine('closed')).toEqual([job.id]);

    const renewed = await owner.client.post(`/api/jobs/${job.id}/renew`, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(Math.abs(new Date(renewed.json().expiresAt).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(await listIds('?title=renewable reef')).toEqual([job.id]);
    expect(await mine('open')).toEqual([job.id]);

    const closed = await owner.client.post(`/api/jobs/${job.id}/close`, {});
    expect(closed.statusCode).toBe(200);
    expect(closed.json().expired).toBe(true);
    expect(await listIds('?title=renewable reef')).toEqual([]);
    expect(await mine('closed')).toEqual([job.id]);
  });

  it('let only the owner renew or close: others get 404, job seekers 403, anonymous 401, and nothing changes', async () => {
    const owner = await signUp(t.app, 'employer');
    const job = await postJob(owner.client);
    await closeInDb(job.id);
    const [before] = await t.database.db.select({ e: jobs.expiresAt }).from(jobs).where(eq(jobs.id, job.id));
    const other = await signUp(t.app, 'employer');
    const seeker = await signUp(t.app, 'jobseeker');
    const admin = await signUp(t.app, 'employer');
    await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, admin.user.id));
    const suspended = await signUp(t.app, 'employer');
    for (const action of ['renew', 'close']) {
      expect((await other.client.post(`/api/jobs/${job.id}/${action}`, {})).statusCode).toBe(404);
      expect((await seeker.client.post(`/api/jobs/${job.id}/${action}`, {})).statusCode).toBe(403);
      expect((await admin.client.post(`/api/jobs/${job.id}/${action}`, {})).statusCode).toBe(403);
      expect((await anon().post(`/api/jobs/${job.id}/${action}`, {})).statusCode).toBe(401);
      expect((await owner.client.post(`/api/jobs/not-a-uuid/${action}`, {})).statusCode).toBe(404);
    }
    await t.database.db.update(profiles).set({ role: 'suspended' }).where(eq(profiles.id, suspended.user.id));
    expect((await suspended.client.post(`/api/jobs/${job.id}/renew`, {})).statusCode).toBe(403);
    const [after] = await t.database.db.select({ e: jobs.expiresAt }).from(jobs).where(eq(jobs.id, job.id));
    expect(after!.e).toEqual(before!.e);
  });
});

describe('closing reminders', () => {
  it('queue one email 7 days and one 1 day before closing, each once, to the owner', async () => {
    const owner = await signUp(t.app, 'employer');
    const job = await postJob(owner.client, { title: 'Reminder Test Welder', closesOn: utcDay(new Date(Date.now() + 20 * DAY)) });
    const closes = new Date(job.expiresAt).getTime();
    const toOwner = () => t.app.mailer.outbox.filter((m) => m.to === owner.user.email && m.subject.includes('Reminder Test Welder'));

    expect(await runJobExpiryReminders(t.app, new Date(closes - 10 * DAY))).toBe(0);
    const sixDays = new Date(closes - 6 * DAY);
    expect(await runJobExpiryReminders(t.app, sixDays)).toBeGreaterThanOrEqual(1);
    expect(await runJobExpiryReminders(t.app, sixDays)).toBe(0);
    await t.app.queue.drained();
    expect(toOwner().map((m) => m.subject)).toEqual(['Your job "Reminder Test Welder" closes in 7 days']);
    expect(toOwner()[0]!.text).toContain('/employer/dashboard');
    // The bell too, without a second email.
    const bell = (await owner.client.get('/api/notifications')).json().items;
    expect(bell[0]).toMatchObject({ kind: 'listing_expiring', data: { listing: 'job', id: job.id } });

    const halfDay = new Date(closes - DAY / 2);
    expect(await runJobExpiryReminders(t.app, halfDay)).toBeGreaterThanOrEqual(1);
    expect(await runJobExpiryReminders(t.app, halfDay)).toBe(0);
    await t.app.queue.drained();
    expect(toOwner().map((m) => m.subject)).toEqual(['Your job "Reminder Test Welder" closes in 7 days', 'Your job "Reminder Test Welder" closes tomorrow']);

    // A renewal sends them again, in their time.
    await owner.client.post(`/api/jobs/${job.id}/renew`, {});
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.reminded7dAt).toBeNull();
    expect(row!.reminded1dAt).toBeNull();
  });
});

describe('structured fields', () => {
  it('store employment type, workplace and salary, the currency defaulting to the country’s', async () => {
    const { client } = await signUp(t.app, 'employer');
    const job = await postJob(client, {
      country: 'Trinidad and Tobago',
      employmentType: 'part-time',
      workplace: 'remote',
      salaryMin: 8000,
      salaryMax: '12000',
    });
    expect(job).toMatchObject({
      employmentType: 'part-time',
      workplace: 'remote',
      salaryMin: 8000,
      salaryMax: 12000,
      salaryCurrency: 'TTD',
      salaryPeriod: 'month',
    });
    const none = await postJob(client, { salary: 'Negotiable', salaryCurrency: 'USD' });
    expect(none).toMatchObject({ salary: 'Negotiable', salaryMin: null, salaryMax: null, salaryCurrency: null, salaryPeriod: null, employmentType: null });
    // Edit: a partial change keeps the rest; null clears.
    const edited = await client.patch(`/api/jobs/${job.id}`, { salaryMax: 15000 });
    expect(edited.json()).toMatchObject({ salaryMin: 8000, salaryMax: 15000, salaryCurrency: 'TTD' });
    const cleared = await client.patch(`/api/jobs/${job.id}`, { salaryMin: null, salaryMax: null, workplace: null });
    expect(cleared.json()).toMatchObject({ salaryMin: null, salaryCurrency: null, workplace: null });
  });

  it('refuse bad values with a clear 400 and save nothing', async () => {
    const { client } = await signUp(t.app, 'employer');
    const before = await t.database.db.$count(jobs);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ salaryMin: 5000, salaryMax: 4000 }, 'The maximum salary must not be below the minimum.'],
      [{ salaryMin: -1 }, 'Minimum salary must not be negative.'],
      [{ salaryMin: 'lots' }, 'Minimum salary must be a number.'],
      [{ salaryMin: 10, salaryCurrency: 'ZZZ' }, 'Please select a currency from the list.'],
      [{ employmentType: 'gig' }, 'Please select an employment type from the list.'],
      [{ workplace: 'moon' }, 'Please select a workplace from the list.'],
      [{ salaryMin: 10, salaryPeriod: 'decade' }, 'Please select a pay period from the list.'],
    ];
    for (const [over, message] of cases) {
      const res = await client.post('/api/jobs', validJob(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.database.db.$count(jobs)).toBe(before);
    // A PATCH that makes the stored range wrong is refused too.
    const job = await postJob(client, { salaryMin: 100, salaryMax: 200 });
    const res = await client.patch(`/api/jobs/${job.id}`, { salaryMin: 300 });
    expect(res.statusCode).toBe(400);
    expect((await anon().get(`/api/jobs/${job.id}`)).json().salaryMin).toBe(100);
  });

  it('filter the list by employment type, workplace and salary at least (one period, one currency)', async () => {
    const { client } = await signUp(t.app, 'employer');
    const tag = `Filterfish${randomBytes(3).toString('hex')}`;
    const a = await postJob(client, {
      title: `${tag} remote part`,
      country: 'Trinidad and Tobago',
      employmentType: 'part-time',
      workplace: 'remote',
      salaryMin: 8000,
      salaryMax: 12000,
    });
    const b = await postJob(client, {
      title: `${tag} onsite full`,
      country: 'Trinidad and Tobago',
      employmentType: 'full-time',
      workplace: 'on-site',
      salaryMin: 30,
      salaryPeriod: 'hour',
    });
    const c = await postJob(client, { title: `${tag} usd`, country: 'Trinidad and Tobago', workplace: 'remote', salaryMin: 9000, salaryCurrency: 'USD' });
    const d = await postJob(client, { title: `${tag} no salary`, country: 'Trinidad and Tobago', workplace: 'remote', salary: 'TT$ 20,000 monthly' });
    const q = `?title=${tag}`;
    expect(new Set(await listIds(q))).toEqual(new Set([a.id, b.id, c.id, d.id]));
    expect(await listIds(`${q}&type=part-time`)).toEqual([a.id]);
    expect(new Set(await listIds(`${q}&workplace=remote`))).toEqual(new Set([a.id, c.id, d.id]));
    // 10,000 TTD a month = 120,000 a year: a (12,000/month = 144,000) matches; b (30/hour = 62,400) does not.
    expect(await listIds(`${q}&salary=10000&per=month&currency=TTD`)).toEqual([a.id]);
    // The currency defaults to the country filter's: Trinidad and Tobago → TTD.
    expect(await listIds(`${q}&country=trinidad&salary=10000`)).toEqual([a.id]);
    // 60,000 a year: both TTD jobs.
    expect(new Set(await listIds(`${q}&salary=60000&per=year&currency=TTD`))).toEqual(new Set([a.id, b.id]));
    expect(await listIds(`${q}&salary=5000&currency=USD`)).toEqual([c.id]);
    expect(await listIds(`${q}&workplace=remote&type=part-time&salary=10000&currency=TTD`)).toEqual([a.id]);
    for (const bad of ['type=gig', 'workplace=moon', 'salary=-5', 'salary=abc', 'per=decade', 'currency=ZZZ']) {
      expect((await anon().get(`/api/jobs${q}&${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('forgiving search', () => {
  it('finds jobs by title, company and country whatever the accents, case and punctuation', async () => {
    const { client } = await signUp(t.app, 'employer');
    const tag = randomBytes(3).toString('hex');
    const chef = await postJob(client, { title: `Chef de cuisine Curaçao ${tag}`, country: 'Curaçao' });
    const baker = await postJob(client, { title: `Baker ${tag}`, company: 'Port-au-Prince Bakery', country: 'Haiti' });
    for (const term of ['curacao', 'CURAÇAO', 'Curaçao']) expect(await listIds(`?title=${encodeURIComponent(`${term} ${tag}`)}`), term).toEqual([chef.id]);
    for (const term of ['curacao', 'CURAÇAO', 'Curaçao']) expect(await listIds(`?country=${encodeURIComponent(term)}`)).toContain(chef.id);
    expect(await listIds(`?title=${encodeURIComponent('port au prince')}`)).toContain(baker.id);
    expect(await listIds(`?title=${encodeURIComponent('PORT-AU-PRINCE bakery')}`)).toContain(baker.id);
    expect(await listIds(`?title=${encodeURIComponent(`baker ${tag}`)}`)).toEqual([baker.id]);
  });

  it('finds ads by title and description whatever the accents and case', async () => {
    const { user } = await signUp(t.app, 'jobseeker');
    const tag = randomBytes(3).toString('hex');
    const [ad] = await t.database.db
      .insert(ads)
      .values({ userId: user.id, title: `Bateau de pêche ${tag}`, description: 'Amarré à Willemstad, Curaçao. Port-au-Prince possible.' })
      .returning();
    const find = async (q: string) => ((await anon().get(`/api/ads?q=${encodeURIComponent(q)}`)).json().items as Array<{ id: string }>).map((a) => a.id);
    for (const q of [`peche ${tag}`, `PÊCHE ${tag}`, `Pêche ${tag}`]) expect(await find(q), q).toEqual([ad!.id]);
    for (const q of ['curacao', 'CURAÇAO', 'port au prince']) expect(await find(q), q).toContain(ad!.id);
  });

  it('finds consultants by name and specialty whatever the accents and case', async () => {
    const account = await signUpConsultant(t.app, { fullName: 'José Martínez-Pérez' });
    const find = async (q: string) =>
      ((await account.client.get(`/api/consultants?q=${encodeURIComponent(q)}`)).json().items as Array<{ userId: string }>).map((c) => c.userId);
    for (const q of ['jose martinez perez', 'JOSÉ MARTÍNEZ', 'José Martínez-Pérez']) expect(await find(q), q).toContain(account.user.id);
  });
});

/** Runs the committed migrations up to (not including) `stop`, through `exec`. */
async function migrateUpTo(exec: (statement: string) => Promise<unknown>, stop: string) {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const tags = journal.entries.map((e) => e.tag);
  const run = async (tag: string) => {
    const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await exec(statement);
  };
  for (const tag of tags.slice(0, tags.indexOf(stop))) await run(tag);
  return () => run(stop);
}

describe('migration 0023 on a database with jobs', () => {
  const backFill = async (exec: Exec, query: Query) => {
    const migrate0023 = await migrateUpTo(exec, '0023_job_search_words');
    await exec(`insert into users (id, name, email, email_verified, created_at, updated_at) values ('u1', 'Old', 'old@example.com', true, now(), now())`);
    await exec(`insert into jobs (user_id, title, description, company, category, country, created_at, expires_at) values
      ('u1', 'Chef de Cuisine', 'd', 'Port-au-Prince Bakery', 'Hospitality', 'Haiti', now() - interval '400 days', now() - interval '370 days'),
      ('u1', 'Chef', 'd', 'Chef & Chef', 'Hospitality', 'Jamaica', now(), now() + interval '30 days')`);
    await migrate0023();
    const words = await query<{ title: string; words: string[]; closes: boolean }>(
      `select j.title, array_agg(ws.word order by ws.word) as words, bool_and(ws.expires_at = j.expires_at and ws.created_at = j.created_at) as closes
       from jobs j join job_search_words ws on ws.job_id = j.id group by j.id, j.title order by j.title`,
    );
    expect(words).toEqual([
      { title: 'Chef', words: ['chef'], closes: true },
      { title: 'Chef de Cuisine', words: ['au', 'bakery', 'chef', 'cuisine', 'de', 'port', 'prince'], closes: true },
    ]);
    const vocabulary = await query<{ word: string }>(`select word from job_search_vocabulary order by word`);
    expect(vocabulary.map((v) => v.word)).toEqual(['au', 'bakery', 'chef', 'cuisine', 'de', 'port', 'prince']);
    // From then on the triggers keep them: an insert, an edit, a delete.
    await exec(`insert into jobs (user_id, title, description, company, category, country) values ('u1', 'Baker', 'd', 'Co', 'Hospitality', 'Haiti')`);
    await exec(`update jobs set title = 'Pastry Chef' where title = 'Chef'`);
    await exec(`delete from jobs where title = 'Chef de Cuisine'`);
    const after = await query<{ word: string }>(`select word from job_search_words order by word`);
    expect(after.map((w) => w.word)).toEqual(['baker', 'chef', 'co', 'pastry']);
  };

  onBothEngines('writes every job’s words and the vocabulary, then keeps them with each write', backFill);
});

describe('migration 0014 on a database with jobs', () => {
  const rule = async (exec: Exec, query: Query) => {
    const migrate0014 = await migrateUpTo(exec, '0014_job_expiry_fields_search_fold');
    await exec(`insert into users (id, name, email, email_verified, created_at, updated_at) values ('u1', 'Old', 'old@example.com', true, now(), now())`);
    await exec(`insert into jobs (user_id, title, description, company, category, country, created_at) values
      ('u1', 'Old Curaçao job', 'd', 'Old Co', 'IT', 'Curaçao', now() - interval '400 days'),
      ('u1', 'Month-old job', 'd', 'Co', 'IT', 'Jamaica', now() - interval '31 days'),
      ('u1', 'Recent job', 'd', 'Co', 'IT', 'Jamaica', now() - interval '29 days'),
      ('u1', 'New job', 'd', 'Co', 'IT', 'Jamaica', now())`);
    await migrate0014();
    const rows = await query<{ title: string; closes_after_created: string; from_now: string; search_lc: string }>(
      `select title, round(extract(epoch from expires_at - created_at) / 86400) as closes_after_created,
         round(extract(epoch from expires_at - now()) / 86400) as from_now, search_lc from jobs order by created_at`,
    );
    expect(rows.map((r) => [r.title, Number(r.closes_after_created), Number(r.from_now)])).toEqual([
      ['Old Curaçao job', 30, -370],
      ['Month-old job', 30, -1],
      ['Recent job', 59, 30],
      ['New job', 30, 30],
    ]);
    expect(rows[0]!.search_lc).toBe('old curacao job\nold co');
  };

  onBothEngines('gives old jobs created + 30 days and recent ones 30 days from the migration', rule);
});
