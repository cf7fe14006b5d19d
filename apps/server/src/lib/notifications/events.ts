// The events of the modules that exist today, told as notifications. Each reads what its text needs
// inside the caller's transaction, so the notification commits (or not) with the event.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { InterviewRow } from '../interviews/rows';
import { jobTeamRecipients } from '../company-access';
import { rowsOf } from '../keyset';
import { notify } from './notify';

/**
 * Someone applied: the job's poster hears (the bell always; email as they chose), while they are on
 * its company's team; once they have left, its owners do (jobTeamRecipients, decision 0076).
 */
export async function notifyNewApplicant(app: FastifyInstance, tx: Db, applicationId: string): Promise<void> {
  const rows = await rowsOf<{ userId: string; jobId: string; jobTitle: string; applicantName: string }>(
    tx.execute(sql`select r.user_id as "userId", j.id as "jobId", j.title as "jobTitle", coalesce(p.full_name, '') as "applicantName"
      from applications a join jobs j on j.id = a.job_id left join profiles p on p.id = a.user_id
      cross join lateral ${jobTeamRecipients('j', 'j.user_id')} r
      where a.id = ${applicationId}`),
  );
  for (const row of rows)
    await notify(app, tx, { userId: row.userId, kind: 'new_applicant', data: { jobId: row.jobId, jobTitle: row.jobTitle, applicantName: row.applicantName } });
}

/** The employer set an application's status: its applicant hears. */
export async function notifyStatusChanged(app: FastifyInstance, tx: Db, applicationId: string): Promise<void> {
  const [row] = await rowsOf<{ userId: string; jobId: string; jobTitle: string; status: string }>(
    tx.execute(sql`select a.user_id as "userId", a.job_id as "jobId", coalesce(j.title, '') as "jobTitle", a.status
      from applications a left join jobs j on j.id = a.job_id where a.id = ${applicationId}`),
  );
  if (row) await notify(app, tx, { userId: row.userId, kind: 'application_status', data: { jobId: row.jobId, jobTitle: row.jobTitle, status: row.status } });
}

/** A teammate @mentioned the person in a note (the note's text is not carried: the bell links to it). */
export async function notifyMention(
  app: FastifyInstance,
  tx: Db,
  input: { userId: string; applicationId: string; jobId: string; authorName: string },
): Promise<void> {
  await notify(app, tx, {
    userId: input.userId,
    kind: 'team_mention',
    data: { jobId: input.jobId, applicationId: input.applicationId, authorName: input.authorName },
  });
}

const employerOf = (r: InterviewRow) => r.employerName.trim() || r.jobCompany?.trim() || '';

/** An interview was scheduled, answered or cancelled: the other side hears. */
export async function notifyInterview(app: FastifyInstance, tx: Db, r: InterviewRow): Promise<void> {
  const jobTitle = r.jobTitle ?? '';
  if (r.status === 'pending')
    return notify(app, tx, { userId: r.applicantId, kind: 'interview_scheduled', data: { interviewId: r.id, jobTitle, employerName: employerOf(r) } });
  if (r.status === 'cancelled')
    return notify(app, tx, { userId: r.applicantId, kind: 'interview_cancelled', data: { interviewId: r.id, jobTitle, employerName: employerOf(r) } });
  const kind = r.status === 'confirmed' ? 'interview_confirmed' : 'interview_declined';
  if (!r.employerId) return;
  // Its scheduler while on the job's company's team; once they have left, the company's owners (the bell: the email is the scheduler's).
  const hear = r.jobId
    ? (
        await rowsOf<{ userId: string }>(
          tx.execute(
            sql`select r.user_id as "userId" from jobs j cross join lateral ${jobTeamRecipients('j', sql`${r.employerId}`)} r where j.id = ${r.jobId}`,
          ),
        )
      ).map((x) => x.userId)
    : [r.employerId];
  for (const userId of hear) await notify(app, tx, { userId, kind, data: { interviewId: r.id, jobTitle, applicantName: r.applicantName } });
}

/**
 * Whether the interview's scheduler is still on its job's company's team: an applicant's answer is
 * told to them only then (decision 0076). An interview without a job (deleted) has no team to leave.
 */
export async function schedulerOnTeam(tx: Db, r: InterviewRow): Promise<boolean> {
  if (!r.employerId) return false;
  if (!r.jobId) return true;
  const [row] = await rowsOf<{ yes: boolean }>(
    tx.execute(sql`select exists (select 1 from jobs j join company_members cm on cm.company_id = j.company_id
      where j.id = ${r.jobId} and cm.user_id = ${r.employerId}) as yes`),
  );
  return row?.yes ?? false;
}

/** A client request reached a consultant. */
export async function notifyContactRequest(app: FastifyInstance, tx: Db, consultantId: string, requestId: string, fromName: string): Promise<void> {
  await notify(app, tx, { userId: consultantId, kind: 'contact_request', data: { requestId, fromName } });
}

/** Someone reviewed a consultant. */
export async function notifyReview(app: FastifyInstance, tx: Db, consultantId: string, authorId: string, rating: number): Promise<void> {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select coalesce(full_name, '') as name from profiles where id = ${authorId}`));
  await notify(app, tx, { userId: consultantId, kind: 'review', data: { authorName: row?.name ?? '', rating: String(rating) } });
}
