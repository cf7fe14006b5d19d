// What the interviews module and the deletions of jobs and accounts (jobs, admin) share: how an
// interview row is read with its people, and which interviews are still upcoming.
import { sql, type SQL } from 'drizzle-orm';
import type { Interview, LanguageCode } from '@caribconnect/shared';
import type { Db } from '../../db/client';

/** The database or a transaction: anything that runs a query. */
type Runner = Pick<Db, 'execute'>;

/** An interview with what the emails need (addresses, sequence), which the API never returns. */
export interface InterviewRow extends Interview {
  sequence: number;
  applicantEmail: string;
  /** Null once the employer's account is deleted. */
  employerEmail: string | null;
  /** The language each person reads their emails in (English once an account is gone). */
  applicantLanguage: LanguageCode;
  employerLanguage: LanguageCode;
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Columns of `i` (interviews, or a CTE returning its rows) with the job and both people. The job's
 * own title and company while it exists, the copies kept at scheduling once it is gone.
 */
export const INTERVIEW_COLUMNS = sql`i.id, i.job_id as "jobId", coalesce(j.title, i.job_title) as "jobTitle", coalesce(j.company, i.job_company) as "jobCompany",
  i.applicant_id as "applicantId", coalesce(pa.full_name, '') as "applicantName", ua.email as "applicantEmail",
  i.employer_id as "employerId", coalesce(pe.full_name, '') as "employerName", ue.email as "employerEmail",
  ${iso('i.interview_time')} as "interviewTime", i.time_zone as "timeZone", i.location, i.notes, i.status,
  i.sequence, ${iso('i.created_at')} as "createdAt",
  coalesce(pa.language, 'en') as "applicantLanguage", coalesce(pe.language, 'en') as "employerLanguage"`;
export const INTERVIEW_JOINS = sql`left join jobs j on j.id = i.job_id
  join users ua on ua.id = i.applicant_id left join profiles pa on pa.id = i.applicant_id
  left join users ue on ue.id = i.employer_id left join profiles pe on pe.id = i.employer_id`;

export async function interviewRows(db: Runner, query: SQL): Promise<InterviewRow[]> {
  return ((await db.execute(query)) as unknown as { rows: InterviewRow[] }).rows;
}

/** Only what the two people may see: the API's shape, no addresses. */
export function toInterview(r: InterviewRow): Interview {
  const { sequence: _s, applicantEmail: _a, employerEmail: _e, applicantLanguage: _al, employerLanguage: _el, ...rest } = r;
  return rest;
}

/** Ended more than this long ago, an interview leaves the lists of upcoming ones (and is no longer cancelled with its job). */
export const STILL_UPCOMING = sql`now() - interval '2 hours'`;

/** The interviews a deletion withdraws: one job's, or every one an employer scheduled. */
/** Or one applicant's for one job: their application was withdrawn (decision 0071). */
export type InterviewsOf = { jobId: string } | { employerId: string } | { jobId: string; applicantId: string };
const whereOf = (of: InterviewsOf) =>
  'applicantId' in of
    ? sql`i.job_id = ${of.jobId} and i.applicant_id = ${of.applicantId}`
    : 'jobId' in of
      ? sql`i.job_id = ${of.jobId}`
      : sql`i.employer_id = ${of.employerId}`;
const cancellable = sql`i.status in ('pending', 'confirmed') and i.interview_time > ${STILL_UPCOMING}`;

/** How many upcoming interviews deleting this job or account would cancel (for its confirmation). */
export async function countUpcomingInterviews(db: Runner, of: InterviewsOf): Promise<number> {
  const [row] = (
    (await db.execute(sql`select count(*)::int as count from interviews i where ${whereOf(of)} and ${cancellable}`)) as unknown as {
      rows: Array<{ count: number }>;
    }
  ).rows;
  return row?.count ?? 0;
}

/**
 * Cancels the upcoming interviews of a job or an employer, as the employer's Cancel does (status
 * cancelled, SEQUENCE bumped), inside the deleting transaction and before the delete, while the job
 * and the people can still be read. The caller emails the returned rows after the commit.
 */
export async function cancelUpcomingInterviews(tx: Runner, of: InterviewsOf): Promise<InterviewRow[]> {
  return interviewRows(
    tx,
    sql`with i as (
        update interviews i set status = 'cancelled', sequence = sequence + 1, updated_at = now()
        where ${whereOf(of)} and ${cancellable}
        returning i.*)
      select ${INTERVIEW_COLUMNS} from i ${INTERVIEW_JOINS} order by i.interview_time, i.id`,
  );
}
