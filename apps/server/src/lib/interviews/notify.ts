import type { FastifyBaseLogger } from 'fastify';
import type { Mail } from '../mailer';
import { interviewCalendar, type CalendarInterview } from './calendar';
import type { InterviewRow } from './rows';

export interface InterviewMailCtx {
  /** Puts the email on the job queue (plugins/queue.ts), which sends it with retries. */
  enqueue: (mail: Mail) => Promise<void>;
  log: FastifyBaseLogger;
  publicUrl: string;
}

const jobTitle = (r: InterviewRow) => r.jobTitle || 'Untitled Job';
const nameOf = (name: string, email: string) => name.trim() || email;
/** Who scheduled it: their name, else the job's company, else their address (gone with a deleted account). */
const employerOf = (r: InterviewRow) => r.employerName.trim() || r.jobCompany?.trim() || r.employerEmail || 'The employer';

/** "Tuesday, 14 July 2026 at 10:00 (America/Jamaica)": the time as the employer chose it, in its zone. */
export function describeTime(iso: string, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  const text = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
  return `${text} (${zone})`;
}

function toCalendar(r: InterviewRow): CalendarInterview {
  return {
    id: r.id,
    jobTitle: r.jobTitle,
    interviewTime: r.interviewTime,
    location: r.location,
    notes: r.notes,
    sequence: r.sequence,
    employer: { name: employerOf(r), email: r.employerEmail },
    applicant: { name: r.applicantName, email: r.applicantEmail },
  };
}

function details(r: InterviewRow): string {
  return [
    `Job: ${jobTitle(r)}`,
    `When: ${describeTime(r.interviewTime, r.timeZone)}`,
    `Where: ${r.location || 'TBA'}`,
    ...(r.notes ? [`Notes: ${r.notes}`] : []),
  ].join('\n');
}

/**
 * Queued as a job, in the change's own transaction where the caller has one (the interview routes),
 * or right after it committed; the queue's worker sends it and retries an SMTP failure. A mail that
 * cannot be built is logged, never turned into a failed request (the person's change did happen).
 */
async function deliver(ctx: InterviewMailCtx, build: () => Mail, what: string, interviewId: string): Promise<void> {
  let mail: Mail;
  try {
    mail = build();
  } catch (err) {
    ctx.log.error({ err, interviewId }, `could not build the ${what} email`);
    return;
  }
  await ctx.enqueue(mail).catch((err: unknown) => ctx.log.error({ err, interviewId }, `could not queue the ${what} email`));
}

/** The applicant's invitation, with the calendar event (METHOD:REQUEST). */
export function notifyScheduled(ctx: InterviewMailCtx, r: InterviewRow): Promise<void> {
  return deliver(
    ctx,
    () => ({
      to: r.applicantEmail,
      subject: `Interview invitation: ${jobTitle(r)}`,
      text: [
        `Hello ${nameOf(r.applicantName, 'there')},`,
        `${employerOf(r)} has scheduled an interview with you.`,
        details(r),
        `Please confirm or decline it in CaribConnect: ${ctx.publicUrl}/my-interviews`,
        'The attached invitation adds it to your calendar.',
      ].join('\n\n'),
      calendar: { method: 'REQUEST', content: interviewCalendar(toCalendar(r), 'REQUEST', ctx.publicUrl) },
    }),
    'interview invitation',
    r.id,
  );
}

/** The employer hears when the applicant confirms or declines. */
export function notifyAnswered(ctx: InterviewMailCtx, r: InterviewRow): Promise<void> {
  const employerEmail = r.employerEmail;
  if (!employerEmail) return Promise.resolve();
  const verb = r.status === 'confirmed' ? 'confirmed' : 'declined';
  return deliver(
    ctx,
    () => ({
      to: employerEmail,
      subject: `Interview ${verb}: ${jobTitle(r)}`,
      text: [
        `${nameOf(r.applicantName, r.applicantEmail)} has ${verb} the interview.`,
        details(r),
        `Your scheduled interviews: ${ctx.publicUrl}/employer/interviews`,
      ].join('\n\n'),
    }),
    `interview ${verb}`,
    r.id,
  );
}

/** Why an interview was cancelled, when it was not the employer's own Cancel. */
const BECAUSE = { job: 'The job listing was removed.', account: 'The employer’s account was closed.' } as const;

/** The applicant's calendar entry is withdrawn (METHOD:CANCEL, same UID, higher SEQUENCE). */
export function notifyCancelled(ctx: InterviewMailCtx, r: InterviewRow, because?: keyof typeof BECAUSE): Promise<void> {
  return deliver(
    ctx,
    () => ({
      to: r.applicantEmail,
      subject: `Interview cancelled: ${jobTitle(r)}`,
      text: [
        `Hello ${nameOf(r.applicantName, 'there')},`,
        `${employerOf(r)} has cancelled this interview.${because ? ` ${BECAUSE[because]}` : ''}`,
        details(r),
      ].join('\n\n'),
      calendar: { method: 'CANCEL', content: interviewCalendar(toCalendar(r), 'CANCEL', ctx.publicUrl) },
    }),
    'interview cancellation',
    r.id,
  );
}
