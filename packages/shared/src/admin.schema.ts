import { z } from './zod';

/** Roles an admin may give (spec section 6): never admin, which only the command line creates. */
export const ASSIGNABLE_ROLES = ['jobseeker', 'employer', 'suspended', 'muted', 'banned'] as const;

export const setRoleBody = z.object({ role: z.enum(ASSIGNABLE_ROLES, { message: 'Unknown role.' }) });
export type SetRoleBody = z.infer<typeof setRoleBody>;

export const roleChange = z.object({ id: z.string(), role: z.string(), previousRole: z.string() });
export type RoleChange = z.infer<typeof roleChange>;

/** Spec section 9: the growth charts cover the past 8 weeks. */
export const GROWTH_WEEKS = 8;
export const BRAND = 'CaribConnect';

export const adminStats = z.object({ users: z.number(), jobs: z.number(), ads: z.number(), applications: z.number() });
export type AdminStats = z.infer<typeof adminStats>;

export const growthPoint = z.object({ week: z.string(), count: z.number() });
export type GrowthPoint = z.infer<typeof growthPoint>;
export const growthSeries = z.object({
  users: z.array(growthPoint),
  jobs: z.array(growthPoint),
  ads: z.array(growthPoint),
  applications: z.array(growthPoint),
});
export type GrowthSeries = z.infer<typeof growthSeries>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A real calendar day (2026-02-30 is refused: the database would reject it). Total on any string:
 * zod runs a refine even after the pattern failed, and a refine that throws (toISOString of an
 * invalid date, from `2026-01-01T00:00:00Z`) is a 500 instead of a 400.
 */
export function isCalendarDay(d: string): boolean {
  if (!DAY.test(d) || d < '1970-01-01') return false;
  const time = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d);
}
const isoDate = z
  .string()
  .regex(DAY, { message: 'Use a date like 2026-01-31.', abort: true })
  .refine(isCalendarDay, { message: 'Use a date like 2026-01-31.' });
/** The From/To filter of the users chart: both dates required, From not after To, at most two years. */
export const growthRangeQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { message: 'From must not be after To.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 2 * 366 * 86_400_000, { message: 'Choose a range of at most two years.', path: ['to'] });
export type GrowthRangeQuery = z.infer<typeof growthRangeQuery>;

export const adminUser = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  /** An admin checked this employer off the site (moderation). */
  verifiedEmployer: z.boolean().optional(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserQuery = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AdminUserQuery = z.input<typeof adminUserQuery>;

export const adminJob = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  country: z.string(),
  company: z.string(),
  paid: z.boolean(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  listingPrice: z.string().nullable(),
  listingCurrency: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;

export const adminAd = z.object({
  id: z.string(),
  title: z.string(),
  paid: z.boolean(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  listingPrice: z.string().nullable(),
  listingCurrency: z.string().nullable(),
});
export type AdminAd = z.infer<typeof adminAd>;

export const adminApplication = z.object({
  id: z.string(),
  jobTitle: z.string(),
  applicantEmail: z.string(),
  coverLetter: z.string(),
  createdAt: z.string(),
});
export type AdminApplication = z.infer<typeof adminApplication>;

export const PAYMENT_METHODS = ['bank_transfer', 'cash'] as const;
export const markPaidBody = z.object({ method: z.enum(PAYMENT_METHODS, { message: 'Choose bank transfer or cash.' }) });
export type MarkPaidBody = z.infer<typeof markPaidBody>;

const price = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { message: 'Enter a price in dollars, like 25 or 25.50.' });
/** Spec section 3/9: prices in dollars, flags as the text true/false (default true). */
/**
 * The currencies an operator may charge in: those of the region that PayPal takes payments in
 * (decision 0073). Caribbean dollars (XCD, JMD, TTD, BBD, BSD…) are not among PayPal's currencies.
 */
export const PAYMENT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];
/** Spec section 3/9: prices in dollars, flags as the text true/false (default true); issue 47: currency and the operator's name and address (receipts). */
export const paymentSettings = z.object({
  jobPrice: price,
  adPrice: price,
  jobsFree: z.boolean(),
  adsFree: z.boolean(),
  currency: z.enum(PAYMENT_CURRENCIES, { message: 'Choose a currency.' }),
  operatorName: z.string().trim().max(200, { message: 'Keep it under 200 characters.' }),
  operatorAddress: z.string().trim().max(500, { message: 'Keep it under 500 characters.' }),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  jobPrice: '0',
  adPrice: '0',
  jobsFree: true,
  adsFree: true,
  currency: 'USD',
  operatorName: '',
  operatorAddress: '',
};
/** Online payment as configured on the server (PAYPAL_* variables): null when none is, and "Pay now" is not offered. */
export const onlinePaymentStatus = z.object({ provider: z.literal('paypal'), mode: z.enum(['sandbox', 'live']) }).nullable();
export type OnlinePaymentStatus = z.infer<typeof onlinePaymentStatus>;
/** What GET /api/payment-settings and /api/admin/settings answer: the settings and the provider's status. */
export const paymentSettingsView = paymentSettings.extend({ online: onlinePaymentStatus });
export type PaymentSettingsView = z.infer<typeof paymentSettingsView>;
export const updateSettingsBody = paymentSettings.partial().refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update.' });
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

export const AUDIT_ACTIONS = [
  'role_change',
  'delete_user',
  'delete_job',
  'delete_ad',
  'settings_change',
  'payment_recorded',
  'queue_job_retried',
  'report_dismissed',
  'listing_removed',
  'listing_restored',
  'owner_warned',
  'owner_suspended',
  'company_suspended',
  'employer_verified',
  'payment_refunded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditEntry = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AuditQuery = z.input<typeof auditQuery>;

/** A background job (an email…) that used every retry; an admin may put it back in line. */
export const failedQueueJob = z.object({
  id: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string(),
  /** For an email, its recipient and subject; never its body, which may hold one-time links. */
  summary: z.string(),
});
export type FailedQueueJob = z.infer<typeof failedQueueJob>;
export const queueJobParam = z.object({ id: z.uuid() });
