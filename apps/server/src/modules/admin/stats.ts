import { sql, type SQL } from 'drizzle-orm';
import { BRAND, GROWTH_WEEKS, type AdminStats, type GrowthPoint, type GrowthSeries } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { csvLines, csvRow } from '../../lib/csv';
import { rowsOf } from '../../lib/keyset';

/** The tables behind each series; all carry created_at. */
const TABLES = { users: 'profiles', jobs: 'jobs', ads: 'ads', applications: 'applications' } as const;

export async function getStats(db: Db): Promise<AdminStats> {
  const [row] = await rowsOf<AdminStats>(
    db.execute(sql`select
      (select count(*) from profiles)::int as users,
      (select count(*) from jobs)::int as jobs,
      (select count(*) from ads)::int as ads,
      (select count(*) from applications)::int as applications`),
  );
  return row!;
}

/**
 * Rows created per week (weeks start on Monday, UTC) from the week of `from` to the week of `to`,
 * one row per week even when nothing happened: generate_series makes the weeks and the LEFT JOIN
 * counts into them, so an empty week is 0 rather than missing.
 */
function weekly(table: string, from: SQL, to: SQL, bounds?: { from: string; to: string }): SQL {
  const inRange = bounds
    ? sql`and t.created_at >= ${bounds.from}::date at time zone 'UTC' and t.created_at < (${bounds.to}::date + 1) at time zone 'UTC'`
    : sql``;
  return sql`
    select to_char(w.week, 'YYYY-MM-DD') as week, count(t.created_at)::int as count
    from generate_series(date_trunc('week', ${from}), date_trunc('week', ${to}), interval '1 week') as w(week)
    left join ${sql.raw(table)} t
      on t.created_at >= w.week at time zone 'UTC' and t.created_at < (w.week + interval '1 week') at time zone 'UTC' ${inRange}
    group by w.week order by w.week`;
}

const nowUtc = sql`(now() at time zone 'UTC')`;

/** The past GROWTH_WEEKS weeks, this week included. */
export async function getGrowth(db: Db): Promise<GrowthSeries> {
  const from = sql`${nowUtc} - ${`${GROWTH_WEEKS - 1} weeks`}::interval`;
  const series = async (table: string) => rowsOf<GrowthPoint>(db.execute(weekly(table, from, nowUtc)));
  const [users, jobs, ads, applications] = await Promise.all([series(TABLES.users), series(TABLES.jobs), series(TABLES.ads), series(TABLES.applications)]);
  return { users: users!, jobs: jobs!, ads: ads!, applications: applications! };
}

/** Sign-ups per week between two dates (both included). */
export async function getUserGrowthRange(db: Db, range: { from: string; to: string }): Promise<GrowthPoint[]> {
  return rowsOf<GrowthPoint>(db.execute(weekly(TABLES.users, sql`${range.from}::timestamp`, sql`${range.to}::timestamp`, range)));
}

export function growthCsvName(today = new Date()) {
  return `${BRAND}-growth-${today.toISOString().slice(0, 10)}.csv`;
}

/** Four sections, each a title line, a week,count header and its rows, separated by a blank line. */
export function growthCsv(g: GrowthSeries): string {
  const sections: Array<[string, GrowthPoint[]]> = [
    ['User Growth', g.users],
    ['Job Growth', g.jobs],
    ['Ad Growth', g.ads],
    ['Application Growth', g.applications],
  ];
  const lines: string[] = [];
  sections.forEach(([title, points], i) => {
    if (i > 0) lines.push('');
    lines.push(csvRow([title]), csvRow(['week', 'count']), ...points.map((p) => csvRow([p.week, p.count])));
  });
  return csvLines(lines);
}
