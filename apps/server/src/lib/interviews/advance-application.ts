import { sql } from 'drizzle-orm';
import type { ApplicationStage } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { onJob } from '../company-access';
import { rowsOf } from '../keyset';

/**
 * Scheduling an interview moves the applicant's application for that job to Interview, if it was
 * still Applied or Screening (a later stage is not undone by another interview). The scheduler is
 * recorded as the mover; their right to the job was checked by the interview's own insert.
 */
export async function moveToInterviewOnSchedule(
  db: Db,
  employerId: string,
  jobId: string,
  applicantId: string,
): Promise<{ id: string; from: ApplicationStage } | null> {
  const [row] = await rowsOf<{ id: string; from: ApplicationStage }>(
    db.execute(sql`with old as (
        select a.id, a.stage from applications a join jobs j on j.id = a.job_id
        where a.job_id = ${jobId} and a.user_id = ${applicantId} and a.stage in ('Applied', 'Screening') and ${onJob({ id: employerId }, 'j', 'recruiter')}
        for update of a),
      moved as (
        update applications a set stage = 'Interview', status = 'Shortlisted', updated_at = now(), viewed_at = coalesce(a.viewed_at, now())
        from old where a.id = old.id returning a.id),
      rec as (
        insert into application_stage_moves (application_id, actor_id, from_stage, to_stage)
        select old.id, ${employerId}, old.stage, 'Interview' from old join moved on moved.id = old.id returning 1)
      select old.id, old.stage as "from" from old join moved on moved.id = old.id`),
  );
  return row ?? null;
}
