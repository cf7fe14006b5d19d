import { sql } from 'drizzle-orm';
import type { LanguageCode } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { emailLink, emailText, INTL_LOCALE, longDate, toLanguage } from '../emails';
import { onJob } from '../company-access';
import { rowsOf } from '../keyset';
import type { Mail } from '../mailer';
import { readPaymentSettings } from '../settings';

/**
 * The books of paid listings, shared by the payments module (online payments, refunds) and the admin
 * module (payments recorded by hand): receipt and credit-note numbers, a listing's release and hold,
 * and the receipt and credit-note emails (decision 0073).
 */
export type ListingKind = 'job' | 'ad';
export type PaymentMethod = 'paypal' | 'bank_transfer' | 'cash';
type Tx = Pick<Db, 'execute'>;

/**
 * The next receipt or credit-note number: the counter's row is updated in the caller's transaction,
 * so concurrent payments wait for each other's commit and a rollback gives the number back (no gaps).
 */
export async function nextNumber(tx: Tx, name: 'receipt' | 'credit_note'): Promise<number> {
  const [row] = await rowsOf<{ value: number }>(tx.execute(sql`update payment_counters set value = value + 1 where name = ${name} returning value`));
  if (!row) throw new Error(`payment counter ${name} is missing`);
  return Number(row.value);
}

export const receiptLabel = (n: number) => `R-${String(n).padStart(6, '0')}`;
export const creditNoteLabel = (n: number) => `CN-${String(n).padStart(6, '0')}`;

/** The listing becomes public (its payment is recorded). False when it is gone. */
export async function releaseListing(tx: Tx, kind: ListingKind, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    kind === 'job'
      ? tx.execute(sql`update jobs set paid = true, updated_at = now() where id = ${id} returning id`)
      : tx.execute(sql`update ads set paid = true, awaiting_payment = false, updated_at = now() where id = ${id} returning id`),
  );
  return rows.length > 0;
}

/** The listing waits for payment again (a refund that does not keep it live, a reversed capture). */
export async function holdListing(tx: Tx, kind: ListingKind, id: string): Promise<void> {
  if (kind === 'job') await tx.execute(sql`update jobs set paid = false, updated_at = now() where id = ${id}`);
  else await tx.execute(sql`update ads set paid = false, awaiting_payment = true, updated_at = now() where id = ${id}`);
}

/** A listing as its payment needs it: title, owner, whether it waits, and the price it keeps (or today's). */
export interface PayableListing {
  title: string;
  userId: string;
  awaiting: boolean;
  price: string;
  currency: string;
}

/**
 * Who may pay for a listing is who may edit it (decision 0076): an owner or recruiter of a job's
 * company now (a poster since removed is not), the poster of an ad (ads have no team).
 */
const mayPaySql = (kind: ListingKind, payerId: string) => (kind === 'job' ? onJob({ id: payerId }, 'jobs', 'recruiter') : sql`ads.user_id = ${payerId}`);

/**
 * The listing, or null. With `payerId`, only when that person may pay for it (mayPaySql, in the same
 * statement): anyone else finds nothing.
 */
export async function payableListing(tx: Tx, kind: ListingKind, id: string, lock = false, payerId?: string): Promise<PayableListing | null> {
  const forUpdate = sql.raw(lock ? 'for update' : '');
  const payer = payerId === undefined ? sql`` : sql`and ${mayPaySql(kind, payerId)}`;
  const [row] = await rowsOf<{ title: string; userId: string; awaiting: boolean; price: string | null; currency: string | null }>(
    kind === 'job'
      ? tx.execute(
          sql`select title, user_id as "userId", not paid as awaiting, listing_price::text as price, listing_currency as currency from jobs where id = ${id} ${payer} ${forUpdate}`,
        )
      : tx.execute(
          sql`select title, user_id as "userId", awaiting_payment as awaiting, listing_price::text as price, listing_currency as currency from ads where id = ${id} ${payer} ${forUpdate}`,
        ),
  );
  if (!row) return null;
  if (row.price !== null && row.currency !== null) return { ...row, price: row.price, currency: row.currency };
  // Posted before prices were kept on the listing (or free then, and held back since): today's price.
  const settings = await readPaymentSettings(tx as Db);
  return { ...row, price: Number(kind === 'job' ? settings.jobPrice : settings.adPrice).toFixed(2), currency: settings.currency };
}

/** 25 → "US$25.00" / "25,00 US$"… in the reader's language. */
export function money(language: LanguageCode, amount: string | number, currency: string): string {
  try {
    return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${Number(amount).toFixed(2)} ${currency}`;
  }
}

interface Payer {
  email: string;
  name: string;
  language: LanguageCode;
}

export async function payerOf(tx: Tx, userId: string): Promise<Payer | null> {
  const [row] = await rowsOf<{ email: string; name: string; language: string }>(
    tx.execute(
      sql`select u.email, coalesce(p.full_name, '') as name, coalesce(p.language, 'en') as language from users u left join profiles p on p.id = u.id where u.id = ${userId}`,
    ),
  );
  return row ? { email: row.email, name: row.name, language: toLanguage(row.language) } : null;
}

const methodName = (language: LanguageCode, method: PaymentMethod) => emailText(language, `payment.method.${method}`);

/** The receipt email: number, operator, listing, amount, method and date, in the payer's language. */
export async function receiptMail(
  tx: Tx,
  publicUrl: string,
  p: {
    userId: string | null;
    payerEmail: string;
    receiptNumber: number;
    listingTitle: string;
    amount: string;
    currency: string;
    method: PaymentMethod;
    paidAt: Date;
  },
): Promise<Mail> {
  const payer = p.userId ? await payerOf(tx, p.userId) : null;
  const language = payer?.language ?? 'en';
  const settings = await readPaymentSettings(tx as Db);
  const operator = [settings.operatorName || 'CaribConnect', settings.operatorAddress].filter(Boolean).join('\n');
  const hello = payer?.name ? emailText(language, 'common.hello', { name: payer.name }) : emailText(language, 'common.helloPlain');
  return {
    to: payer?.email ?? p.payerEmail,
    subject: emailText(language, 'payment.receipt.subject', { number: receiptLabel(p.receiptNumber) }),
    text: `${hello}\n\n${emailText(language, 'payment.receipt.text', {
      number: receiptLabel(p.receiptNumber),
      title: p.listingTitle,
      amount: money(language, p.amount, p.currency),
      method: methodName(language, p.method),
      date: longDate(language, p.paidAt),
      operator,
      url: emailLink(publicUrl, '/payments', language),
    })}`,
  };
}

/** The credit-note email of a refund. */
export async function creditNoteMail(
  tx: Tx,
  publicUrl: string,
  p: {
    userId: string | null;
    payerEmail: string;
    creditNoteNumber: number;
    receiptNumber: number | null;
    listingTitle: string;
    amount: string;
    currency: string;
    reason: string;
    at: Date;
  },
): Promise<Mail> {
  const payer = p.userId ? await payerOf(tx, p.userId) : null;
  const language = payer?.language ?? 'en';
  const hello = payer?.name ? emailText(language, 'common.hello', { name: payer.name }) : emailText(language, 'common.helloPlain');
  return {
    to: payer?.email ?? p.payerEmail,
    subject: emailText(language, 'payment.creditNote.subject', { number: creditNoteLabel(p.creditNoteNumber) }),
    text: `${hello}\n\n${emailText(language, 'payment.creditNote.text', {
      number: creditNoteLabel(p.creditNoteNumber),
      receipt: p.receiptNumber ? receiptLabel(p.receiptNumber) : '—',
      title: p.listingTitle,
      amount: money(language, p.amount, p.currency),
      reason: p.reason,
      date: longDate(language, p.at),
      url: emailLink(publicUrl, '/payments', language),
    })}`,
  };
}

/**
 * Records a payment received by hand (bank transfer, cash) for a listing that waits, in the caller's
 * transaction: the payment row with its receipt number, the listing released. Returns the receipt's mail.
 */
export async function recordManualPayment(tx: Tx, publicUrl: string, kind: ListingKind, id: string, method: 'bank_transfer' | 'cash'): Promise<Mail | null> {
  const listing = await payableListing(tx, kind, id);
  if (!listing) return null;
  // A waiting online order for the listing is superseded by the payment recorded by hand.
  await tx.execute(
    sql`update payments set status = 'cancelled', updated_at = now() where listing_kind = ${kind} and listing_id = ${id} and status = 'pending'`,
  );
  const payer = await payerOf(tx, listing.userId);
  const amount = Number(listing.price) > 0 ? listing.price : null;
  if (!amount) {
    await releaseListing(tx, kind, id);
    return null; // nothing was charged: no payment, no receipt
  }
  const receiptNumber = await nextNumber(tx, 'receipt');
  const [row] = await rowsOf<{ paidAt: Date }>(
    tx.execute(sql`insert into payments (user_id, payer_email, payer_name, listing_kind, listing_id, listing_title, amount, currency, method, status, receipt_number, paid_at)
      values (${listing.userId}, ${payer?.email ?? ''}, ${payer?.name ?? ''}, ${kind}, ${id}, ${listing.title}, ${amount}, ${listing.currency}, ${method}, 'paid', ${receiptNumber}, now())
      returning paid_at as "paidAt"`),
  );
  await releaseListing(tx, kind, id);
  return receiptMail(tx, publicUrl, {
    userId: listing.userId,
    payerEmail: payer?.email ?? '',
    receiptNumber,
    listingTitle: listing.title,
    amount,
    currency: listing.currency,
    method,
    paidAt: new Date(row!.paidAt),
  });
}
