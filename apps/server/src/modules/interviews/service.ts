import { sql } from 'drizzle-orm';
import { CANDIDATE_SEARCH_MIN, CANDIDATES_LIMIT, LOCKED_ROLES, type Candidate, type InterviewAnswer } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { COMPANY_ROLE_FORBIDDEN, onJob, onJobId } from '../../lib/company-access';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import {
  INTERVIEW_COLUMNS as COLUMNS,
  INTERVIEW_JOINS as JOINS,
  interviewRows as rows,
  STILL_UPCOMING,
  toInterview,
  type InterviewRow,
} from '../../lib/interviews/rows';

export const INTERVIEW_NOT_FOUND = 'Interview not found.';
const notFoundError = () => notFound(INTERVIEW_NOT_FOUND, 'INTERVIEW_NOT_FOUND');
const jobNotFound = () => notFound('Job not found.', 'INTERVIEW_JOB_NOT_FOUND');
const lockedRoles = sql.join(
  LOCKED_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

export interface ScheduleInput {
  jobId: string;
  applicantId: string;
  interviewTime: string;
  timeZone?: string;
  location: string;
  notes: string;
}

/**
 * Creates a pending interview for one of the employer's own jobs. Ownership, the future time and
 * the employer (the caller, never the request body) are all part of the INSERT itself.
 */
export async function scheduleInterview(db: Db, employerId: string, input: ScheduleInput): Promise<InterviewRow> {
  if (!isUuid(input.jobId)) throw jobNotFound();
  if (input.applicantId === employerId) throw badRequest('You cannot schedule an interview with yourself.', 'INTERVIEW_SELF');
  const found = await db.execute(sql`select 1 from profiles where id = ${input.applicantId} and role not in (${lockedRoles})`);
  if (!(found as unknown as { rows: unknown[] }).rows.length) throw notFound('Applicant not found.', 'INTERVIEW_APPLICANT_NOT_FOUND');
  const [row] = await rows(
    db,
    sql`with i as (
        insert into interviews (job_id, job_title, job_company, applicant_id, employer_id, interview_time, time_zone, location, notes)
        select j.id, j.title, j.company, ${input.applicantId}, ${employerId}, ${input.interviewTime}::timestamptz, ${input.timeZone ?? null}, ${input.location}, ${input.notes}
        from jobs j where j.id = ${input.jobId} and ${onJob({ id: employerId }, 'j', 'recruiter')} and ${input.interviewTime}::timestamptz > now()
        returning *)
      select ${COLUMNS} from i ${JOINS}`,
  );
  if (row) return row;
  // Nothing inserted: say why, without telling another employer's job from a missing one.
  if (Date.parse(input.interviewTime) <= Date.now()) throw badRequest('The interview time must be in the future.', 'INTERVIEW_TIME_PAST');
  throw jobNotFound();
}

/**
 * The employer's side of an interview: the person who scheduled it, while they are on the job's team
 * (`minRole` in its company now, decision 0076); a removed member reaches none of the company's
 * interviews. An interview whose job was deleted (job_id null, cancelled with it) stays readable by
 * whoever scheduled it.
 */
const asEmployer = (userId: string, minRole: 'viewer' | 'recruiter') =>
  sql`(i.employer_id = ${userId} and (i.job_id is null or ${onJobId({ id: userId }, 'i.job_id', minRole)}))`;

/** Upcoming interviews where the person is the applicant (or the employer), soonest first, keyset-paged on (time, id). */
export async function listInterviews(db: Db, who: 'applicant' | 'employer', userId: string, cursor: string | undefined, limit: number) {
  // The shared cursor carries an instant and an id; here the instant is the interview time.
  const after = decodeCursor(cursor);
  const whose = who === 'applicant' ? sql`i.applicant_id = ${userId}` : asEmployer(userId, 'viewer');
  const afterClause = after ? sql`(i.interview_time, i.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`;
  const found = await rows(
    db,
    sql`select ${COLUMNS} from interviews i ${JOINS}
      where ${whose} and i.interview_time > ${STILL_UPCOMING} and ${afterClause}
      order by i.interview_time, i.id limit ${limit + 1}`,
  );
  const more = found.length > limit;
  const items = more ? found.slice(0, limit) : found;
  const last = items[items.length - 1];
  return { items: items.map(toInterview), nextCursor: more && last ? encodeCursor({ createdAt: last.interviewTime, id: last.id }) : null };
}

/** One interview, for its applicant or its employer (while on the job's team); anyone else learns nothing. */
export async function findInterview(db: Db, id: string, userId: string): Promise<InterviewRow> {
  if (!isUuid(id)) throw notFoundError();
  const [row] = await rows(
    db,
    sql`select ${COLUMNS} from interviews i ${JOINS} where i.id = ${id} and (i.applicant_id = ${userId} or ${asEmployer(userId, 'viewer')})`,
  );
  if (!row) throw notFoundError();
  return row;
}

/**
 * The applicant's answer: pending becomes confirmed or declined, once. The condition is in the
 * UPDATE, so two answers racing each other cannot both win.
 */
export async function answerInterview(db: Db, id: string, applicantId: string, status: InterviewAnswer): Promise<InterviewRow> {
  if (!isUuid(id)) throw notFoundError();
  const [row] = await rows(
    db,
    sql`with i as (
        update interviews set status = ${status}, updated_at = now()
        where id = ${id} and applicant_id = ${applicantId} and status = 'pending'
        returning *)
      select ${COLUMNS} from i ${JOINS}`,
  );
  if (row) return row;
  const current = await findInterview(db, id, applicantId);
  if (current.applicantId !== applicantId) throw forbidden('Only the applicant can answer this interview.', 'INTERVIEW_NOT_APPLICANT');
  throw conflict('This interview has already been answered.', 'INTERVIEW_ALREADY_ANSWERED');
}

/** The employer withdraws a pending or confirmed interview; it stays, marked cancelled (decision 0014). */
export async function cancelInterview(db: Db, id: string, employerId: string): Promise<InterviewRow> {
  if (!isUuid(id)) throw notFoundError();
  const [row] = await rows(
    db,
    sql`with i as (
        update interviews set status = 'cancelled', sequence = sequence + 1, updated_at = now()
        where id = ${id} and status in ('pending', 'confirmed')
          and employer_id = ${employerId} and ${onJobId({ id: employerId }, 'interviews.job_id', 'recruiter')}
        returning *)
      select ${COLUMNS} from i ${JOINS}`,
  );
  if (row) return row;
  const current = await findInterview(db, id, employerId);
  if (current.employerId !== employerId) throw forbidden('Only the employer who scheduled this interview can cancel it.', 'INTERVIEW_NOT_EMPLOYER');
  // Still on the job's team, but as a viewer now: they read, and do not act (decision 0070).
  if (current.status === 'pending' || current.status === 'confirmed') throw forbidden(COMPANY_ROLE_FORBIDDEN, 'COMPANY_ROLE_FORBIDDEN');
  throw conflict('This interview can no longer be cancelled.', 'INTERVIEW_NOT_CANCELLABLE');
}

const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Select Applicant: the people who applied to the employer's job (their names filtered by q), then
 * anyone else whose name contains q (3+ characters, through the trigram index), at most
 * CANDIDATES_LIMIT each. `selected` (a pre-filled applicant) is always included.
 */
export async function findCandidates(db: Db, employerId: string, input: { jobId?: string; q: string; selected?: string }): Promise<Candidate[]> {
  const term = likeTerm(input.q);
  const out: Candidate[] = [];
  const seen = new Set<string>([employerId]);
  const add = (list: Array<{ id: string; fullName: string }>, applied: boolean) => {
    for (const p of list) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push({ id: p.id, fullName: p.fullName, applied });
    }
  };
  const people = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<{ id: string; fullName: string; applied?: boolean }> }).rows;

  const jobId = input.jobId && isUuid(input.jobId) ? input.jobId : null;
  if (input.selected && input.selected !== employerId) {
    const [p] = await people(sql`select p.id, p.full_name as "fullName",
        exists(select 1 from applications a join jobs j on j.id = a.job_id where a.user_id = p.id and a.job_id = ${jobId} and ${onJob({ id: employerId }, 'j', 'recruiter')}) as applied
      from profiles p where p.id = ${input.selected} and p.role not in (${lockedRoles})`);
    if (p) add([p], !!p.applied);
  }
  if (jobId) {
    add(
      await people(sql`select p.id, p.full_name as "fullName" from applications a
          join jobs j on j.id = a.job_id join profiles p on p.id = a.user_id
          where a.job_id = ${jobId} and ${onJob({ id: employerId }, 'j', 'recruiter')} and p.role not in (${lockedRoles})
            and (${input.q} = '' or p.full_name ilike ${term})
          order by a.job_id, a.created_at desc, a.id desc limit ${CANDIDATES_LIMIT}`),
      true,
    );
  }
  if (input.q.length >= CANDIDATE_SEARCH_MIN) {
    add(
      await people(sql`select p.id, p.full_name as "fullName" from profiles p
          where p.full_name ilike ${term} and p.id <> ${employerId} and p.role not in (${lockedRoles})
          order by p.full_name, p.id limit ${CANDIDATES_LIMIT + out.length}`),
      false,
    );
  }
  return out.slice(0, CANDIDATES_LIMIT * 2 + 1);
}
