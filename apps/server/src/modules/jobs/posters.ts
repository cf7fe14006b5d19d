import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/keyset';

/**
 * Who of the team posted each job of a page of the caller's company's jobs (the dashboard's "Posted
 * by"): one query for the page, and only jobs of the caller's own company are named.
 */
export async function withPosters<T extends { id: string }>(db: Db, callerId: string, items: T[]): Promise<Array<T & { postedBy?: string }>> {
  if (!items.length) return items;
  const rows = await rowsOf<{ id: string; postedBy: string }>(
    db.execute(sql`select j.id, coalesce(nullif(p.full_name, ''), p.email, '') as "postedBy"
      from jobs j left join profiles p on p.id = j.user_id
      where j.id = any(${sql.param(items.map((i) => i.id))}::uuid[])
        and j.company_id = (select cm.company_id from company_members cm where cm.user_id = ${callerId})`),
  );
  const names = new Map(rows.map((r) => [r.id, r.postedBy]));
  return items.map((i) => (names.has(i.id) ? { ...i, postedBy: names.get(i.id)! } : i));
}
