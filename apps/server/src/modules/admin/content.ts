import { sql } from 'drizzle-orm';
import type { AdminAd, AdminApplication, AdminJob, FeedbackItem, Page } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';
import { writeAudit, type Actor } from './audit';

type PageInput = { cursor?: string; limit: number };
const created = (alias: string) => sql.raw(`${isoText(`${alias}.created_at`)} as "createdAt"`);

export async function listAllJobs(db: Db, p: PageInput): Promise<Page<AdminJob>> {
  const rows = await rowsOf<AdminJob>(
    db.execute(sql`
      select j.id, j.title, j.category, j.country, j.company, j.paid, coalesce(p.email, '') as "ownerEmail", ${created('j')}
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
  const [present] = await rowsOf<{ ok: boolean }>(db.execute(sql`select to_regclass('public.ads') is not null as ok`));
  if (!present?.ok) return { items: [], nextCursor: null };
  const rows = await rowsOf<AdminAd>(
    db.execute(sql`
      select a.id, a.title, a.paid, coalesce(p.email, '') as "ownerEmail", ${created('a')}
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

/** Deletes any job with its applications; returns their document keys for removal after the commit. */
export async function adminDeleteJob(db: Db, actor: Actor, id: string): Promise<string[]> {
  if (!isUuid(id)) throw notFound('Job not found.', 'JOB_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [job] = await rowsOf<{ title: string; userId: string; paid: boolean }>(
      tx.execute(sql`select title, user_id as "userId", paid from jobs where id = ${id} for update`),
    );
    if (!job) throw notFound('Job not found.', 'JOB_NOT_FOUND');
    const keys = await rowsOf<{ key: string | null }>(
      tx.execute(sql`with d as (delete from applications where job_id = ${id} returning resume_key, cover_letter_key)
        select resume_key as key from d union all select cover_letter_key from d`),
    );
    await tx.execute(sql`delete from jobs where id = ${id}`);
    await writeAudit(tx, actor, { action: 'delete_job', targetType: 'job', targetId: id, targetLabel: job.title, before: job, after: null });
    return keys.map((k) => k.key).filter((k): k is string => !!k);
  });
}

/** Deletes any ad; returns its file keys (the ads domain's lib helper knows them) for removal after the commit. */
export async function adminDeleteAd(db: Db, actor: Actor, id: string, fileKeys: (ad: AdFiles) => string[]): Promise<string[]> {
  if (!isUuid(id)) throw notFound('Ad not found.', 'AD_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [ad] = await rowsOf<AdFiles & { title: string; userId: string; paid: boolean }>(
      tx.execute(sql`delete from ads where id = ${id} returning title, user_id as "userId", paid, image, poster, video_key as "videoKey"`),
    );
    if (!ad) throw notFound('Ad not found.', 'AD_NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'delete_ad',
      targetType: 'ad',
      targetId: id,
      targetLabel: ad.title,
      before: { title: ad.title, userId: ad.userId, paid: ad.paid },
      after: null,
    });
    return fileKeys(ad);
  });
}
export type AdFiles = { image: unknown; poster: unknown; videoKey: string | null };

/** Records a payment (bank transfer or cash): the listing becomes public. Paying twice is a 409. */
export async function markPaid(db: Db, actor: Actor, kind: 'job' | 'ad', id: string, method: string) {
  const notFoundError = kind === 'job' ? notFound('Job not found.', 'JOB_NOT_FOUND') : notFound('Ad not found.', 'AD_NOT_FOUND');
  if (!isUuid(id)) throw notFoundError;
  const table = sql.raw(kind === 'job' ? 'jobs' : 'ads');
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ title: string; paid: boolean }>(tx.execute(sql`select title, paid from ${table} where id = ${id} for update`));
    if (!row) throw notFoundError;
    if (row.paid) throw conflict('This listing is already paid.', 'ALREADY_PAID');
    await tx.execute(sql`update ${table} set paid = true, updated_at = now() where id = ${id}`);
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
