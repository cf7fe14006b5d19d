import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminPayment, Payment, PaymentTotals } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';
import type { Mail } from '../../lib/mailer';
import {
  creditNoteMail,
  holdListing,
  nextNumber,
  payableListing,
  receiptLabel,
  receiptMail,
  releaseListing,
  type ListingKind,
  type PaymentMethod,
} from '../../lib/payments/ledger';
import type { Queue } from '../../plugins/queue';
import { ProviderError, type PaymentProvider, type ProviderCapture, type ProviderEvent, type ProviderOrder } from './provider';

export interface PaymentsContext {
  db: Db;
  provider: PaymentProvider | null;
  queue: Queue;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** PayPal keeps an unapproved order's approval link for about three hours; after that a new order is made. */
export const ORDER_REUSE_MS = 3 * 60 * 60 * 1000;
/** An order left pending this long is asked about by the reconciliation job. */
export const RECONCILE_AFTER_MS = 60 * 1000;

const PAYMENT_NOT_FOUND = 'Payment not found.';
const notOffered = () => conflict('Online payment is not offered. An administrator records bank transfers and cash.', 'PAYMENT_NOT_OFFERED');
const providerDown = () => new HttpError(502, 'The payment service did not answer. Try again in a few minutes.', 'PAYMENT_PROVIDER_UNAVAILABLE');

interface PaymentRow {
  id: string;
  userId: string | null;
  payerEmail: string;
  payerName: string;
  listingKind: ListingKind;
  listingId: string;
  listingTitle: string;
  amount: string;
  refundedAmount: string;
  currency: string;
  method: PaymentMethod;
  status: Payment['status'];
  providerOrderId: string | null;
  providerCaptureId: string | null;
  approveUrl: string | null;
  receiptNumber: number | null;
  createdAt: string;
  paidAt: string | null;
}

const COLUMNS = sql.raw(`p.id, p.user_id as "userId", p.payer_email as "payerEmail", p.payer_name as "payerName", p.listing_kind as "listingKind",
  p.listing_id as "listingId", p.listing_title as "listingTitle", p.amount::text as amount, p.refunded_amount::text as "refundedAmount",
  p.currency, p.method, p.status, p.provider_order_id as "providerOrderId", p.provider_capture_id as "providerCaptureId",
  p.approve_url as "approveUrl", p.receipt_number as "receiptNumber", ${isoText('p.created_at')} as "createdAt",
  case when p.paid_at is null then null else ${isoText('p.paid_at')} end as "paidAt"`);

const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  createdAt: r.createdAt,
  paidAt: r.paidAt,
  listingKind: r.listingKind,
  listingId: r.listingId,
  listingTitle: r.listingTitle,
  amount: r.amount,
  refundedAmount: r.refundedAmount,
  currency: r.currency,
  method: r.method,
  status: r.status,
  receipt: r.receiptNumber === null ? null : receiptLabel(r.receiptNumber),
});
const toAdminPayment = (r: PaymentRow): AdminPayment => ({ ...toPayment(r), payerEmail: r.payerEmail, payerName: r.payerName });

async function paymentBy(db: Pick<Db, 'execute'>, where: ReturnType<typeof sql>, lock = false): Promise<PaymentRow | null> {
  const [row] = await rowsOf<PaymentRow>(db.execute(sql`select ${COLUMNS} from payments p where ${where} ${sql.raw(lock ? 'for update' : '')}`));
  return row ?? null;
}

const listingNotFound = (kind: ListingKind) => (kind === 'job' ? notFound('Job not found.', 'JOB_NOT_FOUND') : notFound('Ad not found.', 'AD_NOT_FOUND'));

/**
 * "Pay now": an order with the provider for exactly the listing's kept price in its currency, for
 * whoever may edit the listing (a job: an owner or recruiter of its company now; an ad: its poster)
 * while it waits. The payer is the caller: their name and address on the order and the receipt. A second press while an order waits reuses it (its approval link)
 * if it is recent and the caller's, refuses a teammate while it is recent, or replaces it when PayPal would have let it lapse. The row is written before the
 * provider is called (the one-pending-per-listing index makes two presses at once one order), and
 * completed with the provider's order id after.
 */
export async function createCheckout(ctx: PaymentsContext, userId: string, kind: ListingKind, listingId: string, locale?: string) {
  const provider = ctx.provider;
  if (!provider) throw notOffered();
  if (!isUuid(listingId)) throw listingNotFound(kind);
  const prepared = await ctx.db.transaction(async (tx) => {
    // Who may pay is decided in the statement that reads and locks the listing: who may edit it (decision 0076).
    const listing = await payableListing(tx, kind, listingId, true, userId);
    if (!listing) throw listingNotFound(kind);
    if (!listing.awaiting) throw conflict('This listing is already paid.', 'ALREADY_PAID');
    if (!(Number(listing.price) > 0)) throw conflict('This listing has nothing to pay.', 'NOTHING_TO_PAY');
    const waiting = await paymentBy(tx, sql`p.listing_kind = ${kind} and p.listing_id = ${listingId} and p.status = 'pending'`, true);
    if (waiting) {
      const fresh = Date.now() - Date.parse(waiting.createdAt) < ORDER_REUSE_MS;
      if (waiting.approveUrl && fresh && waiting.userId === userId) return { reuse: waiting };
      if (!waiting.providerOrderId && fresh) throw conflict('A payment for this listing is being prepared. Try again in a moment.', 'PAYMENT_IN_PROGRESS');
      // A teammate's order, still payable: theirs to finish (replacing it would void the page they may be paying on).
      if (fresh) throw conflict('Someone on your team is already paying for this listing: they can press Pay now again to finish.', 'PAYMENT_BY_TEAMMATE');
      // Lapsed at PayPal: the next order replaces it (the reconciliation job would have captured it had it been approved).
      await tx.execute(sql`update payments set status = 'cancelled', updated_at = now() where id = ${waiting.id}`);
    }
    const [payer] = await rowsOf<{ email: string; name: string }>(
      tx.execute(sql`select u.email, coalesce(p.full_name, '') as name from users u left join profiles p on p.id = u.id where u.id = ${userId}`),
    );
    const [row] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into payments (user_id, payer_email, payer_name, listing_kind, listing_id, listing_title, amount, currency, method, status)
        values (${userId}, ${payer?.email ?? ''}, ${payer?.name ?? ''}, ${kind}, ${listingId}, ${listing.title}, ${listing.price}, ${listing.currency}, 'paypal', 'pending')
        returning id`),
    );
    return { create: { id: row!.id, title: listing.title, amount: Number(listing.price).toFixed(2), currency: listing.currency } };
  });
  if ('reuse' in prepared && prepared.reuse) return { paymentId: prepared.reuse.id, approveUrl: prepared.reuse.approveUrl!, reused: true };
  const order = prepared.create!;
  const base = ctx.publicUrl.replace(/\/+$/, '');
  try {
    const created = await provider.createCheckout({
      reference: order.id,
      amount: order.amount,
      currency: order.currency,
      description: `${kind === 'job' ? 'Job' : 'Ad'} listing: ${order.title}`,
      returnUrl: `${base}/api/payments/paypal/return`,
      cancelUrl: `${base}/api/payments/paypal/cancel`,
      locale,
    });
    await ctx.db.execute(
      sql`update payments set provider_order_id = ${created.orderId}, approve_url = ${created.approveUrl}, updated_at = now() where id = ${order.id} and status = 'pending'`,
    );
    return { paymentId: order.id, approveUrl: created.approveUrl, reused: false };
  } catch (err) {
    await ctx.db.execute(sql`update payments set status = 'failed', updated_at = now() where id = ${order.id} and status = 'pending'`);
    if (err instanceof ProviderError) {
      ctx.log.warn({ err: err.message, paymentId: order.id }, 'payment order not created');
      throw providerDown();
    }
    throw err;
  }
}

export type SettleOutcome = 'paid' | 'already' | 'mismatch' | 'declined' | 'not-captured' | 'gone';

/**
 * Believes a capture only when it is the order's, ours, unused, COMPLETED and for exactly the amount
 * and currency of the order; then, in one transaction, the payment is paid with the next receipt
 * number, the listing goes live and the receipt email is queued. Idempotent: a payment already paid
 * by this capture is left as it is.
 */
export async function settleCapture(ctx: PaymentsContext, paymentId: string, capture: ProviderCapture | undefined): Promise<SettleOutcome> {
  return ctx.db.transaction(async (tx) => {
    const payment = await paymentBy(tx, sql`p.id = ${paymentId}`, true);
    if (!payment) return 'gone';
    if (!capture) return 'not-captured';
    if (payment.providerCaptureId === capture.id && payment.status !== 'pending') return 'already';
    if (payment.status !== 'pending') {
      ctx.log.error({ paymentId, captureId: capture.id, status: payment.status }, 'a capture arrived for a payment that is not pending');
      return payment.status === 'paid' ? 'already' : 'gone';
    }
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      await tx.execute(sql`update payments set status = 'failed', updated_at = now() where id = ${paymentId}`);
      return 'declined';
    }
    if (capture.status !== 'COMPLETED') return 'not-captured'; // PENDING at PayPal: a webhook or the reconciliation settles it
    const [used] = await rowsOf<{ id: string }>(tx.execute(sql`select id from payments where provider_capture_id = ${capture.id} and id <> ${paymentId}`));
    const ours = capture.customId === undefined || capture.customId === paymentId;
    if (used || !ours || capture.currency !== payment.currency || Number(capture.value).toFixed(2) !== Number(payment.amount).toFixed(2)) {
      ctx.log.error({ paymentId, captureId: capture.id, value: capture.value, currency: capture.currency }, 'capture does not match its order');
      await tx.execute(sql`update payments set status = 'failed', updated_at = now() where id = ${paymentId}`);
      return 'mismatch';
    }
    const receiptNumber = await nextNumber(tx, 'receipt');
    const [paid] = await rowsOf<{ paidAt: Date }>(
      tx.execute(sql`update payments set status = 'paid', provider_capture_id = ${capture.id}, receipt_number = ${receiptNumber}, paid_at = now(), updated_at = now()
        where id = ${paymentId} returning paid_at as "paidAt"`),
    );
    await releaseListing(tx, payment.listingKind, payment.listingId);
    const mail = await receiptMail(tx, ctx.publicUrl, {
      userId: payment.userId,
      payerEmail: payment.payerEmail,
      receiptNumber,
      listingTitle: payment.listingTitle,
      amount: payment.amount,
      currency: payment.currency,
      method: 'paypal',
      paidAt: new Date(paid!.paidAt),
    });
    await ctx.queue.send(tx, 'email', mail);
    // The job is public now: its company's followers hear of it (issue 44).
    if (payment.listingKind === 'job') await ctx.queue.send(tx, 'company-followers-new-job', { jobId: payment.listingId });
    return 'paid';
  });
}

/** A settled order: its capture, if it is ours and its order is the payment's. */
function captureOf(payment: PaymentRow, order: ProviderOrder): ProviderCapture | undefined {
  if (order.id !== payment.providerOrderId) return undefined;
  if (!order.capture) return undefined;
  return { ...order.capture, customId: order.capture.customId ?? order.customId };
}

/**
 * Captures the payment's order and settles it. A refusal ORDER_ALREADY_CAPTURED (a capture whose
 * answer was lost) reads the order instead; an outage leaves the payment pending for the
 * reconciliation job. The capture carries one PayPal-Request-Id per payment: a retry is never a second charge.
 */
async function captureAndSettle(ctx: PaymentsContext, payment: PaymentRow): Promise<SettleOutcome | 'provider-down' | 'not-approved'> {
  const provider = ctx.provider!;
  let order: ProviderOrder;
  try {
    order = await provider.capture(payment.providerOrderId!, `capture-${payment.id}`);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.issue === 'ORDER_ALREADY_CAPTURED') {
      try {
        order = await provider.getOrder(payment.providerOrderId!);
      } catch (again) {
        if (again instanceof ProviderError) return 'provider-down';
        throw again;
      }
    } else if (err.issue === 'ORDER_NOT_APPROVED') {
      return 'not-approved';
    } else {
      ctx.log.warn({ err: err.message, paymentId: payment.id }, 'capture failed; the reconciliation job will ask again');
      return 'provider-down';
    }
  }
  return settleCapture(ctx, payment.id, captureOf(payment, order));
}

/**
 * The payer is back from the provider's page (`token` is the order). Only the payer's own pending
 * order is captured; anything else is "not found". Answers where the browser goes next.
 */
export async function returnFromProvider(ctx: PaymentsContext, userId: string, token: string): Promise<string> {
  if (!ctx.provider) throw notOffered();
  const payment = await paymentBy(ctx.db, sql`p.provider_order_id = ${token} and p.user_id = ${userId}`);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  const at = (result: string) => `/payments?payment=${payment.id}&result=${result}`;
  if (payment.status === 'paid' || payment.status === 'partially_refunded' || payment.status === 'refunded') return at('paid');
  if (payment.status !== 'pending') return at(payment.status === 'cancelled' ? 'cancelled' : 'failed');
  const outcome = await captureAndSettle(ctx, payment);
  if (outcome === 'paid' || outcome === 'already') return at('paid');
  if (outcome === 'provider-down' || outcome === 'not-captured') return at('pending');
  if (outcome === 'not-approved') return at('not-approved');
  return at('failed');
}

/** The payer cancelled on the provider's page: their pending order is dropped (a new "Pay now" makes another). */
export async function cancelFromProvider(ctx: PaymentsContext, userId: string, token: string): Promise<string> {
  const [row] = await rowsOf<{ id: string; kind: ListingKind; listingId: string }>(
    ctx.db.execute(sql`update payments set status = 'cancelled', updated_at = now()
      where provider_order_id = ${token} and user_id = ${userId} and status = 'pending'
      returning id, listing_kind as kind, listing_id as "listingId"`),
  );
  if (row) return `/payments/cancelled?kind=${row.kind}&id=${row.listingId}`;
  const payment = await paymentBy(ctx.db, sql`p.provider_order_id = ${token} and p.user_id = ${userId}`);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  return `/payments/cancelled?kind=${payment.listingKind}&id=${payment.listingId}`;
}

/**
 * A provider webhook, verified with the provider before anything is believed; each event once (its id
 * is recorded in the transaction of its effects, so a replay changes nothing and a failure lets the
 * provider deliver it again). Answers false when the delivery is not verified.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<'handled' | 'replay' | 'ignored' | false> {
  if (!ctx.provider) return false;
  let event: ProviderEvent | null;
  try {
    event = await ctx.provider.verifyWebhook(headers, rawBody);
  } catch (err) {
    if (err instanceof ProviderError) throw providerDown(); // 502: PayPal delivers it again later
    throw err;
  }
  if (!event) return false;
  const first = await rowsOf<{ id: string }>(
    ctx.db.execute(sql`insert into payment_webhook_events (id, event_type) values (${event.id}, ${event.type}) on conflict (id) do nothing returning id`),
  );
  if (!first.length) return 'replay';
  try {
    const done = await applyEvent(ctx, event);
    return done ? 'handled' : 'ignored';
  } catch (err) {
    // Not handled: forget the event so the provider's next delivery is taken.
    await ctx.db.execute(sql`delete from payment_webhook_events where id = ${event.id}`);
    throw err;
  }
}

async function applyEvent(ctx: PaymentsContext, event: ProviderEvent): Promise<boolean> {
  if ((event.type === 'PAYMENT.CAPTURE.COMPLETED' || event.type === 'PAYMENT.CAPTURE.DENIED') && event.capture) {
    const c = event.capture;
    const payment = c.orderId
      ? await paymentBy(ctx.db, sql`p.provider_order_id = ${c.orderId}`)
      : await paymentBy(ctx.db, sql`p.provider_capture_id = ${c.id}`);
    if (!payment) return false;
    if (event.type === 'PAYMENT.CAPTURE.DENIED') {
      await ctx.db.transaction(async (tx) => {
        const p = await paymentBy(tx, sql`p.id = ${payment.id}`, true);
        if (!p) return;
        if (p.status === 'pending') await tx.execute(sql`update payments set status = 'failed', updated_at = now() where id = ${p.id}`);
        else if (p.status === 'paid' && p.providerCaptureId === c.id) {
          await tx.execute(sql`update payments set status = 'failed', updated_at = now() where id = ${p.id}`);
          await holdListing(tx, p.listingKind, p.listingId);
        }
      });
      return true;
    }
    await settleCapture(ctx, payment.id, { ...c, customId: c.customId });
    return true;
  }
  if (event.type === 'PAYMENT.CAPTURE.REFUNDED' && event.refund?.captureId) {
    const r = event.refund;
    return ctx.db.transaction(async (tx) => {
      const payment = await paymentBy(tx, sql`p.provider_capture_id = ${r.captureId!}`, true);
      if (!payment) return false;
      const [known] = await rowsOf<{ id: string }>(tx.execute(sql`select id from payment_refunds where provider_refund_id = ${r.id}`));
      if (known) return true; // our own refund, recorded when it was made
      // Refunded at PayPal (its dashboard): recorded here too, with its credit note.
      const left = Number(payment.amount) - Number(payment.refundedAmount);
      const amount = Math.min(Number(r.value), left);
      if (!(amount > 0) || r.currency !== payment.currency) return false;
      await recordRefund(tx, ctx, payment, {
        amount: amount.toFixed(2),
        reason: 'Refunded at PayPal',
        providerRefundId: r.id,
        actorEmail: 'paypal',
        keepLive: false,
      });
      return true;
    });
  }
  return false;
}

/**
 * Asks the provider about orders left pending (the payer closed the tab after approving, a capture's
 * answer was lost in an outage): an approved order is captured (with the same request id as before:
 * no second charge), a completed one settled, a lapsed or voided one cancelled. Returns how many changed.
 */
export async function reconcilePending(ctx: PaymentsContext, now = new Date(), olderThanMs = RECONCILE_AFTER_MS): Promise<number> {
  if (!ctx.provider) return 0;
  const before = new Date(now.getTime() - olderThanMs).toISOString();
  // An order whose creation never reached the provider (the process stopped between the two steps).
  await ctx.db.execute(
    sql`update payments set status = 'failed', updated_at = now() where status = 'pending' and provider_order_id is null and created_at < ${new Date(now.getTime() - 10 * 60_000).toISOString()}::timestamptz`,
  );
  const pending = await rowsOf<PaymentRow>(
    ctx.db
      .execute(sql`select ${COLUMNS} from payments p where p.status = 'pending' and p.provider_order_id is not null and p.created_at < ${before}::timestamptz
      order by p.created_at limit 100`),
  );
  let changed = 0;
  for (const payment of pending) {
    let order: ProviderOrder;
    try {
      order = await ctx.provider.getOrder(payment.providerOrderId!);
    } catch (err) {
      if (err instanceof ProviderError && err.status === 404) {
        await ctx.db.execute(sql`update payments set status = 'cancelled', updated_at = now() where id = ${payment.id} and status = 'pending'`);
        changed++;
        continue;
      }
      if (err instanceof ProviderError) {
        ctx.log.warn({ err: err.message }, 'reconciliation: the provider did not answer; next run');
        break;
      }
      throw err;
    }
    let outcome: string = 'waiting';
    if (order.status === 'APPROVED') outcome = await captureAndSettle(ctx, payment);
    else if (order.status === 'COMPLETED') outcome = await settleCapture(ctx, payment.id, captureOf(payment, order));
    else if (order.status === 'VOIDED' || now.getTime() - Date.parse(payment.createdAt) > ORDER_REUSE_MS) {
      await ctx.db.execute(sql`update payments set status = 'cancelled', updated_at = now() where id = ${payment.id} and status = 'pending'`);
      outcome = 'cancelled';
    }
    if (outcome !== 'waiting' && outcome !== 'provider-down' && outcome !== 'not-captured') changed++;
  }
  return changed;
}

interface RefundInput {
  amount: string;
  reason: string;
  providerRefundId: string | null;
  actorEmail: string;
  keepLive: boolean;
}

/** Writes a refund with its credit-note number, the payment's new state, the listing's hold and the credit-note email. */
async function recordRefund(tx: Db, ctx: PaymentsContext, payment: PaymentRow, input: RefundInput) {
  const creditNoteNumber = await nextNumber(tx, 'credit_note');
  await tx.execute(sql`insert into payment_refunds (payment_id, amount, reason, provider_refund_id, credit_note_number, actor_email)
    values (${payment.id}, ${input.amount}, ${input.reason}, ${input.providerRefundId}, ${creditNoteNumber}, ${input.actorEmail})`);
  const refunded = (Number(payment.refundedAmount) + Number(input.amount)).toFixed(2);
  const full = Number(refunded) >= Number(payment.amount);
  await tx.execute(
    sql`update payments set refunded_amount = ${refunded}, status = ${full ? 'refunded' : 'partially_refunded'}, updated_at = now() where id = ${payment.id}`,
  );
  if (!input.keepLive) await holdListing(tx, payment.listingKind, payment.listingId);
  const mail: Mail = await creditNoteMail(tx, ctx.publicUrl, {
    userId: payment.userId,
    payerEmail: payment.payerEmail,
    creditNoteNumber,
    receiptNumber: payment.receiptNumber,
    listingTitle: payment.listingTitle,
    amount: input.amount,
    currency: payment.currency,
    reason: input.reason,
    at: new Date(),
  });
  await ctx.queue.send(tx, 'email', mail);
  return { creditNoteNumber, refunded, full };
}

/**
 * An admin refunds a payment in full or in part, with a reason: through the provider for an online
 * payment, recorded by hand for bank transfer and cash. The payment row stays locked across the
 * provider's call, so the provider's own REFUNDED webhook waits and then finds the refund recorded.
 * The listing waits for payment again unless `keepLive`; the payer gets the credit note; the audit log has it.
 */
export async function refundPayment(
  ctx: PaymentsContext,
  actor: { id: string; email: string },
  paymentId: string,
  body: { amount: string; reason: string; keepLive: boolean },
): Promise<AdminPayment> {
  if (!isUuid(paymentId)) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    const payment = await paymentBy(tx, sql`p.id = ${paymentId}`, true);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
    if (payment.status !== 'paid' && payment.status !== 'partially_refunded') throw conflict('Only a paid payment can be refunded.', 'PAYMENT_NOT_REFUNDABLE');
    const left = Number(payment.amount) - Number(payment.refundedAmount);
    const amount = Number(body.amount);
    if (amount > left + 1e-9) throw conflict('That is more than is left to refund.', 'REFUND_TOO_LARGE');
    let providerRefundId: string | null = null;
    if (payment.method === 'paypal') {
      if (!ctx.provider || !payment.providerCaptureId) throw notOffered();
      const [{ n }] = (await rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from payment_refunds where payment_id = ${paymentId}`))) as [
        { n: number },
      ];
      try {
        const refund = await ctx.provider.refund(payment.providerCaptureId, {
          amount: amount.toFixed(2),
          currency: payment.currency,
          reason: body.reason,
          requestId: `refund-${paymentId}-${n + 1}`,
        });
        providerRefundId = refund.id;
      } catch (err) {
        if (err instanceof ProviderError && !err.transient) throw conflict(`PayPal refused the refund (${err.issue ?? err.status}).`, 'REFUND_REFUSED');
        if (err instanceof ProviderError) throw providerDown();
        throw err;
      }
    }
    const result = await recordRefund(tx, ctx, payment, {
      amount: amount.toFixed(2),
      reason: body.reason,
      providerRefundId,
      actorEmail: actor.email,
      keepLive: body.keepLive,
    });
    await tx.insert(adminAuditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'payment_refunded',
      targetType: 'payment',
      targetId: paymentId,
      targetLabel: payment.listingTitle,
      before: { status: payment.status, refunded: payment.refundedAmount },
      after: {
        refunded: result.refunded,
        amount: amount.toFixed(2),
        currency: payment.currency,
        reason: body.reason,
        keepLive: body.keepLive,
        creditNote: result.creditNoteNumber,
      },
    });
  });
  return toAdminPayment((await paymentBy(ctx.db, sql`p.id = ${paymentId}`))!);
}

/** "My payments": the person's own, newest first (not the orders they never finished). */
export async function listOwnPayments(db: Db, userId: string, q: { cursor?: string; limit: number }) {
  const after = decodeCursor(q.cursor);
  const rows = await rowsOf<PaymentRow>(
    db.execute(sql`select ${COLUMNS} from payments p where p.user_id = ${userId} and p.status not in ('cancelled') and ${afterCursor('p', after)}
      order by p.created_at desc, p.id desc limit ${q.limit + 1}`),
  );
  return toPage(rows, q.limit, toPayment);
}

type AdminPaymentFilter = { status?: string; method?: string; month?: string; from?: string; to?: string };

function adminFilter(q: AdminPaymentFilter) {
  const parts = [sql`true`];
  if (q.status) parts.push(sql`p.status = ${q.status}`);
  if (q.method) parts.push(sql`p.method = ${q.method}`);
  if (q.month)
    parts.push(
      sql`p.created_at >= ${`${q.month}-01T00:00:00Z`}::timestamptz and p.created_at < (${`${q.month}-01T00:00:00Z`}::timestamptz + interval '1 month')`,
    );
  // The range's days are whole UTC days, the last one included.
  if (q.from) parts.push(sql`p.created_at >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) parts.push(sql`p.created_at < (${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return sql.join(parts, sql` and `);
}

export async function listAllPayments(db: Db, q: AdminPaymentFilter & { cursor?: string; limit: number }) {
  const after = decodeCursor(q.cursor);
  const rows = await rowsOf<PaymentRow>(
    db.execute(
      sql`select ${COLUMNS} from payments p where ${adminFilter(q)} and ${afterCursor('p', after)} order by p.created_at desc, p.id desc limit ${q.limit + 1}`,
    ),
  );
  return toPage(rows, q.limit, toAdminPayment);
}

/** Received (paid, in the month it was paid) and refunded, per month (UTC), method and currency. */
export async function paymentTotals(db: Db): Promise<PaymentTotals> {
  const rows = await rowsOf<{ month: string; method: PaymentMethod; currency: string; count: number; received: string; refunded: string }>(
    db.execute(sql`select to_char(paid_at at time zone 'UTC', 'YYYY-MM') as month, method, currency, count(*)::int as count,
        sum(amount)::numeric(14,2)::text as received, sum(refunded_amount)::numeric(14,2)::text as refunded
      from payments where paid_at is not null
      group by 1, 2, 3 order by 1 desc, 2, 3 limit 600`),
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Every payment as CSV rows (the route adds the header and spreadsheet-safe cells). */
export async function allPaymentsForCsv(db: Db, q: AdminPaymentFilter) {
  return rowsOf<PaymentRow>(db.execute(sql`select ${COLUMNS} from payments p where ${adminFilter(q)} order by p.created_at desc, p.id desc limit 100000`));
}

/** One payment with a receipt, for its payer or an admin (the PDF). */
export async function receiptOf(db: Db, viewer: { id: string; isAdmin: boolean }, id: string) {
  if (!isUuid(id)) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  const payment = await paymentBy(db, viewer.isAdmin ? sql`p.id = ${id}` : sql`p.id = ${id} and p.user_id = ${viewer.id}`);
  if (!payment || payment.receiptNumber === null) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
  const refunds = await rowsOf<{ amount: string; reason: string; creditNoteNumber: number; createdAt: string }>(
    db.execute(sql`select amount::text as amount, reason, credit_note_number as "creditNoteNumber", ${sql.raw(isoText('created_at'))} as "createdAt"
      from payment_refunds where payment_id = ${id} order by created_at`),
  );
  return { payment: toAdminPayment(payment), receiptNumber: payment.receiptNumber, refunds };
}
