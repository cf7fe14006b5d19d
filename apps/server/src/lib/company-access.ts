import { sql, type SQL } from 'drizzle-orm';
import type { CompanyRole } from '@caribconnect/shared';

/**
 * Who may do what in a company (issue 44, decision 0070), as SQL fragments that a statement puts in
 * its WHERE: membership and role are decided in the same query that reads or writes, never from a
 * value the client sent. Every module that touches a company's jobs, applicants or team builds on
 * these (jobs, applications, interviews, companies, and the hiring pipeline and candidate search).
 *
 * - owner: everything, the team and the company's settings too;
 * - recruiter: post, edit, close, renew and delete the company's jobs; see and act on their applicants;
 * - viewer: read the company's jobs and applicants, nothing else.
 *
 * A removed member has no row: an old session reaches nothing. Admin power is not in here: a route
 * that grants it adds `or ${caller.isAdmin}` itself (isAdmin from plugins/auth, decision 0068).
 */

/** What a viewer is told when they try to change something (403 COMPANY_ROLE_FORBIDDEN). */
export const COMPANY_ROLE_FORBIDDEN = "Viewers can read the company's jobs and applicants but not change them.";

export interface CompanyCaller {
  id: string;
}

/** The roles that hold at least `min`. */
export function rolesAtLeast(min: CompanyRole): CompanyRole[] {
  if (min === 'owner') return ['owner'];
  if (min === 'recruiter') return ['owner', 'recruiter'];
  return ['owner', 'recruiter', 'viewer'];
}

const roleList = (min: CompanyRole) =>
  sql.join(
    rolesAtLeast(min).map((r) => sql`${r}`),
    sql`, `,
  );

const raw = (expr: SQL | string) => (typeof expr === 'string' ? sql.raw(expr) : expr);

/**
 * The caller belongs to the company `companyIdSql` (a column such as `j.company_id`, or any SQL
 * giving a company id) with at least `minRole`.
 */
export function inCompany(caller: CompanyCaller, companyIdSql: SQL | string, minRole: CompanyRole): SQL {
  return sql`exists (select 1 from company_members cm where cm.company_id = ${raw(companyIdSql)} and cm.user_id = ${caller.id} and cm.role in (${roleList(minRole)}))`;
}

/** The caller may act on the job row aliased `jobAlias` (`j`, or `jobs`) with at least `minRole` in its company. */
export function onJob(caller: CompanyCaller, jobAlias: string, minRole: CompanyRole): SQL {
  return inCompany(caller, `${jobAlias}.company_id`, minRole);
}

/** The caller may act on the job whose id is `jobIdSql` (e.g. `a.job_id`) with at least `minRole`. */
export function onJobId(caller: CompanyCaller, jobIdSql: SQL | string, minRole: CompanyRole): SQL {
  return sql`exists (select 1 from jobs cj join company_members cm on cm.company_id = cj.company_id
    where cj.id = ${raw(jobIdSql)} and cm.user_id = ${caller.id} and cm.role in (${roleList(minRole)}))`;
}

/**
 * The caller's company id when their role is at least `minRole` (null otherwise): what a new job is
 * filed under. A subquery, so an insert takes it in the same statement.
 */
export function callerCompany(caller: CompanyCaller, minRole: CompanyRole): SQL {
  return sql`(select cm.company_id from company_members cm where cm.user_id = ${caller.id} and cm.role in (${roleList(minRole)}))`;
}

/** The company `companyIdSql` is not suspended by an admin (its page and jobs are hidden). */
export function companyActive(companyIdSql: SQL | string): SQL {
  return sql`not exists (select 1 from companies sc where sc.id = ${raw(companyIdSql)} and sc.suspended_at is not null)`;
}

/**
 * Who hears of what a job's team member started (`personSql`: its poster, an interview's scheduler):
 * that person while they are on the job's company's team, else the company's owners, so that a
 * member's leaving neither tells them more (decision 0076) nor leaves the company unheard. A subquery
 * of user ids, for a statement over the job row aliased `jobAlias`.
 */
export function jobTeamRecipients(jobAlias: string, personSql: SQL | string): SQL {
  const company = sql.raw(`${jobAlias}.company_id`);
  const person = raw(personSql);
  return sql`(select cm.user_id from company_members cm where cm.company_id = ${company} and cm.user_id = ${person}
    union all
    select cm.user_id from company_members cm where cm.company_id = ${company} and cm.role = 'owner'
      and not exists (select 1 from company_members x where x.company_id = ${company} and x.user_id = ${person}))`;
}
