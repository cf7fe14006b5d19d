import { z } from './zod';

/** Every kind of notification; the web's catalog has a text for each (notifications.json `kinds.*`). */
export const NOTIFICATION_KINDS = [
  'new_applicant',
  'application_status',
  'interview_scheduled',
  'interview_confirmed',
  'interview_declined',
  'interview_cancelled',
  'contact_request',
  'review',
  'listing_expiring',
  'listing_expired',
  'listing_removed',
  /** A followed company posted a job (issue 44). */
  'company_job',
  /** A teammate @mentioned you in a note on an applicant (decision 0071): the bell only. */
  'team_mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What a person turns on or off on the settings screen: one switch per group of kinds (the four
 * interview kinds are one switch), plus the unread-messages reminder. New applicants are chosen per
 * job (`applicantEmails` on the job), not here.
 */
export const EMAIL_SETTINGS = ['application_status', 'interviews', 'contact_request', 'review', 'listings', 'messages'] as const;
export type EmailSetting = (typeof EMAIL_SETTINGS)[number];

/** Per job: email its owner at each new applicant, once a day, or never. */
export const APPLICANT_EMAILS = ['each', 'daily', 'none'] as const;
export const applicantEmails = z.enum(APPLICANT_EMAILS);
export type ApplicantEmails = z.infer<typeof applicantEmails>;

export const notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The values the kind's text names (job title, status, person, reason…); all strings. */
  data: z.record(z.string(), z.string()),
  /** The place it concerns: a path in the web app. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationCount = z.object({ count: z.number().int() });
export type NotificationCount = z.infer<typeof notificationCount>;

export const emailSettings = z.object(Object.fromEntries(EMAIL_SETTINGS.map((k) => [k, z.boolean()])) as Record<EmailSetting, z.ZodBoolean>);
export type EmailSettings = z.infer<typeof emailSettings>;
/** A change: only the switches sent are set; anything unknown is refused. */
export const emailSettingsBody = emailSettings.partial().strict();
export type EmailSettingsBody = z.infer<typeof emailSettingsBody>;

export const jobApplicantEmailsBody = z.object({ applicantEmails }).strict();
export const jobApplicantEmails = z.object({ applicantEmails });
