import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Last seen is written at most this often per person and instance: a write per minute and tab would cost more than it tells. */
const SEEN_EVERY_MS = 5 * 60_000;
const lastWritten = new Map<string, number>();

/**
 * Records that the person is on the site now, for the unread-messages email. Called by the event
 * stream every signed-in page keeps open: when it opens, at its periodic session check and when it
 * closes (`force`: they were here until now).
 */
export async function markSeen(db: Db, userId: string, { force = false } = {}): Promise<void> {
  const now = Date.now();
  const last = lastWritten.get(userId);
  if (!force && last !== undefined && now - last < SEEN_EVERY_MS) return;
  if (lastWritten.size > 50_000) lastWritten.clear();
  lastWritten.set(userId, now);
  await db.execute(sql`insert into notification_settings (user_id, last_seen_at) values (${userId}, now())
    on conflict (user_id) do update set last_seen_at = now()`);
}
