import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { demoJob, demoUsers } from './seed';
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
    const make = (n: number) => demoJob(n, 40, owners, now);
    expect(await insertJobs(t.database.db, 40, make, quiet, { batch: 7, bulkIndexFrom: 10 })).toBe(40);
    expect(await jobIndexes()).toEqual(before);
    expect(await insertJobs(t.database.db, 40, make, quiet, { batch: 7, bulkIndexFrom: 10 })).toBe(0);
    const stored = await rows<{ id: string; title: string; search_lc: string; salary_yearly: string | null; salary_max: string | null }>(
      sql`select id, title, search_lc, salary_yearly, salary_max from jobs order by created_at`,
    );
    expect(stored).toHaveLength(40);
    // Oldest first, as a live site appends them; generated columns computed as for any insert.
    expect(stored[0]!.id).toBe(make(0).id);
    const last = make(39);
    expect(stored[39]).toMatchObject({ id: last.id, title: last.title });
    expect(stored[39]!.search_lc).toContain(last.title.toLowerCase().split(' ')[0]);
    if (last.salaryMax !== null) expect(Number(stored[39]!.salary_yearly)).toBe(last.salaryMax * 12);
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

  it('puts the indexes back when an insert fails half way', async () => {
    const owners = await jobEmployers(t.database.db, demoEmployers, 1200);
    const before = await jobIndexes();
    const make = (n: number) => {
      if (n === 55) throw new Error('generator failed');
      return demoJob(n, 80, owners, now);
    };
    await expect(insertJobs(t.database.db, 80, make, quiet, { batch: 10, bulkIndexFrom: 10 })).rejects.toThrow('generator failed');
    expect(await jobIndexes()).toEqual(before);
  });
});
