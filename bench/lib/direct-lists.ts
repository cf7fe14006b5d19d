/**
 * The lists the list benchmarks measure, as the server process sees them: how each is seeded, and
 * its statements run straight through the driver exactly as the service runs them, so that the
 * API's figures can be set against the database's own.
 */
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import { currencyOfCountry, JOBS_TOTAL_CAP, searchFold } from '@caribconnect/shared';
import type { Database } from '../../apps/server/src/db/client';
import { seedAds } from '../../apps/server/src/db/seed/ads';
import { seedDemo } from '../../apps/server/src/db/seed/seed';
import { decodeCursor } from '../../apps/server/src/lib/keyset';
import { diskStorage } from '../../apps/server/src/lib/storage/disk';
import { adListPlan, containsPattern as adPattern, type AdSummaryRow } from '../../apps/server/src/modules/ads/list-query';
import { adFiltersOf } from '../../apps/server/src/modules/ads/service';
import { countriesMatching } from '../../apps/server/src/lib/job-country-match';
import {
  containsPattern as jobPattern,
  foldedTerm,
  salaryFloor,
  dateCutoff,
  jobCountQuery,
  jobListPlan,
  runJobListPlan,
  type RunSql,
} from '../../apps/server/src/lib/job-list-query';
import type { AdBenchFilters, BenchFilters } from './filters';

export interface DirectList<F> {
  /** Seeds `rows` rows into a migrated database; what it returns goes to the benchmark with the ready message. */
  seed(database: Database, rows: number, dataDir: string): Promise<Record<string, unknown>>;
  /** One page's statements. */
  page(database: Database, filters: F, limit: number): () => Promise<void>;
  /** The first page's count of matches alone, for a list that shows one. */
  total?(database: Database, filters: F): () => Promise<void>;
  /** How many rows match, to print beside the figures. */
  matches(database: Database, filters: F): Promise<number>;
}

const dialect = new PgDialect();
const executor = <R extends QueryResultRow>(database: Database) =>
  database.pglite
    ? (text: string, params: unknown[]) => database.pglite!.query<R>(text, params).then((r) => r.rows)
    : (text: string, params: unknown[]) => database.pool!.query<R>(text, params).then((r) => r.rows);

async function countWhere(database: Database, table: string, where: SQL[]): Promise<number> {
  const res = (await database.db.execute(
    sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.join([sql`true`, ...where], sql` and `)}`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return res.rows[0]!.n;
}

/** The first page's count of matches (capped), as the service runs it; null on later pages, which carry none. */
function jobCountStatement(filters: BenchFilters) {
  if (filters.cursor) return null;
  const query = jobCountQuery(filters, new Date(), JOBS_TOTAL_CAP);
  return query && dialect.sqlToQuery(query);
}

export const jobsList: DirectList<BenchFilters> = {
  async seed(database, rows) {
    // A database seeded before (`--pg`, e.g. a million jobs by npm run seed) is measured as it is.
    const present = (await database.db.execute(sql`select count(*)::int as n from jobs`)) as unknown as { rows: Array<{ n: number }> };
    if (present.rows[0]!.n < rows) await seedDemo(database.db, { jobs: rows });
    return {};
  },
  // The count is part of a first page: the list says "N jobs".
  page(database, filters, limit) {
    const plan = jobListPlan({ ...filters, after: decodeCursor(filters.cursor), limit }, new Date());
    const count = jobCountStatement(filters);
    const exec = executor(database);
    // Statements are turned into text on each call, as the service does.
    const run: RunSql = (q) => {
      const { sql: text, params } = dialect.sqlToQuery(q);
      return exec(text, params) as never;
    };
    return async () => {
      await runJobListPlan(plan, limit, run);
      if (count) await exec(count.sql, count.params);
    };
  },
  total(database, filters) {
    const count = jobCountStatement(filters);
    const exec = executor(database);
    return async () => {
      if (count) await exec(count.sql, count.params);
    };
  },
  matches(database, f) {
    const where: SQL[] = [];
    if (f.title) where.push(sql`search_lc like ${jobPattern(foldedTerm(f.title))}`);
    if (f.type) where.push(sql`employment_type = ${f.type}`);
    if (f.workplace) where.push(sql`workplace = ${f.workplace}`);
    const floor = salaryFloor(f);
    if (floor) where.push(sql`salary_currency = ${floor.currency} and salary_yearly >= ${floor.yearly}`);
    if (f.country)
      where.push(
        sql`country in (${sql.join(
          [...countriesMatching(f.country), ''].map((n) => sql`${n}`),
          sql`, `,
        )})`,
      );
    if (f.category) where.push(sql`lower(category) = lower(${f.category})`);
    if (f.date) where.push(sql`created_at >= ${dateCutoff(f.date, new Date()).toISOString()}::timestamptz`);
    return countWhere(database, 'jobs', where);
  },
};

export const adsList: DirectList<AdBenchFilters> = {
  /** Returns the category ids by slug: the benchmark's cases name categories by slug. */
  async seed(database, rows, dataDir) {
    const { users } = await seedDemo(database.db, { jobs: 0 });
    // A kept database (--database) seeded by an earlier run is used as it is.
    if ((await countWhere(database, 'ads', [])) < rows)
      // Pictures for the newest ads only: enough for the first screens, quick to draw.
      await seedAds(database.db, diskStorage(path.join(dataDir, 'uploads')), { ads: rows, pictures: 48, userIds: users.map((u) => u.id) });
    const categories = (await database.db.execute(sql`select id, slug from ad_categories`)) as unknown as { rows: Array<{ id: string; slug: string }> };
    return { categories: Object.fromEntries(categories.rows.map((c) => [c.slug, c.id])) };
  },
  page(database, filters, limit) {
    const num = (v?: string) => (v === undefined || v === '' ? undefined : Number(v));
    const query = adFiltersOf({ ...filters, minPrice: num(filters.minPrice), maxPrice: num(filters.maxPrice), limit })!;
    const plan = adListPlan(query).map((q) => dialect.sqlToQuery(q));
    const exec = executor<AdSummaryRow>(database);
    return async () => {
      for (const step of plan) if ((await exec(step.sql, step.params)).length > limit) return;
    };
  },
  matches(database, f) {
    const where: SQL[] = [];
    if (f.q) where.push(sql`search_lc like ${adPattern(searchFold(f.q).trim())}`);
    if (f.category) where.push(sql`category_id = ${f.category}::uuid`);
    if (f.country) where.push(sql`country = ${f.country}`);
    if (f.free) where.push(sql`price_kind = 'free'`);
    const currency = f.country && currencyOfCountry(f.country);
    if (currency && (f.minPrice || f.maxPrice || (f.sort && f.sort !== 'newest'))) where.push(sql`currency = ${currency}`);
    if (f.minPrice) where.push(sql`price >= ${Number(f.minPrice)}`);
    if (f.maxPrice) where.push(sql`price <= ${Number(f.maxPrice)}`);
    where.push(sql`expires_at > now()`);
    return countWhere(database, 'ads', where);
  },
};
