import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../http-error';
import { CARD, listConditions as jobListConditions, type JobFilters, type RunSql } from '../job-list-query';
import { analyzeQuery, type AnalyzedQuery, queryWords } from './query';

/**
 * How many of the newest matches a ranked search ranks (decision 0072). Past it, a common word's
 * older matches are not ranked: the statement reads at most this many documents, however common
 * the word, and a page deeper than this is not offered.
 */
export const RANKED_WINDOW = 1000;

/** Weights of ts_rank for the description (D), the category and country (C), the company (B) and the title (A). */
const WEIGHTS = '{0.1, 0.3, 0.5, 1.0}';

/** The vocabulary a query is checked against: the words of every job's title and company (migration 0023). */
export function jobsVocabulary(run: RunSql) {
  return {
    async known(words: string[]) {
      const rows = await run<{ word: string }>(sql`select word from job_search_vocabulary where word = any(${sql.param(words)}::text[])`);
      return new Set(rows.map((r) => r.word));
    },
    async near(words: string[]) {
      // Trigram neighbours (pg_trgm's % through the vocabulary's GIN), nearest first; the caller keeps those one typo away.
      const rows = await run<{ q: string; word: string }>(sql`select q.w as q, v.word from unnest(${sql.param(words)}::text[]) q(w)
        cross join lateral (select word from job_search_vocabulary where word % q.w order by similarity(word, q.w) desc limit 8) v`);
      const map = new Map<string, string[]>();
      for (const r of rows) map.set(r.q, [...(map.get(r.q) ?? []), r.word]);
      return map;
    },
  };
}

/** A ranked page's place: how many ranked jobs came before it ("r" and the offset, opaque to clients). */
export function decodeRankedCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const m = /^r(\d{1,4})$/.exec(cursor);
  if (!m || Number(m[1]) > RANKED_WINDOW) throw badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
  return Number(m[1]);
}
export const encodeRankedCursor = (offset: number) => `r${offset}`;

/** The tsqueries of an analyzed query, computed once per statement. */
function queries(q: AnalyzedQuery): SQL {
  const json = (groups: string[][]) => sql`${JSON.stringify(groups)}::jsonb`;
  return sql`select search_tsquery(${json(q.original)}, true) as oall, search_tsquery(${json(q.original)}, false) as oany,
    search_tsquery(${json(q.expanded)}, true) as xall, search_tsquery(${json(q.expanded)}, false) as xany,
    ${q.words.length > 1 ? sql`search_phrase(${q.text})` : sql`null::tsquery`} as ph`;
}

/**
 * The score of a document (decision 0072), highest first, newest first among equals:
 *  - 8 when it holds every word as typed (stemmed in English, Spanish, French or Dutch),
 *  - 4 when it holds every word through any spelling (a corrected typo, another language's word),
 *  - 2 when it holds the words in the query's order,
 *  - plus ts_rank with the title above the company above the category/country above the description,
 *    for the words as typed, and half of it for the other spellings.
 * So all words beat some, same-language beats other languages and typos, and a phrase beats scattered words.
 */
const SCORE = sql.raw(`(case when coalesce(d.doc @@ q.oall, false) then 8 else 0 end
  + case when coalesce(d.doc @@ q.xall, false) then 4 else 0 end
  + case when coalesce(d.doc @@ q.ph, false) then 2 else 0 end
  + coalesce(ts_rank('${WEIGHTS}', d.doc, q.oany), 0) + 0.5 * coalesce(ts_rank('${WEIGHTS}', d.doc, q.xany), 0))::float8`);

/**
 * One page of ranked jobs: the newest RANKED_WINDOW documents that hold any word of the query in
 * any spelling (the GIN index of job_search_docs, or its created_at btree for a common word, as the
 * planner judges), each tested against the list's other conditions, then scored and sorted.
 */
export function rankedJobsSql(q: AnalyzedQuery, f: JobFilters, now: Date, offset: number): SQL | null {
  const conditions = jobListConditions({ ...f, title: undefined, after: null }, now);
  if (!conditions) return null;
  const where = sql.join([...conditions.exact, ...conditions.filters], sql` and `);
  return sql`with q as materialized (${queries(q)}),
    c as materialized (select d.job_id, d.created_at, d.doc from job_search_docs d cross join q
      where d.doc @@ q.xany and d.expires_at > ${now.toISOString()}::timestamptz
        and exists (select 1 from jobs j where j.id = d.job_id and ${where})
      order by d.created_at desc nulls last, d.job_id desc nulls last limit ${RANKED_WINDOW}),
    s as (select d.job_id, d.created_at, ${SCORE} as score from c d cross join q
      order by score desc, d.created_at desc nulls last, d.job_id desc nulls last offset ${offset} limit ${f.limit + 1})
    select ${CARD.select}, s.score from s join jobs j on j.id = s.job_id
    order by s.score desc, s.created_at desc nulls last, s.job_id desc nulls last`;
}

/** How many jobs a ranked search finds (every spelling), counting no further than cap + 1. */
export function rankedCountSql(q: AnalyzedQuery, f: Omit<JobFilters, 'after' | 'limit'>, now: Date, cap: number): SQL | null {
  const conditions = jobListConditions({ ...f, title: undefined, after: null, limit: 0 }, now);
  if (!conditions) return null;
  const where = sql.join([...conditions.exact, ...conditions.filters], sql` and `);
  return sql`with q as materialized (${queries(q)})
    select count(*)::int as n from (select 1 from job_search_docs d cross join q
      where d.doc @@ q.xany and d.expires_at > ${now.toISOString()}::timestamptz
        and exists (select 1 from jobs j where j.id = d.job_id and ${where}) limit ${cap + 1}) m`;
}

/** The query's words and analysis, or null when it has no word of two or more characters (those use the newest-first list). */
export async function analyzeJobsQuery(text: string | undefined, run: RunSql): Promise<AnalyzedQuery | null> {
  const words = queryWords(text);
  if (!words.some((w) => w.length >= 2)) return null;
  return analyzeQuery(words, jobsVocabulary(run));
}
