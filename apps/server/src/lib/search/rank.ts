import { sql, type SQL } from 'drizzle-orm';
import { timedDb, type Db } from '../../db/client';
import { isQueryCanceled } from '../db-errors';
import { badRequest } from '../http-error';
import type { RunSql } from '../job-list-query';
import { rowsOf } from '../keyset';
import { analyzeQuery, type AnalyzedQuery, queryWords } from './query';

/**
 * The ranking every search of the module shares (decision 0072): jobs (job_search_docs, migration
 * 0032) and ads (ad_search_docs, migration 0042) are the same kind of collection, one document per
 * record with its place in the list and its closing date, and a vocabulary of the words people see.
 */
export interface Collection {
  /** The documents: (key uuid, created_at, expires_at, doc tsvector), a GIN on doc and a btree on (created_at desc, key desc). */
  docs: 'job_search_docs' | 'ad_search_docs';
  key: 'job_id' | 'ad_id';
  /** The words of the records' titles (and companies), with a trigram index: typos are corrected to these. */
  vocabulary: 'job_search_vocabulary' | 'ad_search_vocabulary';
  /**
   * A btree of (word, created_at desc, key desc) over the titles' unstemmed words, if the collection
   * has one: the newest titles holding every word of the query are read from it, each word's entries
   * newest first, intersected (titleSource; decision 0072, addendum "within its own floor").
   */
  titleWords?: { table: 'job_search_words'; key: 'job_id' };
}

export const JOBS: Collection = {
  docs: 'job_search_docs',
  key: 'job_id',
  vocabulary: 'job_search_vocabulary',
  titleWords: { table: 'job_search_words', key: 'job_id' },
};
export const ADS: Collection = { docs: 'ad_search_docs', key: 'ad_id', vocabulary: 'ad_search_vocabulary' };

/**
 * The deepest a ranked list goes (its cursor's largest offset). The candidates scored are bounded
 * by CANDIDATE_WINDOW per source below, so a common word's list ends sooner.
 */
export const RANKED_WINDOW = 1000;
/**
 * How many candidates each source gives, newest first (decision 0072's addendum "at a million
 * jobs"): each costs a read of its document and a probe of its job, ~30-50 µs at a million jobs
 * when the pages are not in PostgreSQL's buffers, so 3 x 1,000 of them was most of a second.
 */
export const CANDIDATE_WINDOW = 300;
/**
 * The newest documents holding any word, fewer: a word in 2% of the documents (the six languages'
 * words for "nurse") walks ~50 documents per candidate down the created_at btree, and the best
 * matches of a common word come from the title source anyway (its title outweighs all else).
 */
export const ANY_WINDOW = 100;
/**
 * At level 1 (runRanked), source 1 reads at most this many documents holding any word from the GIN,
 * in no order, and takes the newest ANY_WINDOW of them: a bounded read whatever the planner believes.
 */
export const ANY_MATCHES = 10_000;
/** Source 2 first tests this many of the newest documents for every typed word, before it reads every match from the GIN. */
export const ALL_WALK = 1000;
/**
 * Per group of the query, how many of the newest titles holding one of its words are read from the
 * title words' index before the groups are intersected (source 3): an index-only read, ~1 µs each.
 */
export const TITLE_STREAM_MAX = 10_000;
/** At most this many groups, each of at most this many words, are looked up in the title words' index. */
const TITLE_GROUPS_MAX = 4;
const TITLE_WORDS_MAX = 24;
/** Plural endings tried on a typed word for the title words' index, which holds words unstemmed ("developers" → "developer"). */
const PLURAL_ENDINGS = ['es', 's'];

/** Weights of ts_rank for the description (D), the category and country (C), the company (B) and the title (A). */
const WEIGHTS = '{0.1, 0.3, 0.5, 1.0}';

/** The vocabulary a query is checked against: the words of the collection's titles (and companies). */
export function vocabularyOf(c: Collection, run: RunSql) {
  const table = sql.raw(c.vocabulary);
  return {
    async known(words: string[]) {
      const rows = await run<{ word: string }>(sql`select word from ${table} where word = any(${sql.param(words)}::text[])`);
      return new Set(rows.map((r) => r.word));
    },
    async near(words: string[]) {
      // Trigram neighbours (pg_trgm's % through the vocabulary's GIN), nearest first; the caller keeps those one typo away.
      const rows = await run<{ q: string; word: string }>(sql`select q.w as q, v.word from unnest(${sql.param(words)}::text[]) q(w)
        cross join lateral (select word from ${table} where word % q.w order by similarity(word, q.w) desc limit 8) v`);
      const map = new Map<string, string[]>();
      for (const r of rows) map.set(r.q, [...(map.get(r.q) ?? []), r.word]);
      return map;
    },
  };
}

/** An analyzed query, with (for a collection with a title words' index) the words of each group that some title holds. */
export type RankedQuery = AnalyzedQuery & { titleGroups?: string[][] };

/** The query's words and analysis, or null when it has no word of two or more characters (those use the newest-first list). */
export async function analyzeFor(c: Collection, text: string | undefined, run: RunSql): Promise<RankedQuery | null> {
  const words = queryWords(text);
  if (!words.some((w) => w.length >= 2)) return null;
  const vocabulary = vocabularyOf(c, run);
  const analyzed = await analyzeQuery(words, vocabulary);
  if (!c.titleWords) return analyzed;
  // Source 3 reads only words some title holds: a group's word that none holds would take a place
  // among its TITLE_WORDS_MAX for nothing (a concept's words in six languages, most in no title).
  const wanted = titleWordsOf(analyzed);
  const known = await vocabulary.known([...new Set(wanted.flat())]);
  return { ...analyzed, titleGroups: wanted.map((g) => g.filter((w) => known.has(w)).slice(0, TITLE_WORDS_MAX)) };
}

/** A ranked page's place: how many ranked records came before it ("r" and the offset, opaque to clients). */
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
 * The words of each group of the query (at most TITLE_GROUPS_MAX groups, the first) as the title
 * words' index may hold them: the typed spelling, its singular, its corrections, then the group's
 * other languages' words; a phrase alternative ("security guard") by each of its words of three
 * letters or more (the document's phrase test decides). Unchecked against the vocabulary.
 */
function titleWordsOf(q: AnalyzedQuery): string[][] {
  const typed = new Set([...q.words, ...[...q.corrections.values()].flat()]);
  return q.expanded.slice(0, TITLE_GROUPS_MAX).map((group) => {
    const own = group.filter((w) => w.split(' ').every((p) => typed.has(p)));
    const singulars = own.flatMap((w) => PLURAL_ENDINGS.filter((e) => w.endsWith(e) && w.length - e.length >= 3).map((e) => w.slice(0, -e.length)));
    const words = [...own, ...singulars, ...group].flatMap((w) => (w.includes(' ') ? w.split(' ').filter((p) => p.length >= 3) : [w]));
    return [...new Set(words.filter((w) => w.length >= 2))];
  });
}

export interface RankedOptions {
  now: Date;
  /** The record's other conditions, given the document's key (e.g. `exists (select 1 from jobs j where j.id = KEY and …)`). */
  where: (key: SQL) => SQL;
  offset: number;
  limit: number;
  /** How much of the plan the statement may use (RankedLevel; runRanked). */
  level?: RankedLevel;
}

/**
 * A ranked page's statement (runRanked): 0 the whole plan; 1 one whose every read is bounded, without
 * source 2 (every word as typed) and with source 1 read from the GIN, at most ANY_MATCHES documents,
 * rather than down the created_at btree.
 */
export type RankedLevel = 0 | 1;

/**
 * Source 3: the newest titles holding a word of EVERY group, up to CANDIDATE_WINDOW, read from the
 * title words' btree (word, created_at desc, key desc) INCLUDE (expires_at). Each group is one
 * stream: its words' index-only scans, each newest first, merged (a Merge Append) into one list
 * ordered by (created_at, key), at most TITLE_STREAM_MAX long; the streams are then intersected
 * on (created_at, key) by merge joins, so the newest titles holding them all come out first and the
 * reads stop as soon as enough are found. With one group it is the newest titles holding the word.
 */
function titleSource(t: NonNullable<Collection['titleWords']>, groups: string[][], o: RankedOptions): SQL {
  const table = sql.raw(t.table);
  const key = sql.raw(t.key);
  const now = o.now.toISOString();
  const stream = (words: string[]) =>
    sql`(select u.created_at, u.${key} from (${sql.join(
      words.map(
        (w) =>
          sql`(select s.created_at, s.${key} from ${table} s where s.word = ${w} and s.expires_at > ${now}::timestamptz
            order by s.created_at desc nulls last, s.${key} desc nulls last limit ${TITLE_STREAM_MAX})`,
      ),
      sql` union all `,
    )}) u order by u.created_at desc nulls last, u.${key} desc nulls last limit ${TITLE_STREAM_MAX})`;
  const [first, ...rest] = groups;
  const joins = rest.map((g, i) => {
    const alias = sql.raw(`g${i + 1}`);
    return sql` join ${stream(g)} ${alias} on ${alias}.created_at = g0.created_at and ${alias}.${key} = g0.${key}`;
  });
  // The record's test is written over every stream's key (equal, by the joins) so that PostgreSQL
  // tests the intersection's rows, not each entry of the first stream before the join.
  const id = rest.length ? sql.raw(`greatest(${groups.map((_, i) => `g${i}.${t.key}`).join(', ')})`) : sql.raw(`g0.${t.key}`);
  return sql`(select g0.${key} as id from ${stream(first!)} g0${sql.join(joins, sql``)}
      where ${o.where(id)}
      order by g0.created_at desc nulls last, g0.${key} desc nulls last limit ${CANDIDATE_WINDOW})`;
}

/**
 * The ranked (key, created_at, score) rows of one page, best first. The candidates are scored, not
 * every match: (1) the newest ANY_WINDOW documents holding any word of the query in any spelling
 * (the created_at btree for a common word, the GIN index for a rare one, as the planner judges), so a
 * query with fewer matches than that is ranked over all of them; (2) with several words, the newest
 * CANDIDATE_WINDOW holding every word as typed (read from the GIN when the newest documents hold too
 * few), so a common word of the query cannot crowd out the documents that hold them all; (3) for
 * jobs, the newest CANDIDATE_WINDOW titles holding a word of every group, intersected from
 * job_search_words' btree (titleSource), so an older job whose title names them all still competes
 * with newer ones that only mention them. Sources 1 and 2 are read only when the titles do not
 * already fill the page (`g`). Each candidate is tested against the record's other conditions, then
 * scored and sorted. At level 1 (runRanked) source 2 is left out and source 1 read another way.
 */
export function rankedSql(c: Collection, q: RankedQuery, o: RankedOptions): SQL {
  const docs = sql.raw(c.docs);
  const key = sql.raw(`d.${c.key}`);
  const live = sql`d.expires_at > ${o.now.toISOString()}::timestamptz`;
  const order = sql.raw(`order by d.created_at desc nulls last, d.${c.key} desc nulls last`);
  // The candidate reads test the tsquery itself, not the CTE's column: search_tsquery is immutable,
  // so PostgreSQL folds it at planning time and estimates from the documents' lexeme statistics how
  // many match, choosing between walking the created_at btree (a common word) and the GIN (a rare
  // one). Through the CTE it saw an unknown tsquery, guessed 5,000 matches whatever the words, and
  // read all 420,000 documents holding "driver" from the GIN to sort them.
  const json = (groups: string[][]) => sql`${JSON.stringify(groups)}::jsonb`;
  const titles = !!c.titleWords && !!q.titleGroups?.length && q.titleGroups.every((g) => g.length);
  // Sources 1 and 2 are not read when the titles holding every word (source 3) already give the
  // page enough records that hold every typed word (and the phrase): those outrank any document
  // holding the words elsewhere (the same 8 + 4 (+ 2), and ts_rank weighs the title 1.0 against the
  // company's 0.5 and the description's 0.1). `g.open` says so, once; as a one-time filter
  // PostgreSQL then never starts the source.
  const enough = o.offset + o.limit + 1;
  const gate = titles
    ? sql`(select count(*) from (select 1 from t join ${docs} d on ${key} = t.id cross join q
        where d.doc @@ q.oall and coalesce(d.doc @@ q.ph, true) limit ${enough}) e) < ${enough}`
    : sql`true`;
  const open = titles ? sql` and (select open from g)` : sql``;
  const level = o.level ?? 0;
  const anyWord = sql`d.doc @@ search_tsquery(${json(q.expanded)}, false)`;
  // At level 1 the documents holding any word are read from the GIN, at most ANY_MATCHES, before the
  // newest are chosen (m), so that PostgreSQL cannot walk the created_at btree (or the table) testing
  // every document for words that look common but match nothing ("security guard": a million, 6-9 s).
  // m tests q's tsquery, which the planner cannot see, so it reads the GIN whatever the words (the
  // tsquery written out made it scan the table). The record's test then runs lazily, newest first.
  const sources: SQL[] = [
    level === 1
      ? sql`(select m.id from (select m.id, m.created_at from m order by m.created_at desc nulls last, m.id desc nulls last offset 0) m
          where ${o.where(sql`m.id`)} order by m.created_at desc nulls last, m.id desc nulls last limit ${ANY_WINDOW})`
      : sql`(select ${key} as id from ${docs} d where ${anyWord} and ${live} and ${o.where(key)}${open} ${order} limit ${ANY_WINDOW})`,
  ];
  // Source 2: every word as typed (stemmed four ways; no phrase, so the GIN needs no recheck). First
  // the newest ALL_WALK documents are tested (w: a bounded walk of the created_at btree, enough when
  // the words often meet: "driver experience"); only when those hold fewer than the page needs is
  // every match read from the GIN (a, a CTE of its own so that PostgreSQL never walks the whole
  // btree instead: its estimate for an AND of words is far too high, "sales nurse" walked the whole
  // table; w's few rows are then read twice, and the union of the sources drops them). Then newest
  // first, the record's test lazily, row by row, until CANDIDATE_WINDOW pass (OFFSET 0 keeps it
  // above the sort).
  const all = q.original.length > 1 && level === 0;
  if (all)
    sources.push(sql`(select x.id from (select w.id, w.created_at from w where (select open from g)
        union all select a.id, a.created_at from a where case when (select open from g) then (select count(*) from w) < ${enough} else false end
        order by created_at desc nulls last, id desc nulls last offset 0) x
      where ${o.where(sql`x.id`)} order by x.created_at desc nulls last, x.id desc nulls last limit ${CANDIDATE_WINDOW})`);
  if (titles) sources.push(sql`(select t.id from t)`);
  const oall = sql`search_tsquery(${json(q.original)}, true)`;
  return sql`with q as materialized (${queries(q)}),${titles ? sql` t as materialized ${titleSource(c.titleWords!, q.titleGroups!, o)},` : sql``}${
    titles || all ? sql` g as materialized (select ${gate} as open),` : sql``
  }${
    level === 1
      ? sql` m as materialized (select ${key} as id, d.created_at from ${docs} d where d.doc @@ (select xany from q) and ${live}${open} limit ${ANY_MATCHES}),`
      : sql``
  }${
    all
      ? sql`
    w as materialized (select d.id, d.created_at from (select ${key} as id, d.created_at, d.doc from ${docs} d where ${live} ${order} limit ${ALL_WALK}) d
      where d.doc @@ ${oall}),
    a as materialized (select ${key} as id, d.created_at from ${docs} d where d.doc @@ ${oall} and ${live}),`
      : sql``
  }
    c as materialized (${sql.join(sources, sql` union `)}),
    s as (select ${key} as id, d.created_at, ${SCORE} as score
      from (select ${key}, d.created_at, d.doc || ''::tsvector as doc from c join ${docs} d on ${key} = c.id offset 0) d cross join q
      where d.doc @@ q.xany
      order by score desc, d.created_at desc nulls last, ${key} desc nulls last offset ${o.offset} limit ${o.limit + 1})
    select s.id, s.created_at, s.score from s`;
}

/** How many records a ranked search finds (every spelling), counting no further than cap + 1. */
export function rankedCountSql(c: Collection, q: RankedQuery, o: { now: Date; where: (key: SQL) => SQL; cap: number }): SQL {
  const docs = sql.raw(c.docs);
  const key = sql.raw(`d.${c.key}`);
  // The tsquery written out, as in rankedSql's candidate reads: the planner then knows how common the words are.
  return sql`select count(*)::int as n from (select 1 from ${docs} d
      where d.doc @@ search_tsquery(${JSON.stringify(q.expanded)}::jsonb, false) and d.expires_at > ${o.now.toISOString()}::timestamptz and ${o.where(key)} limit ${o.cap + 1}) m`;
}

/**
 * How long a ranked page's whole plan (level 0) may take on the PostgreSQL server before it is asked
 * again with every read bounded (level 1). PostgreSQL estimates how many documents hold the words as
 * if they were independent: two common words that seldom meet in one job ("sales nurse": 16,000
 * estimated, none found) make source 2 walk the created_at btree for the newest holding both, and
 * a lexicon's spellings that look common but match nothing ("security guard" on the bench's data:
 * "agent de sécurité", "gad", 52,839 estimated) make source 1 do the same, testing every document's
 * tsvector, the whole table (6-11 s at a million jobs, decision 0072's addenda). PGlite ignores
 * statement_timeout, so there the walk is bounded only by the database's size.
 */
export const RANKED_BUDGET_MS = 200;

/**
 * Runs a ranked page's statement, `build(level)`: on the server level 0 within `budgetMs`, then,
 * when PostgreSQL cancels it for taking longer, level 1 (every read bounded) without a budget.
 * Level 0 runs in one round trip on a pool whose connections carry the budget as their
 * statement_timeout (db/client.ts timedDb; a transaction with `set local` was three more); on
 * PGlite, which has no statement_timeout, level 0 runs on the database as it is. `budgetMs` other
 * than RANKED_BUDGET_MS is for the tests.
 */
export async function runRanked<R>(db: Db, build: (level: RankedLevel) => SQL, budgetMs = RANKED_BUDGET_MS): Promise<R[]> {
  const timed = timedDb(db, budgetMs);
  if (!timed) return rowsOf<R>(db.execute(build(0)));
  try {
    return await rowsOf<R>(timed.execute(build(0)));
  } catch (err) {
    if (!isQueryCanceled(err)) throw err;
    return rowsOf<R>(db.execute(build(1)));
  }
}
