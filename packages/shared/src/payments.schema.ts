import { z } from './zod';

/** Issue 47 (decision 0073): online payment of listings, receipts, refunds and the books. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded', 'cancelled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ALL_PAYMENT_METHODS = ['paypal', 'bank_transfer', 'cash'] as const;
export type AnyPaymentMethod = (typeof ALL_PAYMENT_METHODS)[number];
export const LISTING_KINDS = ['job', 'ad'] as const;

/**
 * The price a listing was posted at and its currency (issue 47: a later change of the settings' price
 * applies to new listings only). Sent to the listing's owner (for a job, its company's team) and to
 * admins only; absent for anyone else. Null on a listing posted while listings were free.
 */
export const keptListingPrice = {
  listingPrice: z.string().nullable().optional(),
  listingCurrency: z.string().nullable().optional(),
};

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'Not a valid id.' });

/** "Pay now": which listing; the amount and currency are the server's own. */
export const checkoutBody = z.object({ kind: z.enum(LISTING_KINDS), id: uuid });
export type CheckoutBody = z.infer<typeof checkoutBody>;
export const checkoutResponse = z.object({ paymentId: z.string(), approveUrl: z.string(), reused: z.boolean() });

/** The provider's return (`token` is its order id; PayPal adds PayerID) and cancel addresses. */
export const providerReturnQuery = z.object({ token: z.string().trim().min(1).max(64), PayerID: z.string().max(64).optional() });

export const payment = z.object({
  id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  listingKind: z.enum(LISTING_KINDS),
  listingId: z.string(),
  listingTitle: z.string(),
  amount: z.string(),
  refundedAmount: z.string(),
  currency: z.string(),
  method: z.enum(ALL_PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  /** "R-000042" once paid. */
  receipt: z.string().nullable(),
});
export type Payment = z.infer<typeof payment>;
export const adminPayment = payment.extend({ payerEmail: z.string(), payerName: z.string() });
export type AdminPayment = z.infer<typeof adminPayment>;

export const paymentsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** A day of a date field (YYYY-MM-DD, as `<input type="date">` sends it). */
const paymentDay = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date like 2026-01-31.' })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { message: 'Use a date like 2026-01-31.' })
    .optional(),
);
/** The GET form's fields come as text; "all" is an empty choice. */
const emptyIsAll = (v: unknown) => (v === '' ? undefined : v);

export const adminPaymentsQuery = paymentsQuery.extend({
  status: z.preprocess(emptyIsAll, z.enum(PAYMENT_STATUSES).optional()),
  method: z.preprocess(emptyIsAll, z.enum(ALL_PAYMENT_METHODS).optional()),
  /** "2026-12": one month (UTC). */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Choose a month.' })
    .optional(),
  /** The on-screen filter's range, days (UTC) from and to, both included; an empty field is no bound. */
  from: paymentDay,
  to: paymentDay,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuery>;

/** Per month (UTC) and method: what was received and refunded, in each currency. */
export const paymentTotals = z.array(
  z.object({
    month: z.string(),
    method: z.enum(ALL_PAYMENT_METHODS),
    currency: z.string(),
    count: z.number().int(),
    received: z.string(),
    refunded: z.string(),
  }),
);
export type PaymentTotals = z.infer<typeof paymentTotals>;

const money = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { message: 'Enter an amount, like 12.50.' })
  .refine((v) => Number(v) > 0, { message: 'Enter an amount, like 12.50.' });
export const refundBody = z.object({
  amount: money,
  reason: z.string().trim().min(1, { message: 'Say why it is refunded.' }).max(500, { message: 'Keep it under 500 characters.' }),
  /** Keep the listing public after the refund (otherwise it waits for payment again). */
  keepLive: z.boolean().default(false),
});
export type RefundBody = z.input<typeof refundBody>;
