import { sql, SQL } from 'drizzle-orm';
import { currencyOfCountry, PERIODS_PER_YEAR, searchFold, type JobDateFilter, type JobListFilters } from '@caribconnect/shared';
import { countriesMatching } from './job-country-match';
import { afterCursor, isoText, type Keyset } from './keyset';
import { notBlockedBy, notHeld, ownerInGoodStanding, verifiedJobSql } from './moderation';
import { packedColumns, type PackedRow } from './packed-rows';

/** Descriptions on list cards are cut to this many characters (the card shows two lines). */
export const SUMMARY_CHARS = 300;

/**
 * How many rows, newest first, the first attempt reads before giving up on a title filter (or a
 * country term naming several countries). A term that matches at least ~1% of those rows fills a
 * page from this window; rarer terms go to an index instead (see jobListPlan).
 */
export const PROBE_ROWS = 2000;

/** pg_trgm extracts no trigram from a term shorter than this; such terms use job_title_grams instead. */
export const TRIGRAM_MIN = 3;

/**
 * A title term is read word by word (job_search_words, decision 0049) when its chosen token names at
 * most this many words of the vocabulary: one ordered read per word, merged.
 */
export const WORD_LOOKUP_MAX = 8;

/** How many of one word's rows, newest first, the word statement reads before handing over to the next statement. */
export const WORD_WINDOW = 1000;

export interface JobFilters extends JobListFilters {
  after: Keyset | null;
  limit: number;
  /** Only the jobs of this member's company (Your Job Listings). */
  userId?: string;
  /** Only this company's jobs (its public page). */
  companyId?: string;
  /** The owner's open jobs (the default) or their closed ones. The public list shows open jobs only. */
  state?: 'open' | 'closed';
  /** Only jobs posted after this instant (a job alert's new matches since its last email). */
  createdAfter?: Date;
  /** The signed-in reader: jobs of people they blocked are left out. */
  viewerId?: string;
}

export interface JobSummaryRow extends Keyset {
  title: string;
  company: string;
  country: string;
  category: string;
  description: string;
  paid: boolean;
  truncated: boolean;
  salary: string;
  expiresAt: string;
  expired: boolean;
  employmentType: string | null;
  workplace: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  verifiedEmployer: boolean;
  companySlug: string | null;
  listingPrice: string | null;
  listingCurrency: string | null;
}

/** The title filter's term as the search column holds text (search_fold); empty when nothing but punctuation. */
export const foldedTerm = (term: string | undefined) => (term ? searchFold(term.normalize('NFC')).trim() : '');

/** "Salary at least": the yearly amount and the currency compared (decision 0036: no exchange rates, one currency). */
export function salaryFloor(f: JobListFilters): { yearly: number; currency: string } | null {
  if (!f.salary) return null;
  const countries = f.country ? countriesMatching(f.country) : [];
  const currency = f.currency ?? (countries.length === 1 ? currencyOfCountry(countries[0]) : 'USD');
  return { yearly: Number(f.salary) * PERIODS_PER_YEAR[f.per ?? 'month'], currency };
}

/** Start of the date filter's window. thisYear starts on 1 January, UTC. */
export function dateCutoff(date: JobDateFilter, now: Date): Date {
  const day = 24 * 60 * 60 * 1000;
  switch (date) {
    case 'last24h':
      return new Date(now.getTime() - day);
    case 'last3d':
      return new Date(now.getTime() - 3 * day);
    case 'last7d':
      return new Date(now.getTime() - 7 * day);
    case 'last30d':
      return new Date(now.getTime() - 30 * day);
    case 'thisYear':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  }
}

/** The term as a LIKE pattern matching it anywhere, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A card's columns, each named by its key of JobSummaryRow; a row carries them as one JSON array. */
export const CARD = packedColumns<JobSummaryRow>([
  ['id', 'j.id'],
  ['createdAt', isoText('j.created_at')],
  ['title', 'j.title'],
  ['company', 'j.company'],
  ['country', 'j.country'],
  ['category', 'j.category'],
  ['description', `left(j.description, ${SUMMARY_CHARS})`],
  ['truncated', `length(j.description) > ${SUMMARY_CHARS}`],
  ['salary', 'j.salary'],
  ['paid', 'j.paid'],
  ['expiresAt', isoText('j.expires_at')],
  ['expired', 'j.expires_at <= now()'],
  ['employmentType', 'j.employment_type'],
  ['workplace', 'j.workplace'],
  ['salaryMin', 'j.salary_min::float8'],
  ['salaryMax', 'j.salary_max::float8'],
  ['salaryCurrency', 'j.salary_currency'],
  ['salaryPeriod', 'j.salary_period'],
  [
    'verifiedEmployer',
    '(exists (select 1 from companies vc where vc.id = j.company_id and vc.verified_at is not null) or exists (select 1 from verified_employers v where v.user_id = j.user_id))',
  ],
  ['companySlug', '(select c.slug from companies c where c.id = j.company_id and c.suspended_at is null)'],
  ['listingPrice', 'j.listing_price::text'],
  ['listingCurrency', 'j.listing_currency'],
]);
const SUMMARY_COLUMNS = CARD.select;

/** Paid, the owner is not suspended or banned (hidden until reinstated, spec section 4), and not held back by moderation. */
export const PUBLICLY_LISTED = sql`j.paid and ${ownerInGoodStanding('j.user_id')} and ${notHeld('job', 'j.id')}
  and j.company_id not in (select sc.id from companies sc where sc.suspended_at is not null)`;
const ORDER = sql.raw('order by j.created_at desc nulls last, j.id desc nulls last');

/**
 * A statement's row: the card (see CARD; all nulls on the row a probe returns when nothing matched)
 * and, from a probe, how many rows its window held: fewer than PROBE_ROWS means it saw every candidate.
 */
export interface JobListRow extends PackedRow {
  windowRows?: number | null;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * The list's conditions: `exact` ones an index answers in list order (the cursor first), and
 * `filters` none does. Null when nothing can match (a country term that names no country).
 */
export function listConditions(f: JobFilters, now: Date): { exact: SQL[]; filters: SQL[]; always: number } | null {
  const exact: SQL[] = [afterCursor('j', f.after)];
  const at = sql`${now.toISOString()}::timestamptz`;
  // Your Job Listings: every job of the caller's company, whoever posted it (decision 0070).
  if (f.userId) exact.push(sql`j.company_id = (select cm.company_id from company_members cm where cm.user_id = ${f.userId})`);
  // The public list shows paid jobs of people in good standing; owners see all of theirs (Awaiting payment).
  else exact.push(PUBLICLY_LISTED);
  if (f.companyId) exact.push(sql`j.company_id = ${f.companyId}`);
  // Closed jobs leave every list; their owner finds them apart (decision 0036).
  exact.push(f.userId && f.state === 'closed' ? sql`j.expires_at <= ${at}` : sql`j.expires_at > ${at}`);
  const always = exact.length;
  // A job alert's new matches since its last email.
  if (f.createdAfter) exact.push(sql`j.created_at > ${f.createdAfter.toISOString()}::timestamptz`);
  if (f.date) exact.push(sql`j.created_at >= ${dateCutoff(f.date, now).toISOString()}::timestamptz`);
  if (f.category) exact.push(sql`lower(j.category) = lower(${f.category})`);
  if (f.type) exact.push(sql`j.employment_type = ${f.type}`);
  if (f.workplace) exact.push(sql`j.workplace = ${f.workplace}`);
  if (f.verified) exact.push(verifiedJobSql('j'));
  if (f.viewerId && !f.userId) exact.push(notBlockedBy({ id: f.viewerId }, 'j.user_id'));
  const filters: SQL[] = [];
  if (f.country) {
    const names = countriesMatching(f.country);
    if (names.length === 0) return null;
    if (names.length === 1) exact.push(sql`j.country = ${names[0]}`);
    else
      filters.push(
        sql`j.country in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`,
      );
  }
  // search_lc is the folded title and company, stored; the term is folded the same way here, so the
  // LIKE needs no per-row folding.
  const term = foldedTerm(f.title);
  if (term) filters.push(sql`j.search_lc like ${containsPattern(term)}`);
  const floor = salaryFloor(f);
  if (floor) filters.push(sql`j.salary_currency = ${floor.currency} and j.salary_yearly >= ${floor.yearly}`);
  return { exact, filters, always };
}

/**
 * Which words of job_search_words hold a title term's matches. The folded term is a run of tokens
 * separated by single spaces; a job matches when its search_lc holds them in a row, so a one-token
 * term lies inside one word, and a longer term's first token ends a word, its last begins one and
 * any token between is a whole word. The longest token with a usable condition is chosen (a short
 * word is rarely a rare one): a whole word is an equality; the others a LIKE on the vocabulary,
 * which needs TRIGRAM_MIN characters to reach its trigram index. Null when no token qualifies.
 */
export function titleWordKey(term: string): { token: string; pattern: string; exact: boolean } | null {
  const tokens = term.split(' ').filter(Boolean);
  const escaped = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);
  const keys = tokens.flatMap((token, i) => {
    const first = i === 0;
    const last = i === tokens.length - 1;
    const exact = !first && !last;
    if (!exact && token.length < TRIGRAM_MIN) return [];
    const pattern = exact ? token : `${first ? '%' : ''}${escaped(token)}${last ? '%' : ''}`;
    return [{ token, pattern, exact }];
  });
  return keys.reduce<(typeof keys)[number] | null>((best, k) => (!best || k.token.length > best.token.length ? k : best), null);
}

/** A title term too short for trigrams reaches an index through job_title_grams (the LIKE stays for the exact test). */
const shortTitleIndex = (f: JobFilters): SQL[] => {
  const term = foldedTerm(f.title);
  return term && term.length < TRIGRAM_MIN ? [sql`job_title_grams(j.search_lc) @> array[${term}]`] : [];
};

/**
 * The SQL statements that answer one page of the jobs list, in the order to try them: run one; if
 * its answer is final (pageIsFinal) stop, otherwise run the next; the last one's answer is final.
 * No statement at all means nothing can match (a country term that names no country).
 *
 * Conditions an index answers exactly, in list order: the cursor and date (ranges on created_at),
 * the owner, the category, and the country when its term names one country (`country = name`,
 * with or without a category, has its own btree). Alone they make one statement that reads just
 * the page.
 *
 * A title term (and a country term naming several countries) is a filter no btree gives in list
 * order: with `ORDER BY created_at DESC LIMIT n` the planner may walk created_at and test every
 * row (a rare term scans the whole table) or fetch every match through the trigram index and sort
 * it (a common term fetches thousands). So:
 *  1. for a title term whose words can be read (WordSearch), its words' own index first: for a
 *     common term it costs less than the probe, and a rare one never reads the probe's window.
 *  2. then the probe reads the first PROBE_ROWS rows of the exact conditions in list order, only the
 *     columns the filter needs, filters them and reads the page's rows by id. It is final when it
 *     fills the page, or when the window held fewer than PROBE_ROWS rows (it saw every candidate:
 *     e.g. one country, a category and a date range).
 *  3. otherwise the fallback collects the matches' (id, created_at) through an index in a
 *     materialized CTE (no LIMIT inside, so the planner has no reason to walk created_at), sorts
 *     only those, which are few since a common term would have filled the page already, and reads
 *     the page's rows by id. Title terms of 3+ characters use the trigram index; shorter ones the
 *     index of each title's 1- and 2-character substrings (job_title_grams).
 */
export function jobListPlan(f: JobFilters, now: Date): JobListStep[] {
  const conditions = listConditions(f, now);
  if (!conditions) return [];
  const { exact, filters, always } = conditions;
  const take = f.limit + 1;

  if (filters.length === 0) return [sql`select ${SUMMARY_COLUMNS} from jobs j where ${and(exact)} ${ORDER} limit ${take}`];

  // Only the columns the filter needs, in a subquery (not a CTE, whose tuplestore cost 2-3x more
  // per row on PGlite), read lazily: a common term stops after its first page of hits.
  const window = (columns: string) => sql`select ${sql.raw(columns)} from jobs j where ${and(exact)} ${ORDER} limit ${PROBE_ROWS}`;
  const hits = sql`select j.id from (${window('j.id, j.created_at, j.search_lc, j.country, j.salary_currency, j.salary_yearly')}) j where ${and(filters)} ${ORDER} limit ${take}`;
  // When exact conditions narrow the list (date, category, one country, owner) the window may hold
  // every candidate; counting it (only when the page is not full: CASE evaluates the count only
  // then) lets the probe's answer be final. The left join keeps one row (id null) to carry it.
  const narrowed = exact.length > always;
  const probe = narrowed
    ? sql`with hit as materialized (${hits})
        select ${SUMMARY_COLUMNS}, case when (select count(*) from hit) = ${take} then null else (select count(*)::int from (${window('1')}) w) end as "windowRows"
        from (select) one left join (hit join jobs j on j.id = hit.id) on true ${ORDER}`
    : sql`select ${SUMMARY_COLUMNS} from jobs j join (${hits}) hit on hit.id = j.id ${ORDER}`;

  const matches = [...exact, ...filters, ...shortTitleIndex(f)];
  // Only (id, created_at) of the matches are materialized and sorted; the page's rows are then read by id.
  const fallback = sql`with m as materialized (select j.id, j.created_at from jobs j where ${and(matches)}),
      top as (select m.id from m order by m.created_at desc nulls last, m.id desc nulls last limit ${take})
    select ${SUMMARY_COLUMNS} from jobs j join top on top.id = j.id ${ORDER}`;
  const words = wordSearch(f, now, exact, filters);
  return words ? [words, probe, fallback] : [probe, fallback];
}

/**
 * A title term read word by word (decision 0049), in up to three small statements instead of one
 * that plans all of them (0049's addendum): planning the single statement cost more than the probe it
 * replaced for a common word. `vocabulary` names the words that can hold the term's matches
 * (titleWordKey; null when the token is a whole word, which is its own only word); `page` reads each
 * word's rows newest first, each job once by primary key against every other condition (the LIKE
 * included), up to a page per word; `windows` counts, for the words that gave less than a page, how
 * many rows their window holds: one that reached WORD_WINDOW may hide matches past it, and the probe
 * and fallback answer instead.
 */
export interface WordSearch {
  vocabulary: SQL | null;
  token: string;
  page(words: string[]): SQL;
  windows(words: string[]): SQL;
}

/**
 * The word search for a title term, or null when it does not apply: no title term, a term without a
 * usable token, or exact conditions that narrow the list (owner, category, one country, type,
 * workplace, verified), whose own btree the probe reads.
 */
function wordSearch(f: JobFilters, now: Date, exact: SQL[], filters: SQL[]): WordSearch | null {
  const term = foldedTerm(f.title);
  const key = titleWordKey(term);
  if (!key || f.userId || f.companyId || f.category || f.type || f.workplace || f.verified || (f.country && countriesMatching(f.country).length === 1))
    return null;
  // The cursor, the date and the closing date are ranges on the words' own index.
  const range = and([
    f.after ? sql`(ws.created_at, ws.job_id) < (${f.after.createdAt}::timestamptz, ${f.after.id}::uuid)` : sql`true`,
    sql`ws.expires_at > ${now.toISOString()}::timestamptz`,
    ...(f.createdAfter ? [sql`ws.created_at > ${f.createdAfter.toISOString()}::timestamptz`] : []),
    ...(f.date ? [sql`ws.created_at >= ${dateCutoff(f.date, now).toISOString()}::timestamptz`] : []),
  ]);
  const take = f.limit + 1;
  const byWord = sql.raw('order by ws.created_at desc nulls last, ws.job_id desc nulls last');
  const wordsOf = (words: string[]) => sql`unnest(${sql.param(words)}::text[]) w(word)`;
  const newest = sql`select ws.job_id, ws.created_at from job_search_words ws where ws.word = w.word and ${range} ${byWord} limit ${WORD_WINDOW}`;
  return {
    token: key.token,
    vocabulary: key.exact ? null : sql`select v.word from job_search_vocabulary v where v.word like ${key.pattern} limit ${WORD_LOOKUP_MAX + 1}`,
    // The job is read in a LATERAL (… OFFSET 0) subquery: joined, the planner, which cannot estimate
    // LIKE '%nurse%', hashed all of the term's trigram matches (130 ms instead of 1 at a million).
    page: (words) => sql`select c.card, c.word from ${wordsOf(words)} cross join lateral (
        select w.word, ws.created_at, ws.job_id, j.card from (${newest}) ws
          cross join lateral (select ${SUMMARY_COLUMNS} from jobs j where j.id = ws.job_id and ${and([...exact, ...filters])} offset 0) j
        ${byWord} limit ${take}) c
      order by c.created_at desc nulls last, c.job_id desc nulls last`,
    windows: (words) => sql`select w.word, (select count(*)::int from (${newest}) x) as "windowRows" from ${wordsOf(words)}`,
  };
}

export type JobListStep = SQL | WordSearch;

/** Whether a statement's rows answer the page: they fill it, or they come from a probe that saw every candidate. */
export function pageIsFinal(rows: JobListRow[], limit: number): boolean {
  const windowRows = rows[0]?.windowRows;
  return rows.length > limit || (typeof windowRows === 'number' && windowRows < PROBE_ROWS);
}

/** Runs a statement and returns its rows. */
export type RunSql = <R>(query: SQL) => Promise<R[]>;

/** Runs a plan (see jobListPlan) and returns the page's rows, limit + 1 at most. */
export async function runJobListPlan(plan: JobListStep[], limit: number, run: RunSql): Promise<JobSummaryRow[]> {
  let rows: JobListRow[] = [];
  for (const step of plan) {
    if (!(step instanceof SQL)) {
      const found = await readWords(step, limit, run);
      if (!found) continue;
      rows = found;
      break;
    }
    rows = await run<JobListRow>(step);
    if (pageIsFinal(rows, limit)) break;
  }
  return rows.filter((row) => row.card[0] !== null).map((row) => CARD.unpack(row.card));
}

/**
 * A word search's page (see WordSearch), or null when it cannot answer: more than WORD_LOOKUP_MAX
 * words, or a word whose window held too few matches to be sure. Each word gives its newest matches
 * (a page at most); merged, a job held by two of the words comes once.
 */
async function readWords(search: WordSearch, limit: number, run: RunSql): Promise<JobListRow[] | null> {
  const words = search.vocabulary ? (await run<{ word: string }>(search.vocabulary)).map((r) => r.word) : [search.token];
  if (words.length > WORD_LOOKUP_MAX) return null;
  // No job ever held the term's token: nothing can match.
  if (words.length === 0) return [];
  const rows = await run<JobListRow & { word: string }>(search.page(words));
  const hits = new Map<string, number>();
  for (const row of rows) hits.set(row.word, (hits.get(row.word) ?? 0) + 1);
  const short = words.filter((w) => (hits.get(w) ?? 0) <= limit);
  if (short.length > 0) {
    const windows = await run<{ windowRows: number }>(search.windows(short));
    if (windows.some((w) => w.windowRows >= WORD_WINDOW)) return null;
  }
  // Rows come in list order, so a job held by two words is the row after itself.
  return rows.filter((row, i) => i === 0 || row.card[0] !== rows[i - 1]!.card[0]).slice(0, limit + 1);
}

/**
 * How many jobs match the filters (all pages, so without the cursor), counting no further than
 * `cap + 1`: the planner may stop at the first cap + 1 matches, so a broad filter costs a bounded
 * read, and a narrow one goes through the same indexes as the list's fallback. Null when nothing
 * can match.
 */
export function jobCountQuery(f: Omit<JobFilters, 'after' | 'limit'>, now: Date, cap: number): SQL | null {
  const conditions = listConditions({ ...f, after: null, limit: 0 }, now);
  if (!conditions) return null;
  const matches = [...conditions.exact, ...conditions.filters, ...shortTitleIndex({ ...f, after: null, limit: 0 })];
  // Exact conditions alone are read in list order, through the btree the page itself uses, which
  // stops after cap + 1 rows. Unordered, the planner took a bitmap scan, which must first collect
  // every match from the index (all 31,000 of one country at a million jobs: 41 ms instead of a
  // few) and, with no condition at all, a sequential scan from the oldest rows, which on a live
  // site are mostly closed (decision 0044). A filter no btree answers (a title term, several
  // countries, a salary) keeps the unordered form: in list order a rare term would scan the table.
  const ordered = conditions.filters.length === 0 ? ORDER : sql``;
  return sql`select count(*)::int as n from (select 1 from jobs j where ${and(matches)} ${ordered} limit ${cap + 1}) m`;
}
