import { sql } from 'drizzle-orm';
import type { ReportItemType } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { rowsOf } from '../../lib/keyset';

type Reader = Pick<Db, 'execute'>;

export interface ItemInfo {
  ownerId: string;
  label: string;
  /** The reader is on the item's team (a member of the reported company, or of the job's): their own item as much as its owner's. */
  readerIsMember?: boolean;
}

/**
 * Who owns an item and what to call it (a title, a name, a message's opening words). A message is
 * found only for its recipient (`readerId`): nobody reports, or learns of, a message they did not receive.
 * A company is owned by its first owner; a reader (someone reporting) finds only a company that is not
 * suspended (its page is gone for them), and learns whether they are one of its members (of a job's
 * company, for a job: its team posted it).
 * The tables are read directly: a module never imports another module.
 */
export async function findItem(db: Reader, itemType: ReportItemType, itemId: string, readerId?: string): Promise<ItemInfo | null> {
  const uuidKeyed = itemType === 'job' || itemType === 'ad' || itemType === 'message' || itemType === 'company';
  if (uuidKeyed && !isUuid(itemId)) return null;
  const query = {
    job: sql`select j.user_id as "ownerId", j.title as label,
        exists (select 1 from company_members m where m.company_id = j.company_id and m.user_id = ${readerId ?? null}) as "readerIsMember"
      from jobs j where j.id = ${itemId}::uuid`,
    ad: sql`select user_id as "ownerId", title as label from ads where id = ${itemId}::uuid`,
    consultant: sql`select user_id as "ownerId", full_name as label from consultants where user_id = ${itemId}`,
    profile: sql`select id as "ownerId", full_name as label from profiles where id = ${itemId}`,
    message: sql`select sender_id as "ownerId", left(message, 120) as label from messages where id = ${itemId}::uuid
      and (${readerId ?? null}::text is null or recipient_id = ${readerId ?? null})`,
    company: sql`select o.user_id as "ownerId", c.name as label,
        exists (select 1 from company_members m where m.company_id = c.id and m.user_id = ${readerId ?? null}) as "readerIsMember"
      from companies c
      join lateral (select user_id from company_members where company_id = c.id and role = 'owner' order by created_at, user_id limit 1) o on true
      where c.id = ${itemId}::uuid and (${readerId ?? null}::text is null or c.suspended_at is null)`,
  }[itemType];
  const [row] = await rowsOf<ItemInfo>(db.execute(query));
  return row ?? null;
}
