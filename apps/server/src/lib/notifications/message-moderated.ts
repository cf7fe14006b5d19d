import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Realtime } from '../../plugins/realtime';
import { rowsOf } from '../keyset';

/**
 * Moderation held back or gave back a message: its recipient's chat, inbox row and unread count
 * change although no message arrived, so their open tabs are told as of a new one (in the
 * decision's transaction). The sender sees their own message either way.
 */
export async function publishMessageModerated(tx: Db, realtime: Realtime, messageId: string): Promise<void> {
  const [row] = await rowsOf<{ senderId: string; recipientId: string }>(
    tx.execute(sql`select sender_id as "senderId", recipient_id as "recipientId" from messages where id = ${messageId}::uuid`),
  );
  if (row) await realtime.publish(tx, [{ userId: row.recipientId, type: 'message-moderated', data: { otherId: row.senderId } }]);
}
