import type { EmailSetting, NotificationKind } from '@caribconnect/shared';

/** A job or a classified ad: the listing kinds name which. */
type Listing = { listing: 'job' | 'ad'; id: string; title: string };

/** What each kind carries: the values its text names and what its link is built from. */
export interface NotificationData {
  new_applicant: { jobId: string; jobTitle: string; applicantName: string };
  application_status: { jobId: string; jobTitle: string; status: string };
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
};

export interface MailText {
  subject: string;
  text: string;
}

const listingWord = (d: Listing) => (d.listing === 'job' ? 'job' : 'ad');

/**
 * The email of each kind, in English like every email the platform sends. Interviews and contact
 * requests have none here: their modules send their own (with the calendar invitation, with the
 * request's details), governed by the same switch (see wantsEmail).
 */
export const EMAILS: { [K in NotificationKind]?: (d: NotificationData[K], url: string) => MailText } = {
  new_applicant: (d, url) => ({
    subject: `New applicant: ${d.jobTitle}`,
    text: `${d.applicantName || 'Someone'} applied for your job "${d.jobTitle}".\n\nSee the applicants: ${url}`,
  }),
  application_status: (d, url) => ({
    subject: `Your application: ${d.jobTitle}`,
    text: `The status of your application for "${d.jobTitle}" is now: ${d.status}.\n\nYour applications: ${url}`,
  }),
  review: (d, url) => ({
    subject: 'You have a new review',
    text: `${d.authorName || 'A client'} reviewed you (${d.rating}/5).\n\nYour dashboard: ${url}`,
  }),
  listing_expiring: (d, url) => ({
    subject: `Your ${listingWord(d)} expires soon: ${d.title}`,
    text: `Your ${listingWord(d)} "${d.title}" expires on ${d.expiresOn}.\n\nRenew or edit it: ${url}`,
  }),
  listing_expired: (d, url) => ({
    subject: `Your ${listingWord(d)} has expired: ${d.title}`,
    text: `Your ${listingWord(d)} "${d.title}" has expired and is no longer shown.\n\nRenew or edit it: ${url}`,
  }),
  listing_removed: (d, url) => ({
    subject: `Your ${listingWord(d)} was removed: ${d.title}`,
    text: `An administrator removed your ${listingWord(d)} "${d.title}".\n\nReason: ${d.reason}\n\nYour listings: ${url}`,
  }),
};
