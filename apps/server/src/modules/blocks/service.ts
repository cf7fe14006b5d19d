import { sql } from 'drizzle-orm';
import type { BlockedPerson, Page } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { isoText, rowsOf } from '../../lib/keyset';

/** Blocks someone (again is fine: the answer is the same). */
export async function block(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw badRequest('You cannot block yourself.', 'BLOCK_SELF');
  const done = await rowsOf<{ one: number }>(
    db.execute(sql`insert into blocks (blocker_id, blocked_id)
      select ${blockerId}, p.id from profiles p where p.id = ${blockedId}
      on conflict do nothing returning 1 as one`),
  );
  if (!done.length) {
    const [known] = await rowsOf<{ one: number }>(db.execute(sql`select 1 as one from profiles where id = ${blockedId}`));
    if (!known) throw notFound('User not found.', 'USER_NOT_FOUND');
  }
  return { userId: blockedId, blocked: true };
}

/** The WHERE names the caller as the blocker: nobody lifts another person's block. */
export async function unblock(db: Db, blockerId: string, blockedId: string) {
  await db.execute(sql`delete from blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`);
  return { userId: blockedId, blocked: false };
}

export async function isBlocked(db: Db, blockerId: string, blockedId: string) {
  const [row] = await rowsOf<{ one: number }>(db.execute(sql`select 1 as one from blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`));
  return { userId: blockedId, blocked: !!row };
}

/** User ids are not uuids, so this list's cursor is its own: base64url of [createdAt, userId]. */
const encode = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
function decode(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(v[0]) && v[1].length <= 64)
      if (!Number.isNaN(Date.parse(v[0]))) return [v[0], v[1]];
  } catch {
    /* falls through */
  }
  throw badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
}

/** The caller's blocked people, most recent first (the settings list with Unblock). */
export async function listBlocked(db: Db, blockerId: string, q: { cursor?: string; limit: number }): Promise<Page<BlockedPerson>> {
  const after = decode(q.cursor);
  const rows = await rowsOf<BlockedPerson>(
    db.execute(sql`select b.blocked_id as "userId", ${sql.raw(isoText('b.created_at'))} as "blockedAt",
        coalesce(p.full_name, '') as "fullName", p.avatar_url as "avatarUrl"
      from blocks b left join profiles p on p.id = b.blocked_id
      where b.blocker_id = ${blockerId}
        and ${after ? sql`(b.created_at, b.blocked_id) < (${after[0]}::timestamptz, ${after[1]})` : sql`true`}
      order by b.created_at desc, b.blocked_id desc
      limit ${q.limit + 1}`),
  );
  const items = rows.slice(0, q.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > q.limit && last ? encode(last.blockedAt, last.userId) : null };
}
