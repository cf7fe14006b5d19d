import { sql } from 'drizzle-orm';
import type { AdminAd, AdminApplication, AdminJob, FeedbackItem, Page } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';
import { recordManualPayment } from '../../lib/payments/ledger';
import type { Queue } from '../../plugins/queue';
import { writeAudit, type Actor } from './audit';

type PageInput = { cursor?: string; limit: number };
const created = (alias: string) => sql.raw(`${isoText(`${alias}.created_at`)} as "createdAt"`);

export async function listAllJobs(db: Db, p: PageInput): Promise<Page<AdminJob>> {
  const rows = await rowsOf<AdminJob>(
    db.execute(sql`
      select j.id, j.title, j.category, j.country, j.company, j.paid, coalesce(p.email, '') as "ownerEmail", ${created('j')},
        j.listing_price::text as "listingPrice", j.listing_currency as "listingCurrency"
      from jobs j left join profiles p on p.id = j.user_id
      where ${afterCursor('j', decodeCursor(p.cursor))}
      order by j.created_at desc, j.id desc limit ${p.limit + 1}`),
  );
  return toPage(rows, p.limit, (r) => r);
}

export async function listAllApplications(db: Db, p: PageInput): Promise<Page<AdminApplication>> {
  const rows = await rowsOf<AdminApplication>(
    db.execute(sql`
      select a.id, j.title as "jobTitle", coalesce(p.email, '') as "applicantEmail", a.cover_letter as "coverLetter", ${created('a')}
      from applications a join jobs j on j.id = a.job_id left join profiles p on p.id = a.user_id
      where ${afterCursor('a', decodeCursor(p.cursor))}
      order by a.created_at desc, a.id desc limit ${p.limit + 1}`),
  );
  return toPage(rows, p.limit, (r) => r);
}

export async function listAllAds(db: Db, p: PageInput): Promise<Page<AdminAd>> {
  const rows = await rowsOf<AdminAd>(
    db.execute(sql`
      select a.id, a.title, not a.awaiting_payment as paid, coalesce(p.email, '') as "ownerEmail", ${created('a')},
        a.listing_price::text as "listingPrice", a.listing_currency as "listingCurrency"
      from ads a left join profiles p on p.id = a.user_id
      where ${afterCursor('a', decodeCursor(p.cursor))}
      order by a.created_at desc, a.id desc limit ${p.limit + 1}`),
  );
  return toPage(rows, p.limit, (r) => r);
}

/** Newest first, paged (feedback.created_at has microseconds, so it is compared at millisecond precision). */
export async function listFeedbackPage(db: Db, p: PageInput): Promise<Page<FeedbackItem>> {
  const after = decodeCursor(p.cursor);
  const rows = await rowsOf<FeedbackItem>(
    db.execute(sql`
      select f.id, f.name, f.message, f.email, ${created('f')}
      from feedback f
      where ${after ? sql`(date_trunc('milliseconds', f.created_at), f.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
      order by date_trunc('milliseconds', f.created_at) desc, f.id desc limit ${p.limit + 1}`),
  );
  return toPage(rows, p.limit, (r) => r);
}

/**
 * Records a payment (bank transfer or cash): the listing becomes public, the payment is in the books
 * with its receipt number, and the receipt is emailed (issue 47). Paying twice is a 409.
 */
export async function markPaid(
  db: Db,
  app: { queue: Pick<Queue, 'send'>; config: { publicUrl: string } },
  actor: Actor,
  kind: 'job' | 'ad',
  id: string,
  method: 'bank_transfer' | 'cash',
) {
  const notFoundError = kind === 'job' ? notFound('Job not found.', 'JOB_NOT_FOUND') : notFound('Ad not found.', 'AD_NOT_FOUND');
  if (!isUuid(id)) throw notFoundError;
  // A job's `paid` says whether it is listed; an ad keeps `paid` (false on creation, spec) and is held back by awaiting_payment.
  const pending = sql.raw(kind === 'job' ? 'not paid' : 'awaiting_payment');
  const table = sql.raw(kind === 'job' ? 'jobs' : 'ads');
  const release = sql.raw(kind === 'job' ? 'paid = true' : 'paid = true, awaiting_payment = false');
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ title: string; pending: boolean }>(
      tx.execute(sql`select title, ${pending} as pending from ${table} where id = ${id} for update`),
    );
    if (!row) throw notFoundError;
    if (!row.pending) throw conflict('This listing is already paid.', 'ALREADY_PAID');
    await tx.execute(sql`update ${table} set ${release}, updated_at = now() where id = ${id}`);
    const receipt = await recordManualPayment(tx, app.config.publicUrl, kind, id, method);
    if (receipt) await app.queue.send(tx, 'email', receipt);
    // The job is public now: its company's followers hear of it (issue 44).
    if (kind === 'job') await app.queue.send(tx, 'company-followers-new-job', { jobId: id });
    await writeAudit(tx, actor, {
      action: 'payment_recorded',
      targetType: kind,
      targetId: id,
      targetLabel: row.title,
      before: { paid: false },
      after: { paid: true, method },
    });
    return { id, paid: true };
  });
}
