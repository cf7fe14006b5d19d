import { createEvent } from 'ics';
import type { LanguageCode } from '@caribconnect/shared';
import { emailText } from '../emails';

/** Interviews have no length in the spec; calendars need one, and an hour is the usual slot. */
export const INTERVIEW_MINUTES = 60;

export interface CalendarInterview {
  id: string;
  jobTitle: string | null;
  interviewTime: string;
  location: string;
  notes: string;
  sequence: number;
  employer: { name: string; email: string | null };
  applicant: { name: string; email: string };
  /** The applicant's language: the SUMMARY and DESCRIPTION their calendar shows are in it. */
  language?: LanguageCode;
}

/** Stable per interview, so a later CANCEL replaces the REQUEST in the applicant's calendar. */
export const interviewUid = (id: string, publicUrl: string) => `interview-${id}@${new URL(publicUrl).hostname}`;

/**
 * The invitation (REQUEST) or its cancellation (CANCEL) as an iCalendar text: DTSTART in UTC so
 * every calendar shows it in its own zone, the employer as organizer, the applicant as attendee.
 */
export function interviewCalendar(i: CalendarInterview, method: 'REQUEST' | 'CANCEL', publicUrl: string): string {
  const lang = i.language ?? 'en';
  const job = i.jobTitle || emailText(lang, 'common.untitledJob');
  const title = emailText(lang, 'interview.ics.summary', { title: job });
  const description = [
    emailText(lang, 'interview.ics.description', { title: job, employer: i.employer.name }),
    i.notes && emailText(lang, 'interview.notes', { notes: i.notes }),
    `${publicUrl}/my-interviews`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const { error, value } = createEvent({
    uid: interviewUid(i.id, publicUrl),
    method,
    productId: 'caribconnect/interviews',
    sequence: i.sequence,
    start: Date.parse(i.interviewTime),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: INTERVIEW_MINUTES },
    title,
    description,
    location: i.location || undefined,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: i.employer.name || i.employer.email || 'CaribConnect', email: i.employer.email ?? undefined },
    attendees: [{ name: i.applicant.name || i.applicant.email, email: i.applicant.email, rsvp: true, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar invitation.');
  return value;
}
