/**
 * The jobs part of the seed at the size of a region (npm run seed -- --jobs 1000000): bulk employers
 * and jobs written by the statement, not by the row.
 */
import { sql } from 'drizzle-orm';
import { CARIBBEAN_COUNTRIES } from '@caribconnect/shared';
import type { Db } from '../client';
import { profiles, user } from '../schema';

/** Rows per INSERT … SELECT: one JSON parameter of this many jobs (~5 MB), parsed by the database. */
const BATCH = 5000;
/** From this many new jobs on, the secondary indexes are dropped and built once at the end. */
const BULK_INDEX_FROM = 20_000;
/** One bulk employer per this many jobs, up to MAX_BULK_EMPLOYERS, so no owner holds a hundred thousand jobs. */
const JOBS_PER_EMPLOYER = 100;
const MAX_BULK_EMPLOYERS = 10_000;

type Row = Record<string, unknown>;

/**
 * The employers that own the seeded jobs: the demo employers first, and for a large data set every
 * other employer already in the database (people another part of the seed added) plus bulk ones
 * (`seed-employer-bulk-N`, a user and a profile, no password: they cannot sign in) up to one per
 * JOBS_PER_EMPLOYER jobs. A small data set keeps the demo employers alone, so their accounts show
 * jobs.
 */
export async function jobEmployers(db: Db, demoEmployerIds: string[], jobs: number): Promise<string[]> {
  const wanted = Math.min(MAX_BULK_EMPLOYERS, Math.ceil(jobs / JOBS_PER_EMPLOYER));
  if (wanted <= demoEmployerIds.length) return demoEmployerIds;
  const bulk = wanted - demoEmployerIds.length;
  await db.execute(sql`
    insert into ${user} (id, name, email, email_verified)
    select 'seed-employer-bulk-' || n, 'Employer ' || n, 'employer-bulk-' || n || '@demo.caribconnect.example', true
    from generate_series(1, ${bulk}::int) n
    on conflict do nothing`);
  const countries = sql.join(
    CARIBBEAN_COUNTRIES.map((c) => sql`${c}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${profiles} (id, full_name, role, email, country)
    select 'seed-employer-bulk-' || n, 'Employer ' || n, 'employer', 'employer-bulk-' || n || '@demo.caribconnect.example',
      (array[${countries}])[1 + n % ${CARIBBEAN_COUNTRIES.length}::int]
    from generate_series(1, ${bulk}::int) n
    on conflict do nothing`);
  const others = (await db.execute(
    sql`select id from profiles where role = 'employer' and id <> all(${sql.param(demoEmployerIds)}::text[]) order by id limit ${wanted - demoEmployerIds.length}`,
  )) as unknown as { rows: Array<{ id: string }> };
  return [...demoEmployerIds, ...others.rows.map((r) => r.id)];
}

/**
 * Inserts the rows `make(n)` for n in [0, total), oldest first, in batches of one INSERT … SELECT
 * from a JSON parameter each (jsonb_to_recordset): a few hundred statements for a million jobs,
 * where one multi-row VALUES per thousand rows spent most of its time building and binding 17,000
 * parameters. ON CONFLICT (id) DO NOTHING keeps the seed idempotent. With many rows the secondary
 * indexes (the trigram GINs above all: ~150 entries a row) are dropped and built once at the end,
 * a sort instead of a million random inserts; their definitions are read back from pg_indexes, so
 * they stay exactly what the migrations made, and they are recreated in `finally`.
 */
export async function insertJobs(
  db: Db,
  total: number,
  make: (n: number) => Row,
  log: (line: string) => void,
  { batch = BATCH, bulkIndexFrom = BULK_INDEX_FROM }: { batch?: number; bulkIndexFrom?: number } = {},
): Promise<number> {
  const present = ((await db.execute(sql`select count(*)::int as n from jobs`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  const rebuild = total - present >= bulkIndexFrom;
  const indexes = rebuild
    ? ((await db.execute(sql`
        select i.indexname as name, i.indexdef as def from pg_indexes i
        join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
        where i.schemaname = current_schema() and i.tablename = 'jobs' and not x.indisunique and not x.indisprimary`)) as unknown as {
        rows: Array<{ name: string; def: string }>;
      })
    : { rows: [] };
  for (const { name } of indexes.rows) await db.execute(sql.raw(`drop index if exists "${name}"`));
  let inserted = 0;
  const started = Date.now();
  try {
    for (let from = 0; from < total; from += batch) {
      const rows: Row[] = [];
      for (let n = from; n < Math.min(from + batch, total); n++) rows.push(make(n));
      const res = await db.transaction(async (tx) => {
        // The search words are written all at once below (the trigger would write them row by row).
        if (rebuild) await tx.execute(sql`set local caribconnect.bulk_seed = 'on'`);
        return (await tx.execute(sql`
        with added as (
          insert into jobs (id, user_id, title, company, country, category, description, salary, address, employment_type, workplace,
            salary_min, salary_max, salary_currency, salary_period, expires_at, created_at, updated_at)
          select id, "userId", title, company, country, category, description, salary, address, "employmentType", workplace,
            "salaryMin", "salaryMax", "salaryCurrency", "salaryPeriod", "expiresAt", "createdAt", "updatedAt"
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, "userId" text, title text, company text, country text,
            category text, description text, salary text, address text, "employmentType" text, workplace text, "salaryMin" numeric,
            "salaryMax" numeric, "salaryCurrency" text, "salaryPeriod" text, "expiresAt" timestamptz, "createdAt" timestamptz, "updatedAt" timestamptz)
          on conflict (id) do nothing
          returning 1)
        select count(*)::int as n from added`)) as unknown as { rows: Array<{ n: number }> };
      });
      inserted += res.rows[0]!.n;
      if ((from / batch) % 20 === 19) log(`jobs: ${from + rows.length} / ${total} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    if (indexes.rows.length) {
      const t = Date.now();
      // More sort memory than the default 64 MB: a million rows' trigrams then build in fewer passes.
      for (const { def } of indexes.rows)
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
          await tx.execute(sql.raw(def.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
        });
      log(`jobs: ${indexes.rows.length} indexes built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    if (rebuild) await rebuildSearchWords(db, log);
  }
  return inserted;
}

/**
 * Writes job_search_words (migration 0023) again from every job, in one statement and one index
 * build, in one transaction (a search meanwhile waits, then sees them all), then vacuums it so its
 * index answers without visiting the table (PGlite has no autovacuum).
 */
export async function rebuildSearchWords(db: Db, log: (line: string) => void) {
  const t = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`truncate job_search_words`);
    const indexes = (await tx.execute(
      sql`select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and tablename = 'job_search_words'`,
    )) as unknown as { rows: Array<{ name: string; def: string }> };
    for (const { name } of indexes.rows) await tx.execute(sql.raw(`drop index "${name}"`));
    await tx.execute(sql`insert into job_search_words (word, created_at, job_id, expires_at)
      select w, j.created_at, j.id, j.expires_at from jobs j cross join lateral unnest(search_words(j.search_lc)) w`);
    await tx.execute(sql`insert into job_search_vocabulary (word) select distinct word from job_search_words on conflict do nothing`);
    for (const { def } of indexes.rows) await tx.execute(sql.raw(def));
  });
  await db.execute(sql`vacuum analyze job_search_words`);
  await db.execute(sql`analyze job_search_vocabulary`);
  log(`jobs: search words written in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
