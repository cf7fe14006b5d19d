import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode } from '@caribconnect/shared';
import { emailLink, emailText, INTL_LOCALE } from '../emails';
import type { Mail } from '../mailer';
import { interviewCalendar, type CalendarInterview } from './calendar';
import type { InterviewRow } from './rows';

export interface InterviewMailCtx {
  /** Puts the email on the job queue (plugins/queue.ts), which sends it with retries. */
  enqueue: (mail: Mail) => Promise<void>;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** Which person's language a text is written in. */
type Lang = LanguageCode;

const jobTitle = (r: InterviewRow, lang: Lang) => r.jobTitle || emailText(lang, 'common.untitledJob');
/** Who scheduled it: their name, else the job's company, else their address (gone with a deleted account). */
const employerOf = (r: InterviewRow, lang: Lang = 'en') =>
  r.employerName.trim() || r.jobCompany?.trim() || r.employerEmail || emailText(lang, 'interview.theEmployer');
const hello = (name: string, lang: Lang) => (name.trim() ? emailText(lang, 'common.hello', { name: name.trim() }) : emailText(lang, 'common.helloThere'));

/** "Tuesday, 14 July 2026 at 10:00 (America/Jamaica)": the time as the employer chose it, in its zone, in the reader's language. */
export function describeTime(iso: string, timeZone: string | null, lang: Lang = 'en'): string {
  const zone = timeZone ?? 'UTC';
  const text = new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
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
    employer: { name: employerOf(r, r.applicantLanguage), email: r.employerEmail },
    applicant: { name: r.applicantName, email: r.applicantEmail },
    // The calendar entry goes to the applicant only.
    language: r.applicantLanguage,
  };
}

function details(r: InterviewRow, lang: Lang): string {
  return [
    emailText(lang, 'interview.job', { title: jobTitle(r, lang) }),
    emailText(lang, 'interview.when', { when: describeTime(r.interviewTime, r.timeZone, lang) }),
    emailText(lang, 'interview.where', { where: r.location || emailText(lang, 'interview.tba') }),
    ...(r.notes ? [emailText(lang, 'interview.notes', { notes: r.notes })] : []),
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
      subject: emailText(r.applicantLanguage, 'interview.invitation.subject', { title: jobTitle(r, r.applicantLanguage) }),
      text: [
        hello(r.applicantName, r.applicantLanguage),
        emailText(r.applicantLanguage, 'interview.invitation.scheduled', { employer: employerOf(r, r.applicantLanguage) }),
        details(r, r.applicantLanguage),
        emailText(r.applicantLanguage, 'interview.invitation.answer', { url: emailLink(ctx.publicUrl, '/my-interviews', r.applicantLanguage) }),
        emailText(r.applicantLanguage, 'interview.invitation.attached'),
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
  const lang = r.employerLanguage;
  return deliver(
    ctx,
    () => ({
      to: employerEmail,
      subject: emailText(lang, `interview.${verb}.subject`, { title: jobTitle(r, lang) }),
      text: [
        emailText(lang, `interview.${verb}.text`, { name: r.applicantName.trim() || r.applicantEmail }),
        details(r, lang),
        emailText(lang, 'interview.answered.list', { url: emailLink(ctx.publicUrl, '/employer/interviews', lang) }),
      ].join('\n\n'),
    }),
    `interview ${verb}`,
    r.id,
  );
}

/** Why an interview was cancelled, when it was not the employer's own Cancel. */
const BECAUSE = { job: 'interview.because.job', account: 'interview.because.account', withdrawn: 'interview.because.withdrawn' } as const;

/** The applicant's calendar entry is withdrawn (METHOD:CANCEL, same UID, higher SEQUENCE). */
export function notifyCancelled(ctx: InterviewMailCtx, r: InterviewRow, because?: keyof typeof BECAUSE): Promise<void> {
  const lang = r.applicantLanguage;
  return deliver(
    ctx,
    () => ({
      to: r.applicantEmail,
      subject: emailText(lang, 'interview.cancelled.subject', { title: jobTitle(r, lang) }),
      text: [
        hello(r.applicantName, lang),
        `${emailText(lang, 'interview.cancelled.text', { employer: employerOf(r, lang) })}${because ? ` ${emailText(lang, BECAUSE[because])}` : ''}`,
        details(r, lang),
      ].join('\n\n'),
      calendar: { method: 'CANCEL', content: interviewCalendar(toCalendar(r), 'CANCEL', ctx.publicUrl) },
    }),
    'interview cancellation',
    r.id,
  );
}
