import { sql } from 'drizzle-orm';
import type { JobsForYou, JobSummary, LanguageCode } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { CARD, listConditions, type JobFilters, type JobSummaryRow } from '../job-list-query';
import { rowsOf } from '../keyset';
import { fold, lexicon, type Lexicon } from './lexicon';

/** How many of the newest jobs sharing a word with the resume are scored (as RANKED_WINDOW bounds a search). */
export const FOR_YOU_WINDOW = 300;
/** At most this many skills and this many experience titles of a resume are matched: a long resume must not make a huge query. */
const MAX_SKILLS = 30;
const MAX_ROLES = 10;

/** The lexicon concept of each app language's name: a job asking for the seeker's language names it. */
const LANGUAGE_CONCEPT: Record<LanguageCode, string> = { en: 'english', es: 'spanish', fr: 'french', nl: 'dutch', ht: 'creole', pap: 'papiamento' };

/**
 * One resume entry (a skill, an experience title) as a search group: its own words, and when the
 * lexicon knows it (the whole entry, else each word), every word of its concepts in the six
 * languages, so "Enfermera" on a resume finds "Registered Nurse".
 */
function groupOf(entry: string, lex: Lexicon): string[][] {
  const folded = fold(entry).slice(0, 80);
  if (!folded) return [];
  const whole = lex.byPhrase.get(folded);
  if (whole) return [[folded, ...whole.flatMap((c) => c.folded)].slice(0, 60)];
  return [[folded]];
}

interface Seeker {
  country: string;
  language: LanguageCode;
  skills: string[] | null;
  experience: unknown;
  alertCountries: string[];
  alertCategories: string[];
}

/**
 * "Jobs for you" (issue 46, decision 0072): open jobs ranked by what the seeker's resume and profile
 * share with them — each skill the job's text holds (3), each experience title (2, in any of the
 * app's languages through the lexicon), the seeker's country or a job alert's country (1), a job
 * alert's category (1), the seeker's language named by the job (1) — then by recency (up to 1, over
 * 30 days). Scored among the newest FOR_YOU_WINDOW jobs that share a word with the resume (the GIN
 * index of job_search_docs); with no resume words, among the newest jobs. Jobs they applied to, and
 * jobs of people they blocked, are left out. Each job says why, from the seeker's own data only.
 */
export async function jobsForYou(
  db: Db,
  userId: string,
  opts: {
    limit: number;
    now: Date;
    toSummary: (row: JobSummaryRow) => JobSummary;
    /** As a sort of /jobs: the list's filters (words as the list's title search, category, country, …) narrow the jobs scored. */
    filters?: Omit<JobFilters, 'after' | 'limit' | 'sort'>;
    /** How many ranked jobs came before this page. */
    offset?: number;
  },
): Promise<JobsForYou | null> {
  const run = <R>(q: Parameters<Db['execute']>[0]) => rowsOf<R>(db.execute(q));
  const [seeker] = await run<Seeker>(sql`select p.country, p.language, r.skills, r.experience,
      coalesce((select array_agg(distinct a.filters->>'country') from job_alerts a where a.user_id = p.id and coalesce(a.filters->>'country', '') <> ''), '{}') as "alertCountries",
      coalesce((select array_agg(distinct lower(a.filters->>'category')) from job_alerts a where a.user_id = p.id and coalesce(a.filters->>'category', '') <> ''), '{}') as "alertCategories"
    from profiles p left join resumes r on r.user_id = p.id where p.id = ${userId}`);
  if (!seeker) return null;
  const lex = lexicon();
  const hasResume = seeker.skills !== null;
  const skills = [...new Set((seeker.skills ?? []).map((s) => s.trim()).filter(Boolean))].slice(0, MAX_SKILLS);
  const roles = [
    ...new Set(
      (Array.isArray(seeker.experience) ? (seeker.experience as Array<{ title?: unknown }>) : [])
        .map((e) => (typeof e?.title === 'string' ? e.title.trim() : ''))
        .filter(Boolean),
    ),
  ].slice(0, MAX_ROLES);
  const entries = (list: string[]) => list.map((label) => ({ label, groups: groupOf(label, lex) })).filter((e) => e.groups.length);
  const skillEntries = entries(skills);
  const roleEntries = entries(roles);
  const anyGroups = [...skillEntries, ...roleEntries].flatMap((e) => e.groups);
  const languageConcept = seeker.language !== 'en' ? lex.concepts.find((c) => c.id === LANGUAGE_CONCEPT[seeker.language]) : undefined;
  const countries = [...new Set([seeker.country, ...seeker.alertCountries].filter(Boolean))];

  const conditions = listConditions({ ...opts.filters, after: null, limit: opts.limit, viewerId: userId }, opts.now);
  if (!conditions) return { hasResume, items: [] };
  const where = sql.join([...conditions.exact, ...conditions.filters], sql` and `);
  const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
  const rows = await run<{ card: unknown[]; skills: string[]; roles: string[]; inCountry: boolean; inCategory: boolean; speaks: boolean }>(sql`
    with q as materialized (select ${anyGroups.length ? sql`search_tsquery(${json(anyGroups)}, false)` : sql`null::tsquery`} as anyq,
        ${languageConcept ? sql`search_tsquery(${json([languageConcept.folded])}, false)` : sql`null::tsquery`} as lang),
      sq as materialized (select e->>'label' as label, search_tsquery(e->'groups', true) as tq from jsonb_array_elements(${json(skillEntries)}) e),
      rq as materialized (select e->>'label' as label, search_tsquery(e->'groups', true) as tq from jsonb_array_elements(${json(roleEntries)}) e),
      -- The resume's tsquery is written out, not read from q: PostgreSQL folds it when planning and
      -- judges from the documents' statistics how many match (through q it guessed, and could hash
      -- every open job); OFFSET 0 keeps the job's test a probe per candidate (lib/search/jobs.ts).
      pool as materialized (select d.job_id, d.created_at, d.doc from job_search_docs d
        where ${anyGroups.length ? sql`d.doc @@ search_tsquery(${json(anyGroups)}, false)` : sql`true`} and d.expires_at > ${opts.now.toISOString()}::timestamptz
          and exists (select 1 from jobs j where j.id = d.job_id and ${where} offset 0)
          and not exists (select 1 from applications a where a.job_id = d.job_id and a.user_id = ${userId})
        order by d.created_at desc nulls last, d.job_id desc nulls last limit ${FOR_YOU_WINDOW}),
      matched as (select p.job_id, p.created_at,
          array(select sq.label from sq where p.doc @@ sq.tq) as skills,
          array(select rq.label from rq where p.doc @@ rq.tq) as roles,
          coalesce(p.doc @@ q.lang, false) as speaks
        from pool p cross join q),
      scored as (select m.*, j.country = any(${sql.param(countries)}::text[]) as in_country,
          lower(j.category) = any(${sql.param(seeker.alertCategories)}::text[]) as in_category
        from matched m join jobs j on j.id = m.job_id),
      top as (select s.*, 3 * cardinality(s.skills) + 2 * cardinality(s.roles) + s.in_country::int + s.in_category::int + s.speaks::int
          + greatest(0, 1 - extract(epoch from (${opts.now.toISOString()}::timestamptz - s.created_at)) / (30 * 86400)) as score
        from scored s order by score desc, s.created_at desc nulls last, s.job_id desc offset ${opts.offset ?? 0} limit ${opts.limit})
    select ${CARD.select}, t.skills, t.roles, t.in_country as "inCountry", t.in_category as "inCategory", t.speaks
    from top t join jobs j on j.id = t.job_id
    order by t.score desc, t.created_at desc nulls last, t.job_id desc`);
  return {
    hasResume,
    items: rows.map((r) => {
      const summary = opts.toSummary(CARD.unpack(r.card));
      const reasons = {
        skills: r.skills,
        roles: r.roles,
        country: r.inCountry ? summary.country : null,
        category: r.inCategory ? summary.category : null,
        language: r.speaks ? seeker.language : null,
      };
      return { ...summary, reasons };
    }),
  };
}
