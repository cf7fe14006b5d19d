import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CARIBBEAN_COUNTRIES, FALLBACK_JOB_CATEGORIES } from '@caribconnect/shared';
import { COMPANY_KIND, PLACES, TITLES } from './data';
import { seedUuid } from './ids';
import { demoUsers } from './seed';
import { insertJobs, jobEmployers } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { startWorkers: false });
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const jobIndexes = () => rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where tablename = 'jobs' order by indexname`);
const quiet = () => {};

describe('the jobs part of the seed at scale', () => {
  const now = Date.now();
  const demoEmployers = demoUsers()
    .filter((u) => u.role === 'employer')
    .map((u) => u.id);

  it('adds bulk employers for a large data set, keeps the demo ones alone for a small one, and reuses other employers', async () => {
    // The demo employers' own rows, as seedDemo makes them first.
    for (const id of demoEmployers) {
      await t.database.db.execute(sql`insert into users (id, name, email, email_verified) values (${id}, ${id}, ${`${id}@demo.example`}, true)`);
      await t.database.db.execute(sql`insert into profiles (id, full_name, role, email) values (${id}, ${id}, 'employer', ${`${id}@demo.example`})`);
    }
    expect(await jobEmployers(t.database.db, demoEmployers, 500)).toEqual(demoEmployers);
    const owners = await jobEmployers(t.database.db, demoEmployers, 1200);
    expect(owners).toHaveLength(12);
    expect(owners.slice(0, demoEmployers.length)).toEqual(demoEmployers);
    expect(new Set(owners).size).toBe(12);
    // Run again: the same owners, no new people.
    expect(await jobEmployers(t.database.db, demoEmployers, 1200)).toEqual(owners);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from profiles where role = 'employer'`);
    expect(n).toBe(12);
  });

  it('inserts every job once, with the indexes dropped and rebuilt as the migrations made them; a second run adds nothing', async () => {
    const owners = await jobEmployers(t.database.db, demoEmployers, 1200);
    const before = await jobIndexes();
    expect(before.length).toBeGreaterThan(10);
    // Two writers, as on the server: batches of 7 so they interleave.
    const opts = { total: 40, employerIds: owners, now, log: quiet, batch: 7, bulkIndexFrom: 10, workers: 2 };
    expect(await insertJobs(t.database.db, opts)).toBe(40);
    expect(await jobIndexes()).toEqual(before);
    expect(await insertJobs(t.database.db, opts)).toBe(0);
    const stored = await rows<{
      id: string;
      user_id: string;
      title: string;
      company: string;
      country: string;
      category: string;
      description: string;
      salary: string;
      salary_min: string | null;
      salary_max: string | null;
      salary_currency: string | null;
      salary_yearly: string | null;
      search_lc: string;
      created_at: Date;
      expires_at: Date;
    }>(sql`select * from jobs order by created_at`);
    expect(stored).toHaveLength(40);
    // The ids the seed always gave its jobs (a database seeded before is completed, not doubled), oldest first.
    expect(stored[0]!.id).toBe(seedUuid('job-0'));
    expect(stored[39]!.id).toBe(seedUuid('job-39'));
    expect(new Date(stored[39]!.created_at).getTime()).toBeGreaterThan(now - 24 * 60 * 60 * 1000);
    expect(new Date(stored[0]!.created_at).getTime()).toBeLessThan(now - 300 * 24 * 60 * 60 * 1000);
    for (const job of stored) {
      const category = job.category as (typeof FALLBACK_JOB_CATEGORIES)[number];
      expect(FALLBACK_JOB_CATEGORIES).toContain(category);
      expect(CARIBBEAN_COUNTRIES).toContain(job.country);
      expect(TITLES[category].some((title) => job.title.endsWith(title))).toBe(true);
      expect(COMPANY_KIND[category].some((kind) => job.company.endsWith(` ${kind}`))).toBe(true);
      expect(job.description).toContain(`${job.company} in `);
      expect(job.description).toContain(`, ${job.country}, is hiring`);
      expect(owners).toContain(job.user_id);
      expect(new Date(job.expires_at).getTime()).toBeGreaterThan(now);
      // A monthly range in the country's currency, stated in the text and in the structured fields alike.
      if (job.salary_max !== null) {
        expect(job.salary_currency).toBe(PLACES[job.country]!.currency);
        expect(job.salary).toBe(
          `${job.salary_currency} ${Number(job.salary_min).toLocaleString('en-US')} – ${Number(job.salary_max).toLocaleString('en-US')} / month`,
        );
        expect(Number(job.salary_yearly)).toBe(Number(job.salary_max) * 12);
      } else expect(['', 'Negotiable']).toContain(job.salary);
    }
    expect(new Set(stored.map((j) => j.country)).size).toBeGreaterThan(10);
    expect(stored[39]!.search_lc).toContain(stored[39]!.title.toLowerCase().split(' ')[0]);
    // The search words, written in one statement after the jobs, are what the trigger would have written.
    const words = sql`select ws.word, ws.created_at, ws.job_id, ws.expires_at from job_search_words ws`;
    const expected = sql`select x, j.created_at, j.id, j.expires_at from jobs j, unnest(search_words(j.search_lc)) x`;
    const [diff] = await rows<{ missing: number; extra: number; total: number; unknown: number }>(sql`select
      (select count(*)::int from (${expected} except all ${words}) m) as missing, (select count(*)::int from (${words} except all ${expected}) e) as extra,
      (select count(*)::int from job_search_words) as total,
      (select count(*)::int from job_search_words ws where not exists (select 1 from job_search_vocabulary v where v.word = ws.word)) as unknown`);
    expect(diff).toEqual({ missing: 0, extra: 0, total: expect.any(Number), unknown: 0 });
    expect(diff!.total).toBeGreaterThan(40 * 3);
  });

  it('gives job n the same content whatever the batches', async () => {
    const owners = await jobEmployers(t.database.db, demoEmployers, 1200);
    const content = sql`select id, title, company, country, description, salary, address, employment_type, workplace, created_at from jobs order by created_at, id`;
    const first = await rows(content);
    await t.database.db.execute(sql`delete from jobs`);
    expect(await insertJobs(t.database.db, { total: 40, employerIds: owners, now, log: quiet, batch: 40 })).toBe(40);
    expect(await rows(content)).toEqual(first);
  });

  it('puts the indexes back when an insert fails half way', async () => {
    const owners = await jobEmployers(t.database.db, demoEmployers, 1200);
    const before = await jobIndexes();
    // An owner that does not exist: the batches holding its jobs fail on the foreign key.
    const employerIds = [...owners, 'no-such-employer'];
    await expect(insertJobs(t.database.db, { total: 80, employerIds, now, log: quiet, batch: 10, bulkIndexFrom: 10, workers: 2 })).rejects.toThrow();
    expect(await jobIndexes()).toEqual(before);
  });
});
