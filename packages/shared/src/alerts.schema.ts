import { z } from './zod';
import { page, pageQuery } from './common.schema';
import { jobListFilters } from './jobs.schema';
import { CURRENCIES } from './constants/currencies';
import { EMPLOYMENT_TYPES, SALARY_PERIODS, WORKPLACES } from './constants/job-fields';
import { emailSchema } from './auth.schema';
import { languageCode } from './language.schema';

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** An alert email lists at most this many new jobs, then links to the full search. */
export const ALERT_EMAIL_JOBS = 20;

/**
 * What an alert searches: the jobs list's own filters, so a filter added to the list is carried by
 * alerts unchanged. The date filter is left out: an alert's window is "since the last email".
 */
export const alertFilters = jobListFilters.omit({ date: true, sort: true });
export type AlertFilters = z.infer<typeof alertFilters>;
/**
 * The same filters as an answer carries them: already validated, so without the list's preprocessing
 * of blank form fields (a one-way step that a response cannot be encoded through).
 */
const storedAlertFilters = alertFilters.extend({
  type: z.enum(EMPLOYMENT_TYPES).optional(),
  workplace: z.enum(WORKPLACES).optional(),
  salary: z.string().optional(),
  per: z.enum(SALARY_PERIODS).optional(),
  currency: z.enum(CURRENCIES).optional(),
});

const alertName = z.string().trim().min(1, { message: 'Alert name is required.' }).max(100, { message: 'Alert name must be at most 100 characters.' });

export const createAlertBody = z.object({
  name: alertName.optional(),
  frequency: z.enum(ALERT_FREQUENCIES).default('daily'),
  filters: alertFilters.default({}),
});
export type CreateAlertBody = z.input<typeof createAlertBody>;

/** A visitor without an account: the same, with the address the confirmation goes to. */
export const createGuestAlertBody = createAlertBody.extend({
  email: emailSchema,
  /** The page's language, which the guest's emails are written in; absent, the server takes the page's from the request. */
  language: languageCode.optional(),
});
export type CreateGuestAlertBody = z.input<typeof createGuestAlertBody>;

export const updateAlertBody = z
  .object({ name: alertName, frequency: z.enum(ALERT_FREQUENCIES), paused: z.boolean() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change.' });
export type UpdateAlertBody = z.input<typeof updateAlertBody>;

export const alert = z.object({
  id: z.string(),
  name: z.string(),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  filters: storedAlertFilters,
  createdAt: z.string(),
  lastSentAt: z.string(),
});
export type Alert = z.infer<typeof alert>;

export const alertPage = page(alert);
export type AlertPage = z.infer<typeof alertPage>;
export const alertListQuery = pageQuery;

/** The signed token of an unsubscribe or confirmation link: for that one alert only. */
export const alertTokenParams = z.object({ id: z.string().max(100), token: z.string().max(200) });
