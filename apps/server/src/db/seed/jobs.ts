/**
 * The jobs part of the seed at the size of a region (npm run seed -- --jobs 1000000): bulk employers
 * and jobs written by the statement, not by the row.
 */
import { sql } from 'drizzle-orm';
import { CARIBBEAN_COUNTRIES, FALLBACK_JOB_CATEGORIES } from '@caribconnect/shared';
import type { Db } from '../client';
import { profiles, user } from '../schema';
import { batches, BULK_INDEX_FROM, buildIndex, countRows, draw, inParallel, orderBuilds, pick, seconds, secondaryIndexes, triples } from './bulk';
import { BENEFITS, COMPANY_FIRST, COMPANY_KIND, DUTIES, LEVELS, PLACES, REQUIREMENTS, STREETS, TITLES } from './data';
import { seedUuid } from './ids';
/** One bulk employer per this many jobs, up to MAX_BULK_EMPLOYERS, so no owner holds a hundred thousand jobs. */
const JOBS_PER_EMPLOYER = 100;
const MAX_BULK_EMPLOYERS = 10_000;

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

/** The lists a job is drawn from, as the generator's JSON parameters (see jobsSql). */
function jobLists() {
  return {
    categories: FALLBACK_JOB_CATEGORIES.map((name, i) => ({ i, name, titles: TITLES[name], kinds: COMPANY_KIND[name], duties: triples(DUTIES[name], '; ') })),
    places: CARIBBEAN_COUNTRIES.map((country, i) => ({
      i,
      country,
      towns: PLACES[country]!.towns,
      currency: PLACES[country]!.currency,
      lo: PLACES[country]!.monthly[0],
      hi: PLACES[country]!.monthly[1],
    })),
  };
}

/** Weighted as a board's posts are: mostly full-time and on-site. */
const EMPLOYMENT_TYPES = ['full-time', 'full-time', 'full-time', 'full-time', 'part-time', 'contract', 'temporary', 'internship', 'volunteer'];
const WORKPLACES = ['on-site', 'on-site', 'on-site', 'on-site', 'on-site', 'hybrid', 'remote'];

const textArray = (items: readonly string[]) => sql`${sql.param(items)}::text[]`;

/**
 * The INSERT of jobs n in [from, to) of a data set of `total`, every field drawn in the database
 * (draw/pick: a hash of n, so job n always gets the same content), over the ids computed here
 * (seedUuid, as the seed always named its jobs, so jobs seeded before are found, not doubled).
 * createdAt is spread over ~13 months, more of them recent, and grows with n, so rows are inserted
 * oldest first as a live site appends them (physical order follows created_at, as it does in
 * production; random order would make every page read scattered blocks).
 */
export function jobsSql(from: number, to: number, total: number, employerIds: string[], now: number) {
  const ids = Array.from({ length: to - from }, (_, i) => seedUuid(`job-${from + i}`));
  const { categories, places } = jobLists();
  const nowAt = sql`${new Date(now).toISOString()}::timestamptz`;
  return sql`
    with cat as (select * from jsonb_to_recordset(${JSON.stringify(categories)}::jsonb) as c(i int, name text, titles text[], kinds text[], duties text[])),
    place as (select * from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as p(i int, country text, towns text[], currency text, lo int, hi int)),
    job as (
      select u.id::uuid as id, u.n, c.name as category, p.country, p.currency,
        p.towns[${sql.raw(pick(3, 'cardinality(p.towns)'))}] as town,
        btrim((${textArray(LEVELS)})[${sql.raw(pick(4, LEVELS.length))}] || c.titles[${sql.raw(pick(5, 'cardinality(c.titles)'))}]) as title,
        (${textArray(COMPANY_FIRST)})[${sql.raw(pick(6, COMPANY_FIRST.length))}] || ' ' || c.kinds[${sql.raw(pick(7, 'cardinality(c.kinds)'))}] as company,
        c.duties[${sql.raw(pick(8, 'cardinality(c.duties)'))}] as duties,
        (${textArray(triples(REQUIREMENTS, ', '))})[${sql.raw(pick(9, triples(REQUIREMENTS, ', ').length))}] as requirements,
        (${textArray(triples(BENEFITS, ', '))})[${sql.raw(pick(10, triples(BENEFITS, ', ').length))}] as perks,
        round((p.lo + ${sql.raw(draw(11))} * (p.hi - p.lo) * 0.7) / 100) * 100 as low,
        1.1 + ${sql.raw(draw(12))} * 0.4 as spread,
        -- A fifth say nothing of pay, an eighth "Negotiable", the rest a monthly range.
        case when ${sql.raw(draw(13))} < 0.2 then 'none' when ${sql.raw(draw(14))} < 0.15 then 'negotiable' else 'range' end as pay,
        case when ${sql.raw(draw(15))} < 0.3 then ''
          else (1 + floor(${sql.raw(draw(16))} * 120))::int || ' ' || (${textArray(STREETS)})[${sql.raw(pick(17, STREETS.length))}] end as street,
        (${textArray(EMPLOYMENT_TYPES)})[${sql.raw(pick(18, EMPLOYMENT_TYPES.length))}] as employment_type,
        (${textArray(WORKPLACES)})[${sql.raw(pick(19, WORKPLACES.length))}] as workplace,
        (${textArray(employerIds)})[1 + u.n % ${employerIds.length}] as user_id,
        ${nowAt} - floor((1 - (u.n + ${sql.raw(draw(20))}) / ${Math.max(total, 1)}) ^ 2 * 400 * 86400000) * interval '1 millisecond' as created_at,
        ${nowAt} + (10 + u.n % 60) * interval '1 day' as expires_at
      from (select id, k + ${from - 1} as n from unnest(${textArray(ids)}) with ordinality as x(id, k)) u
      join cat c on c.i = ${sql.raw(pick(1, categories.length))} - 1
      join place p on p.i = ${sql.raw(pick(2, places.length))} - 1
    ),
    priced as (select *, round(low * spread / 100) * 100 as high, case when street = '' then '' else street || ', ' || town end as address from job)
    insert into jobs (id, user_id, title, company, country, category, description, salary, address, employment_type, workplace,
      salary_min, salary_max, salary_currency, salary_period, expires_at, created_at, updated_at)
    select id, user_id, title, company, country, category,
      company || ' in ' || town || ', ' || country || ', is hiring ' || case when left(title, 1) in ('A', 'E', 'I', 'O', 'U') then 'an ' else 'a ' end
        || title || '. In this role you will ' || duties || E'.\n\nWe are looking for someone with ' || requirements || E'.\n\nWe offer ' || perks
        || '. Send your application with a cover letter and an up-to-date resume; only shortlisted candidates will be contacted.',
      case pay when 'none' then '' when 'negotiable' then 'Negotiable'
        else currency || ' ' || to_char(low, 'FM999,999,999') || ' – ' || to_char(high, 'FM999,999,999') || ' / month' end,
      address, employment_type, workplace,
      case when pay = 'range' then low end, case when pay = 'range' then high end, case when pay = 'range' then currency end,
      case when pay = 'range' then 'month' end, expires_at, created_at, created_at
    from priced
    on conflict (id) do nothing`;
}

/** Jobs a statement: each a few hundred bytes of ids sent, the rest made in the database. */
const BATCH = 25_000;

export interface InsertJobsOptions {
  total: number;
  employerIds: string[];
  now: number;
  log: (line: string) => void;
  batch?: number;
  bulkIndexFrom?: number;
  /** Connections writing at once (PostgreSQL server); 1 on PGlite. */
  workers?: number;
}

/**
 * Inserts jobs n in [0, total), oldest first, BATCH a statement generated in the database (jobsSql):
 * nothing is built or parsed row by row in JavaScript. ON CONFLICT (id) DO NOTHING keeps the seed
 * idempotent. With many rows the secondary indexes (the trigram GINs above all: ~150 entries a row)
 * are dropped and built once at the end, a sort instead of a million random inserts; their
 * definitions are read back from pg_indexes, so they stay exactly what the migrations made, and
 * they are built beside the search words (all of them at once, not by the trigger).
 */
export async function insertJobs(db: Db, opts: InsertJobsOptions): Promise<number> {
  const { inserted, finish } = await writeJobs(db, opts);
  await finish();
  return inserted;
}

/**
 * insertJobs in two steps: the rows, then `finish`, which builds what was deferred (indexes and
 * search words). The caller must run `finish`; a seed runs it beside its next table, since one
 * index (the 1-2-grams GIN) takes minutes at a million jobs and leaves the second core idle. A
 * failed write runs it before throwing, so no index is ever left missing.
 */
export async function writeJobs(db: Db, opts: InsertJobsOptions): Promise<{ inserted: number; finish: () => Promise<void> }> {
  const { total, log, batch = BATCH, bulkIndexFrom = BULK_INDEX_FROM, workers = 1 } = opts;
  // Each poster's company first, one by one: the jobs' insert trigger would otherwise create them
  // in parallel batches, where two new companies can race for one slug (migration 0028).
  await db.execute(sql`select ensure_company(u) from unnest(${textArray(opts.employerIds)}) u`);
  const present = await countRows(db, 'jobs');
  const rebuild = total - present >= bulkIndexFrom;
  const indexes = rebuild ? await secondaryIndexes(db, 'jobs') : [];
  for (const { name } of indexes) await db.execute(sql.raw(`drop index if exists "${name}"`));
  const finish = async () => {
    if (!rebuild) return;
    const t = Date.now();
    // The search words are one more build beside the indexes, longest first: two connections keep two cores busy.
    const tasks = [
      () => rebuildSearchWords(db, log),
      () => rebuildSearchDocs(db, log),
      ...orderBuilds(indexes.map((i) => i.definition)).map((d) => () => buildIndex(db, d, (line) => log(`jobs: ${line}`))),
    ];
    await inParallel(tasks, workers, (task) => task());
    log(`jobs: ${indexes.length} indexes and the search words built in ${seconds(t)}`);
  };
  let inserted = 0;
  let done = 0;
  const started = Date.now();
  try {
    await inParallel(batches(total, batch), workers, async ({ from, to }) => {
      const res = (await db.transaction(async (tx) => {
        // A crash loses a seed batch at worst, which a re-run adds: no need to wait for the disk at each commit.
        await tx.execute(sql`set local synchronous_commit = off`);
        // The search words are written all at once by `finish` (the trigger would write them row by row).
        if (rebuild) await tx.execute(sql`set local caribconnect.bulk_seed = 'on'`);
        return tx.execute(jobsSql(from, to, total, opts.employerIds, opts.now));
      })) as unknown as { rowCount?: number; affectedRows?: number };
      inserted += res.rowCount ?? res.affectedRows ?? 0;
      done += to - from;
      if (total >= 10 * batch && (done / batch) % 4 === 0) log(`jobs: ${done} / ${total} (${seconds(started)})`);
    });
  } catch (err) {
    await finish();
    throw err;
  }
  if (total) log(`jobs: ${total} in the data set (${inserted} new) written in ${seconds(started)}`);
  return { inserted, finish };
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

/**
 * Writes job_search_docs (migration 0032, decision 0072) again from every job, in one statement and
 * one build of each index, in one transaction, then vacuums it (PGlite has no autovacuum).
 */
export async function rebuildSearchDocs(db: Db, log: (line: string) => void) {
  const t = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`truncate job_search_docs`);
    const indexes = (await tx.execute(
      sql`select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and tablename = 'job_search_docs' and indexname <> 'job_search_docs_pkey'`,
    )) as unknown as { rows: Array<{ name: string; def: string }> };
    for (const { name } of indexes.rows) await tx.execute(sql.raw(`drop index "${name}"`));
    await tx.execute(sql`insert into job_search_docs (job_id, created_at, expires_at, doc)
      select j.id, j.created_at, j.expires_at, job_search_doc(j.title, j.company, j.category, j.country, j.description) from jobs j`);
    for (const { def } of indexes.rows) await tx.execute(sql.raw(def));
  });
  await db.execute(sql`vacuum analyze job_search_docs`);
  log(`jobs: search documents written in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
