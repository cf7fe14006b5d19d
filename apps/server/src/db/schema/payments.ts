import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * Every payment of a listing (migration 0034, decision 0073): online through a provider (PayPal) or
 * recorded by an admin (bank transfer, cash). Payer and listing are copied as text so the books
 * survive the deletion of either; a deleted listing's pending order is cancelled by a trigger.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    payerEmail: text('payer_email').notNull(),
    payerName: text('payer_name').notNull().default(''),
    listingKind: text('listing_kind').$type<'job' | 'ad'>().notNull(),
    listingId: uuid('listing_id').notNull(),
    listingTitle: text('listing_title').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').$type<'paypal' | 'bank_transfer' | 'cash'>().notNull(),
    status: text('status').$type<'pending' | 'paid' | 'partially_refunded' | 'refunded' | 'cancelled' | 'failed'>().notNull(),
    providerOrderId: text('provider_order_id').unique('payments_provider_order_id_unique'),
    providerCaptureId: text('provider_capture_id').unique('payments_provider_capture_id_unique'),
    approveUrl: text('approve_url'),
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    receiptNumber: integer('receipt_number').unique('payments_receipt_number_unique'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_one_pending_per_listing')
      .on(t.listingKind, t.listingId)
      .where(sql`${t.status} = 'pending'`),
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('payments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id').unique('payment_refunds_provider_refund_id_unique'),
    creditNoteNumber: integer('credit_note_number').notNull().unique('payment_refunds_credit_note_number_unique'),
    actorEmail: text('actor_email').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_refunds_payment_idx').on(t.paymentId)],
);

/** 'receipt' and 'credit_note': incremented in the transaction that uses the number (no gaps). */
export const paymentCounters = pgTable('payment_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

/** Provider webhook events already handled: a replay changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
