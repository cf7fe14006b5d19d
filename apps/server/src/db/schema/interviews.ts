import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { jobs } from './jobs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Set null when the job is deleted; deleting it cancels the upcoming interviews first, and the
     * card keeps the title and company copied below (decision 0014).
     */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** The job's title and company when the interview was scheduled, shown once the job is gone. */
    jobTitle: text('job_title'),
    jobCompany: text('job_company'),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Set null when the employer's account is deleted: the applicant keeps the cancelled card. */
    employerId: text('employer_id').references(() => user.id, { onDelete: 'set null' }),
    interviewTime: ts('interview_time').notNull(),
    /** The employer's IANA zone when scheduling, so emails print the time as the employer chose it. */
    timeZone: text('time_zone'),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('pending'),
    /** iCalendar SEQUENCE: bumped on cancellation so calendars replace the invitation. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // My Interview Schedule and the employer's list: one person's interviews by time.
    index('interviews_applicant_id_time_idx').on(t.applicantId, t.interviewTime, t.id),
    index('interviews_employer_id_time_idx').on(t.employerId, t.interviewTime, t.id),
    index('interviews_job_id_idx').on(t.jobId),
    check('interviews_status_check', sql`${t.status} in ('pending', 'confirmed', 'declined', 'cancelled')`),
    check('interviews_not_self_check', sql`${t.applicantId} <> ${t.employerId}`),
  ],
);
