import { sql, type SQL } from 'drizzle-orm';
import { CARD, listConditions as jobListConditions, type JobFilters, type RunSql } from '../job-list-query';
import { analyzeFor, JOBS, type RankedLevel, type RankedQuery, rankedCountSql as countSql, rankedSql, vocabularyOf } from './rank';

export { decodeRankedCursor, encodeRankedCursor, RANKED_WINDOW } from './rank';

/** The vocabulary a query is checked against: the words of every job's title and company (migration 0023). */
export const jobsVocabulary = (run: RunSql) => vocabularyOf(JOBS, run);

/** The list's conditions other than the words, as a test of the job with the document's key; null when nothing can match. */
function jobWhere(f: Omit<JobFilters, 'after' | 'limit'>, now: Date): ((key: SQL) => SQL) | null {
  const conditions = jobListConditions({ ...f, title: undefined, after: null, limit: 0 }, now);
  if (!conditions) return null;
  const where = sql.join([...conditions.exact, ...conditions.filters], sql` and `);
  // OFFSET 0 keeps the test a per-candidate probe of jobs' primary key: without it PostgreSQL may
  // turn the EXISTS into a semi-join and, misjudging how many documents match, hash every open job
  // (a sequential scan of a million rows measured at 1-2 s for "driver", decision 0072's addendum).
  return (key) => sql`exists (select 1 from jobs j where j.id = ${key} and ${where} offset 0)`;
}

/** One page of ranked jobs (lib/search/rank.ts), with the list's cards. */
export function rankedJobsSql(q: RankedQuery, f: JobFilters, now: Date, offset: number, level: RankedLevel = 0): SQL | null {
  const where = jobWhere(f, now);
  if (!where) return null;
  return sql`with r as (${rankedSql(JOBS, q, { now, where, offset, limit: f.limit, level })})
    select ${CARD.select}, r.score from r join jobs j on j.id = r.id
    order by r.score desc, r.created_at desc nulls last, r.id desc nulls last`;
}

/** How many jobs a ranked search finds (every spelling), counting no further than cap + 1. */
export function rankedCountSql(q: RankedQuery, f: Omit<JobFilters, 'after' | 'limit'>, now: Date, cap: number): SQL | null {
  const where = jobWhere(f, now);
  return where ? countSql(JOBS, q, { now, where, cap }) : null;
}

/** The query's words and analysis, or null when it has no word of two or more characters (those use the newest-first list). */
export const analyzeJobsQuery = (text: string | undefined, run: RunSql): Promise<RankedQuery | null> => analyzeFor(JOBS, text, run);
