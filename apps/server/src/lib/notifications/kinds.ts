import { APPLICATION_STATUSES, type EmailSetting, type LanguageCode, type NotificationKind } from '@caribconnect/shared';
import { emailText, longDate, type EmailKey } from '../emails';

/** A job or a classified ad: the listing kinds name which. */
type Listing = { listing: 'job' | 'ad'; id: string; title: string };

/** What each kind carries: the values its text names and what its link is built from. */
export interface NotificationData {
  new_applicant: { jobId: string; jobTitle: string; applicantName: string };
  /** `batch`: the bulk move that caused it (its job tells each applicant once). */
  application_status: { jobId: string; jobTitle: string; status: string; batch?: string };
  interview_scheduled: { interviewId: string; jobTitle: string; employerName: string };
  interview_confirmed: { interviewId: string; jobTitle: string; applicantName: string };
  interview_declined: { interviewId: string; jobTitle: string; applicantName: string };
  interview_cancelled: { interviewId: string; jobTitle: string; employerName: string };
  contact_request: { requestId: string; fromName: string };
  review: { authorName: string; rating: string };
  /** `expiresOn`: the day it expires, YYYY-MM-DD. */
  listing_expiring: Listing & { expiresOn: string };
  listing_expired: Listing;
  listing_removed: Listing & { reason: string };
  company_job: { jobId: string; jobTitle: string; companyName: string };
  team_mention: { jobId: string; applicationId: string; authorName: string };
}

const listingEdit = (d: Listing) => (d.listing === 'job' ? `/employer/jobs/${d.id}/edit` : `/ads/${d.id}/edit`);
const myListings = (d: Listing) => (d.listing === 'job' ? '/employer/dashboard' : '/ads');

/** The place each notification concerns (paths of the web app, apps/web/src/lib/paths.ts). */
export const LINKS: { [K in NotificationKind]: (d: NotificationData[K]) => string } = {
  new_applicant: (d) => `/employer/applicants/${d.jobId}`,
  application_status: () => '/my-applications',
  interview_scheduled: () => '/my-interviews',
  interview_confirmed: () => '/employer/interviews',
  interview_declined: () => '/employer/interviews',
  interview_cancelled: () => '/my-interviews',
  contact_request: () => '/consultant/client-requests',
  review: () => '/consultant-dashboard',
  listing_expiring: listingEdit,
  listing_expired: listingEdit,
  // Removed: it can no longer be edited; the owner's list is where it was.
  listing_removed: myListings,
  company_job: (d) => `/jobs/${d.jobId}`,
  team_mention: (d) => `/employer/applicants/${d.jobId}?application=${d.applicationId}`,
};

/**
 * Which switch of the settings screen governs a kind's email. `null`: the job's own choice
 * (new applicants: each, daily digest or none).
 */
export const SETTING_OF: Record<NotificationKind, EmailSetting | null> = {
  new_applicant: null,
  application_status: 'application_status',
  interview_scheduled: 'interviews',
  interview_confirmed: 'interviews',
  interview_declined: 'interviews',
  interview_cancelled: 'interviews',
  contact_request: 'contact_request',
  review: 'review',
  listing_expiring: 'listings',
  listing_expired: 'listings',
  listing_removed: 'listings',
  // The follow's own choice (company_follows.email); the followers' notice sends its email itself.
  company_job: null,
  // The bell only: a note's text stays in the app, never in an email.
  team_mention: null,
};

export interface MailText {
  subject: string;
  text: string;
}

const listingWord = (d: Listing, lang: LanguageCode) => emailText(lang, d.listing === 'job' ? 'listing.job' : 'listing.ad');
/** A status the job's owner set (the spec's English words, stored as they are), in the reader's language. */
const statusWord = (status: string, lang: LanguageCode) =>
  (APPLICATION_STATUSES as readonly string[]).includes(status) ? emailText(lang, `status.${status}` as EmailKey) : status;

/**
 * The email of each kind, in the recipient's language (lib/emails). Interviews and contact
 * requests have none here: their modules send their own (with the calendar invitation, with the
 * request's details), governed by the same switch (see wantsEmail).
 */
export const EMAILS: { [K in NotificationKind]?: (d: NotificationData[K], url: string, lang: LanguageCode) => MailText } = {
  new_applicant: (d, url, lang) => ({
    subject: emailText(lang, 'notify.newApplicant.subject', { jobTitle: d.jobTitle }),
    text: emailText(lang, 'notify.newApplicant.text', { applicantName: d.applicantName || emailText(lang, 'common.someone'), jobTitle: d.jobTitle, url }),
  }),
  application_status: (d, url, lang) => ({
    subject: emailText(lang, 'notify.applicationStatus.subject', { jobTitle: d.jobTitle }),
    text: emailText(lang, 'notify.applicationStatus.text', { jobTitle: d.jobTitle, status: statusWord(d.status, lang), url }),
  }),
  review: (d, url, lang) => ({
    subject: emailText(lang, 'notify.review.subject'),
    text: emailText(lang, 'notify.review.text', { authorName: d.authorName || emailText(lang, 'common.aClient'), rating: d.rating, url }),
  }),
  listing_expiring: (d, url, lang) => ({
    subject: emailText(lang, 'notify.listingExpiring.subject', { what: listingWord(d, lang), title: d.title }),
    text: emailText(lang, 'notify.listingExpiring.text', { what: listingWord(d, lang), title: d.title, date: longDate(lang, d.expiresOn), url }),
  }),
  listing_expired: (d, url, lang) => ({
    subject: emailText(lang, 'notify.listingExpired.subject', { what: listingWord(d, lang), title: d.title }),
    text: emailText(lang, 'notify.listingExpired.text', { what: listingWord(d, lang), title: d.title, url }),
  }),
  listing_removed: (d, url, lang) => ({
    subject: emailText(lang, 'notify.listingRemoved.subject', { what: listingWord(d, lang), title: d.title }),
    text: emailText(lang, 'notify.listingRemoved.text', { what: listingWord(d, lang), title: d.title, reason: d.reason, url }),
  }),
};
