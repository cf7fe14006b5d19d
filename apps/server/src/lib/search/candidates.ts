import { sql, type SQL } from 'drizzle-orm';
import type { JobCandidate } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { onJob } from '../company-access';
import { rowsOf } from '../keyset';
import { ownerInGoodStanding } from '../moderation';

/** How many opted-in resumes, most recently updated first, a job's candidates are chosen from. */
export const CANDIDATE_WINDOW = 2000;
/** How many candidates a job's team sees. */
export const CANDIDATES_MAX = 50;

/**
 * The job's team (decision 0072): who may see a job's candidates, decided in the statement. The
 * members of the job's company, any role (owner, recruiter, viewer: lib/company-access.ts, decision
 * 0070); the one place to change it.
 */
export const jobTeam = (caller: { id: string }, jobAlias: string): SQL => onJob(caller, jobAlias, 'viewer');

/** Whether the job's document holds the words of `text` (search_tsquery, migration 0032). */
const wordsIn = (doc: string, text: SQL) =>
  sql`coalesce(${sql.raw(doc)} @@ search_tsquery(jsonb_build_array(jsonb_build_array(search_fold(${text}))), true), false)`;

/**
 * "Candidates for this job": seekers who turned "Employers can find me" on, ranked by the skills and
 * experience titles of their resume that the job's text holds (stemmed in four languages), then by
 * their resume's freshness. Only the name and the matched words leave the database: never contact
 * details or documents. A resume without the opt-in is never read, so never shown nor counted.
 * Null when the caller is not on the job's team (or there is no such job).
 */
export async function candidatesForJob(db: Db, caller: { id: string }, jobId: string): Promise<JobCandidate[] | null> {
  const rows = await rowsOf<{ userId: string | null; fullName: string | null; matchedSkills: string[] | null; matchedRoles: number | null }>(
    db.execute(sql`with job as materialized (select j.id, d.doc from jobs j join job_search_docs d on d.job_id = j.id where j.id = ${jobId} and ${jobTeam(caller, 'j')}),
      pool as (select r.user_id, r.full_name, r.skills, r.experience, r.updated_at from resumes r
        where r.discoverable and r.user_id <> ${caller.id} and ${ownerInGoodStanding('r.user_id')}
        order by r.updated_at desc nulls last limit ${CANDIDATE_WINDOW}),
      scored as (select p.user_id, p.full_name, p.updated_at,
          array(select s from unnest(p.skills) s where ${wordsIn('job.doc', sql`s`)}) as skills,
          (select count(*)::int from jsonb_array_elements(p.experience) e where ${wordsIn('job.doc', sql`coalesce(e->>'title', '')`)}) as roles
        from pool p cross join job),
      top as (select *, cardinality(skills) * 2 + roles as score from scored where cardinality(skills) > 0 or roles > 0
        order by score desc, updated_at desc, user_id limit ${CANDIDATES_MAX})
      select t.user_id as "userId", t.full_name as "fullName", t.skills as "matchedSkills", t.roles as "matchedRoles"
      from job left join top t on true
      order by t.score desc, t.updated_at desc, t.user_id`),
  );
  if (rows.length === 0) return null;
  return rows
    .filter((r) => r.userId)
    .map((r) => ({ userId: r.userId!, fullName: r.fullName ?? '', matchedSkills: r.matchedSkills ?? [], matchedRoles: r.matchedRoles ?? 0 }));
}

/**
 * The job a caller may invite `userId` to apply for: the caller is its owner or a recruiter of its
 * company (a viewer reads, and does not write: decision 0070), and `userId` opted in ("Employers
 * can find me"). Null otherwise, whatever the reason, so nobody learns who did not opt in.
 */
export async function invitableJob(db: Db, caller: { id: string }, jobId: string, userId: string): Promise<{ id: string; title: string } | null> {
  const [row] = await rowsOf<{ id: string; title: string }>(
    db.execute(sql`select j.id, j.title from jobs j where j.id = ${jobId} and ${onJob(caller, 'j', 'recruiter')}
      and exists (select 1 from resumes r where r.user_id = ${userId} and r.discoverable and r.user_id <> ${caller.id} and ${ownerInGoodStanding('r.user_id')})`),
  );
  return row ?? null;
}
