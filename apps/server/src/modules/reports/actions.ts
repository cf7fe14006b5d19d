import { sql } from 'drizzle-orm';
import { holdsAdminRole, type AuditAction, type LanguageCode, type ModerationAction, type ReportItemType } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { rowsOf } from '../../lib/keyset';
import { findItem } from './items';
import { ownerMail, type OwnerMail } from './mails';

export interface Actor {
  id: string;
  email: string;
}
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Tells the owner of a moderated item, inside the action's transaction: by email, and in the app for a removed listing. */
export type TellOwner = (
  tx: Tx,
  mail: OwnerMail,
  event: { action: ModerationAction; itemType: ReportItemType; itemId: string; ownerId: string; label: string; message: string | null },
) => Promise<void>;

/** The item's hold changed (held back, or given back): what else shows it is told, inside the action's transaction. */
export type HoldChanged = (tx: Tx, item: { itemType: ReportItemType; itemId: string }) => Promise<void>;

const AUDIT: Record<ModerationAction, AuditAction> = {
  dismiss: 'report_dismissed',
  remove: 'listing_removed',
  restore: 'listing_restored',
  warn: 'owner_warned',
  suspend: 'owner_suspended',
};

/**
 * One admin decision on a reported item, with its audit row and the owner's email in the same
 * transaction:
 * - dismiss: the open reports are closed and a hold by reports is lifted (the owner is told only
 *   when their item had been hidden, since they may not know it was reported);
 * - remove: the item is held as 'removed' (nothing is deleted; an owner's edit does not touch the
 *   hold) and the owner is told why;
 * - restore: a removed item is listed again;
 * - warn: the owner is told why, the item stays;
 * - suspend: the owner's account is suspended (the admin module's account state: their sessions end);
 *   for a company, the company is suspended (as /admin/companies does: its page, card and jobs are
 *   hidden), not the account of its owner. A company is not removed or restored here: suspending it
 *   is its removal, and /admin/companies lifts it.
 * Remove, warn and suspend close the open reports as 'actioned'.
 */
export async function moderate(
  db: Db,
  actor: Actor,
  tell: TellOwner,
  target: { itemType: ReportItemType; itemId: string },
  action: ModerationAction,
  message: string | null,
  holdChanged?: HoldChanged,
) {
  const { itemType, itemId } = target;
  const company = itemType === 'company';
  if (company && (action === 'remove' || action === 'restore'))
    throw badRequest('A company is suspended, not removed: use Suspend company.', 'COMPANY_NOT_REMOVABLE');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${itemType}:${itemId}`}))`);
    const [known] = await rowsOf<{ ownerId: string; hold: string | null; open: number }>(
      tx.execute(sql`select coalesce(h.owner_id, r.owner_id) as "ownerId", h.state as hold,
          (select count(*)::int from reports o where o.item_type = ${itemType} and o.item_id = ${itemId} and o.status = 'open') as open
        from (select 1) one
        left join moderation_holds h on h.item_type = ${itemType} and h.item_id = ${itemId}
        left join lateral (select owner_id from reports where item_type = ${itemType} and item_id = ${itemId} limit 1) r on true`),
    );
    // Only reported (or removed) items are moderated here: the admin's other screens delete or suspend outright.
    if (!known?.ownerId) throw notFound('No reports on this item.', 'MODERATION_ITEM_NOT_FOUND');
    const item = await findItem(tx, itemType, itemId);
    const label = item?.label ?? '';
    const [owner] = await rowsOf<{ email: string; fullName: string; role: string; previousRole: string | null; language: LanguageCode }>(
      tx.execute(
        sql`select email, full_name as "fullName", role, previous_role as "previousRole", language from profiles where id = ${known.ownerId} for update`,
      ),
    );
    if (!owner) throw notFound('No reports on this item.', 'MODERATION_ITEM_NOT_FOUND');

    const closeReports = (status: 'dismissed' | 'actioned') =>
      tx.execute(sql`update reports set status = ${status}, decided_at = now()
        where item_type = ${itemType} and item_id = ${itemId} and status = 'open'`);
    let before: unknown = { hold: known.hold, openReports: known.open };
    let after: unknown;
    let tellOwner = true;

    switch (action) {
      case 'dismiss': {
        if (known.open === 0) throw badRequest('There are no open reports on this item.', 'NO_OPEN_REPORTS');
        await closeReports('dismissed');
        await tx.execute(sql`delete from moderation_holds where item_type = ${itemType} and item_id = ${itemId} and state = 'hidden'`);
        tellOwner = known.hold === 'hidden';
        after = { hold: known.hold === 'removed' ? 'removed' : null, openReports: 0 };
        break;
      }
      case 'remove': {
        if (!item) throw notFound('This item no longer exists.', 'REPORT_ITEM_NOT_FOUND');
        if (known.hold === 'removed') throw badRequest('This item is already removed.', 'ALREADY_REMOVED');
        // A listing is never removed without telling its owner why (decision 0069).
        if ((itemType === 'job' || itemType === 'ad') && !message) throw badRequest('Please give a reason for the owner.', 'REASON_REQUIRED');
        await tx.execute(sql`insert into moderation_holds (item_type, item_id, owner_id, state, reason)
          values (${itemType}, ${itemId}, ${known.ownerId}, 'removed', ${message})
          on conflict (item_type, item_id) do update set state = 'removed', reason = excluded.reason, created_at = now()`);
        await closeReports('actioned');
        after = { hold: 'removed', openReports: 0 };
        break;
      }
      case 'restore': {
        const restored = await rowsOf<{ one: number }>(
          tx.execute(sql`delete from moderation_holds where item_type = ${itemType} and item_id = ${itemId} and state = 'removed' returning 1 as one`),
        );
        if (!restored.length) throw badRequest('This item is not removed.', 'NOT_REMOVED');
        after = { hold: null };
        break;
      }
      case 'warn': {
        await closeReports('actioned');
        after = { hold: known.hold, openReports: 0 };
        break;
      }
      case 'suspend': {
        if (company) {
          const [was] = await rowsOf<{ suspended: boolean }>(
            tx.execute(sql`select suspended_at is not null as suspended from companies where id = ${itemId}::uuid for update`),
          );
          if (!was) throw notFound('This item no longer exists.', 'REPORT_ITEM_NOT_FOUND');
          await tx.execute(sql`update companies set suspended_at = coalesce(suspended_at, now()), updated_at = now() where id = ${itemId}::uuid`);
          await closeReports('actioned');
          before = { ...(before as object), suspended: was.suspended };
          after = { hold: known.hold, openReports: 0, suspended: true };
          break;
        }
        if (holdsAdminRole(owner.role)) throw forbidden('An administrator cannot be suspended.', 'ADMIN_PROTECTED');
        // As the admin module's setUserRole does: a state keeps the role held before any state, and sessions end.
        const states = ['suspended', 'muted', 'banned'];
        const previousRole = states.includes(owner.role) ? owner.previousRole : owner.role;
        await tx.execute(sql`update profiles set role = 'suspended', previous_role = ${previousRole}, updated_at = now() where id = ${known.ownerId}`);
        await tx.execute(sql`delete from sessions where user_id = ${known.ownerId}`);
        await closeReports('actioned');
        before = { ...(before as object), role: owner.role };
        after = { hold: known.hold, openReports: 0, role: 'suspended' };
        break;
      }
    }

    if (holdChanged && (after as { hold: string | null }).hold !== known.hold) await holdChanged(tx, target);
    await tx.insert(adminAuditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: company && action === 'suspend' ? 'company_suspended' : AUDIT[action],
      targetType: itemType,
      targetId: itemId,
      targetLabel: label,
      before,
      after: { ...(after as object), ...(message ? { message } : {}) },
    });
    if (tellOwner)
      await tell(tx, ownerMail(action, { to: owner.email, name: owner.fullName, itemType, label, message, language: owner.language }), {
        action,
        itemType,
        itemId,
        ownerId: known.ownerId,
        label,
        message,
      });
    return { itemType, itemId, action };
  });
}

/** Marks (or unmarks) an employer as verified, audited. Only an employer can be verified. */
export async function setVerifiedEmployer(db: Db, actor: Actor, userId: string, verified: boolean) {
  return db.transaction(async (tx) => {
    const [target] = await rowsOf<{ email: string; role: string; previousRole: string | null; verified: boolean }>(
      tx.execute(sql`select email, role, previous_role as "previousRole",
          exists (select 1 from verified_employers v where v.user_id = p.id) as verified
        from profiles p where p.id = ${userId} for update`),
    );
    if (!target) throw notFound('User not found.', 'USER_NOT_FOUND');
    const employer = target.role === 'employer' || target.previousRole === 'employer';
    if (verified && !employer) throw badRequest('Only an employer can be verified.', 'NOT_AN_EMPLOYER');
    if (verified) await tx.execute(sql`insert into verified_employers (user_id, verified_by) values (${userId}, ${actor.id}) on conflict do nothing`);
    else await tx.execute(sql`delete from verified_employers where user_id = ${userId}`);
    if (target.verified !== verified)
      await tx.insert(adminAuditLog).values({
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'employer_verified',
        targetType: 'user',
        targetId: userId,
        targetLabel: target.email,
        before: { verified: target.verified },
        after: { verified },
      });
    return { userId, verified };
  });
}
