import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { adminAuditLog, type StoredPicture } from '../db/schema';
import { adFileKeys } from './ad-files';
import { badRequest, notFound } from './http-error';
import { isUuid } from './ids';
import { cancelUpcomingInterviews, type InterviewRow } from './interviews/rows';
import { rowsOf } from './keyset';
import { notify } from './notifications/notify';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface RemovingAdmin {
  id: string;
  email: string;
}
export type ListingKind = 'job' | 'ad';

/**
 * Tells a listing's owner that an admin removed it, in the removal's transaction: the bell, and the
 * email when their "listings" switch is on, in their language (lib/notifications). The one way an
 * owner hears of an admin's removal, whichever screen or route the admin used (decision 0069).
 */
export async function tellListingRemoved(
  app: FastifyInstance,
  tx: Tx,
  listing: { kind: ListingKind; id: string; ownerId: string; title: string; reason: string },
  options?: { email?: boolean },
): Promise<void> {
  await notify(
    app,
    tx,
    { userId: listing.ownerId, kind: 'listing_removed', data: { listing: listing.kind, id: listing.id, title: listing.title, reason: listing.reason } },
    options,
  );
}

/** The reason an admin must give to remove someone else's listing. */
export function requiredReason(reason: string | null | undefined): string {
  const text = reason?.trim();
  if (!text) throw badRequest('Please give a reason for the owner.', 'REASON_REQUIRED');
  return text;
}

/**
 * An admin deletes a job (with its applications; its upcoming interviews are cancelled) or an ad:
 * the audit row records the reason, and the owner is told (tellListingRemoved) unless it is the
 * admin's own. One function behind /admin's Delete and an admin's DELETE /api/jobs|ads/{id}.
 * Returns the files to delete after the commit and the interviews whose people to email.
 */
export async function removeListingAsAdmin(
  app: FastifyInstance,
  actor: RemovingAdmin,
  kind: ListingKind,
  id: string,
  reason: string,
): Promise<{ keys: string[]; cancelled: InterviewRow[] }> {
  const missing = kind === 'job' ? notFound('Job not found.', 'JOB_NOT_FOUND') : notFound('Ad not found.', 'AD_NOT_FOUND');
  if (!isUuid(id)) throw missing;
  const why = requiredReason(reason);
  return app.db.db.transaction(async (tx) => {
    let owner: { title: string; userId: string; paid: boolean };
    let keys: string[];
    let cancelled: InterviewRow[] = [];
    if (kind === 'job') {
      const [job] = await rowsOf<{ title: string; userId: string; paid: boolean }>(
        tx.execute(sql`select title, user_id as "userId", paid from jobs where id = ${id} for update`),
      );
      if (!job) throw missing;
      owner = job;
      cancelled = await cancelUpcomingInterviews(tx, { jobId: id });
      const files = await rowsOf<{ key: string | null }>(
        tx.execute(sql`with d as (delete from applications where job_id = ${id} returning resume_key, cover_letter_key)
          select resume_key as key from d union all select cover_letter_key from d`),
      );
      await tx.execute(sql`delete from jobs where id = ${id}`);
      keys = files.map((k) => k.key).filter((k): k is string => !!k);
    } else {
      const [ad] = await rowsOf<{
        title: string;
        userId: string;
        paid: boolean;
        image: StoredPicture | null;
        poster: StoredPicture | null;
        videoKey: string | null;
      }>(tx.execute(sql`delete from ads where id = ${id} returning title, user_id as "userId", paid, image, poster, video_key as "videoKey"`));
      if (!ad) throw missing;
      owner = ad;
      keys = adFileKeys(ad);
    }
    await tx.insert(adminAuditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: kind === 'job' ? 'delete_job' : 'delete_ad',
      targetType: kind,
      targetId: id,
      targetLabel: owner.title,
      before: { title: owner.title, userId: owner.userId, paid: owner.paid },
      after: { deleted: true, reason: why },
    });
    if (owner.userId !== actor.id) await tellListingRemoved(app, tx, { kind, id, ownerId: owner.userId, title: owner.title, reason: why });
    return { keys, cancelled };
  });
}

/** Whose listing this is (null: no such listing), so a DELETE can tell an admin's removal from an owner's own delete. */
export async function listingOwnerOf(db: Db, kind: ListingKind, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await rowsOf<{ userId: string }>(
    db.execute(kind === 'job' ? sql`select user_id as "userId" from jobs where id = ${id}` : sql`select user_id as "userId" from ads where id = ${id}`),
  );
  return row?.userId ?? null;
}

/** An admin's removal of someone else's listing through its own DELETE: the one path above, with the reason required. */
export async function adminRemovalOf(
  app: FastifyInstance,
  caller: { id: string; email: string; isAdmin: boolean },
  kind: ListingKind,
  id: string,
  reason: string | undefined,
): Promise<{ keys: string[]; cancelled: InterviewRow[] } | null> {
  if (!caller.isAdmin) return null;
  const owner = await listingOwnerOf(app.db.db, kind, id);
  if (!owner || owner === caller.id) return null;
  return removeListingAsAdmin(app, { id: caller.id, email: caller.email }, kind, id, requiredReason(reason));
}
