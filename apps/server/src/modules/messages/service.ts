import { sql } from 'drizzle-orm';
import type { Conversation, Message } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { decodeCursor, isoText, rowsOf, toPage, type Keyset } from '../../lib/keyset';
import { blockedSql, notHeld, visibleUnreadSql } from '../../lib/moderation';
import type { Realtime } from '../../plugins/realtime';

export const RECIPIENT_NOT_FOUND = 'Recipient not found.';
export const CONVERSATION_NOT_FOUND = 'Conversation not found.';

const MESSAGE_COLUMNS = (t: string) =>
  sql.raw(`${t}.id, ${t}.sender_id as "senderId", ${t}.recipient_id as "recipientId", ${t}.message, ${t}.read,
    ${isoText(`${t}.created_at`)} as "createdAt"`);

/** Both directions of a conversation share one key (the column is generated the same way). */
const conversationKey = (a: string, b: string) => sql`least(${a}::text, ${b}::text) || ' ' || greatest(${a}::text, ${b}::text)`;

/**
 * Stores a message from the session's user and tells both people's streams, in one transaction:
 * the message, both inbox rows (last message, the recipient's unread count) and the events commit
 * together or not at all.
 */
export async function sendMessage(db: Db, realtime: Realtime, senderId: string, recipientId: string, text: string): Promise<Message> {
  if (recipientId === senderId) throw badRequest('You cannot send a message to yourself.', 'MESSAGE_TO_SELF');
  // The same refusal whatever the reason, so the sender does not learn they were blocked (issue 23).
  const [refused] = await rowsOf<{ refused: boolean }>(db.execute(sql`select ${blockedSql(recipientId, senderId)} as refused`));
  if (refused?.refused) throw forbidden("You can't send messages to this person.", 'MESSAGE_REFUSED');
  try {
    return await db.transaction(async (tx) => {
      // Both inbox rows are written in a fixed order, so concurrent sends lock them alike (no deadlock).
      const pair = [senderId, recipientId].sort();
      const rows = sql.join(
        pair.map((u) => sql`(${u}::text, ${u === senderId ? recipientId : senderId}::text, ${u === recipientId ? 1 : 0}::int)`),
        sql`, `,
      );
      const [row] = await rowsOf<Message>(
        tx.execute(sql`with m as (
            insert into messages (sender_id, recipient_id, message)
            select ${senderId}, p.id, ${text} from profiles p where p.id = ${recipientId}
            returning id, sender_id, recipient_id, message, read, created_at),
          c as (
            insert into conversations as c (user_id, other_id, last_message_id, last_message_at, unread_count)
            select v.user_id, v.other_id, m.id, m.created_at, v.unread from m cross join (values ${rows}) as v (user_id, other_id, unread)
            order by v.user_id
            on conflict (user_id, other_id) do update set
              unread_count = c.unread_count + excluded.unread_count,
              last_message_id = case when (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)
                then excluded.last_message_id else c.last_message_id end,
              last_message_at = greatest(excluded.last_message_at, c.last_message_at))
          select ${MESSAGE_COLUMNS('m')} from m`),
      );
      if (!row) throw notFound(RECIPIENT_NOT_FOUND, 'RECIPIENT_NOT_FOUND');
      await realtime.publish(tx, [
        { userId: senderId, type: 'message', data: { message: row } },
        { userId: recipientId, type: 'message', data: { message: row } },
      ]);
      return row;
    });
  } catch (err) {
    // The recipient's account was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) throw notFound(RECIPIENT_NOT_FOUND, 'RECIPIENT_NOT_FOUND');
    throw err;
  }
}

interface ConversationRow extends Keyset {
  otherId: string;
  fullName: string | null;
  avatarUrl: string | null;
  role: string | null;
  unreadCount: number;
  messageId: string;
  messageAt: string;
  senderId: string;
  recipientId: string;
  message: string;
  read: boolean;
}

/** The caller's inbox, newest conversation first; deleted ones stay hidden until a new message. */
export async function listConversations(db: Db, userId: string, cursor: string | undefined, limit: number) {
  const after = decodeCursor(cursor);
  const rows = await rowsOf<ConversationRow>(
    db.execute(sql`select c.last_message_id as id, ${sql.raw(isoText('c.last_message_at'))} as "createdAt", c.other_id as "otherId",
        p.full_name as "fullName", p.avatar_url as "avatarUrl", p.role, ${visibleUnreadSql('c')} as "unreadCount",
        m.id as "messageId", ${sql.raw(isoText('m.created_at'))} as "messageAt",
        m.sender_id as "senderId", m.recipient_id as "recipientId", m.message, m.read
      from conversations c
      -- The newest message the caller may see: one hidden by moderation is never previewed to its
      -- recipient (the conversation shows the one before, or leaves the inbox if none is left).
      join lateral (select * from messages m
          where m.conversation_key = least(c.user_id, c.other_id) || ' ' || greatest(c.user_id, c.other_id)
            and m.created_at > coalesce(c.cleared_at, '-infinity')
            and (m.sender_id = ${userId} or ${notHeld('message', 'm.id')})
          order by m.conversation_key, m.created_at desc, m.id desc
          limit 1) m on true
      left join profiles p on p.id = c.other_id
      where c.user_id = ${userId} and (c.cleared_at is null or c.last_message_at > c.cleared_at)
        and not ${blockedSql(userId, sql`c.other_id`)}
        and ${after ? sql`(c.last_message_at, c.last_message_id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
      order by c.user_id, c.last_message_at desc, c.last_message_id desc
      limit ${limit + 1}`),
  );
  return toPage(rows, limit, (r): Conversation => ({
    other: { id: r.otherId, fullName: r.fullName ?? '', avatarUrl: r.avatarUrl, role: r.role ?? '' },
    lastMessage: { id: r.messageId, senderId: r.senderId, recipientId: r.recipientId, message: r.message, read: r.read, createdAt: r.messageAt },
    unreadCount: Number(r.unreadCount),
  }));
}

/**
 * One conversation of the caller's, newest first (the chat shows them oldest first and loads older
 * pages as you scroll up). The key contains the caller's id, so nobody reads a conversation they
 * are not part of; messages before the caller's deletion marker stay hidden.
 */
export async function listMessages(db: Db, userId: string, otherId: string, cursor: string | undefined, limit: number) {
  const after = decodeCursor(cursor);
  const rows = await rowsOf<Message>(
    db.execute(sql`select ${MESSAGE_COLUMNS('m')} from messages m
      where m.conversation_key = ${conversationKey(userId, otherId)}
        and m.created_at > coalesce((select cleared_at from conversations where user_id = ${userId} and other_id = ${otherId}), '-infinity')
        and (m.sender_id = ${userId} or ${notHeld('message', 'm.id')})
        and ${after ? sql`(m.created_at, m.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
      order by m.conversation_key, m.created_at desc, m.id desc
      limit ${limit + 1}`),
  );
  return toPage(rows, limit, (r) => r);
}

/**
 * The caller read what `otherId` sent them. Only the recipient's own rows can change: the WHERE
 * names the caller as recipient. The inbox row is locked first, so a message arriving meanwhile is
 * either counted as unread or marked read, never lost between the two.
 */
export async function markRead(db: Db, realtime: Realtime, userId: string, otherId: string): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`update conversations set unread_count = 0 where user_id = ${userId} and other_id = ${otherId}`);
    const updated = await rowsOf<{ id: string }>(
      tx.execute(sql`update messages set read = true
        where recipient_id = ${userId} and sender_id = ${otherId} and not read
          and created_at > coalesce((select cleared_at from conversations where user_id = ${userId} and other_id = ${otherId}), '-infinity')
        returning id`),
    );
    if (updated.length) {
      const event = { readerId: userId, senderId: otherId };
      await realtime.publish(tx, [
        { userId, type: 'read', data: event },
        { userId: otherId, type: 'read', data: event },
      ]);
    }
    return { updated: updated.length };
  });
}

/**
 * Hides the conversation for the caller only (decision 0012): their marker moves to the last
 * message; the other person's copy is untouched, and a later message starts it afresh.
 */
export async function deleteConversation(db: Db, realtime: Realtime, userId: string, otherId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await rowsOf<{ otherId: string }>(
      tx.execute(sql`update conversations set cleared_at = last_message_at, unread_count = 0
        where user_id = ${userId} and other_id = ${otherId} and (cleared_at is null or last_message_at > cleared_at)
        returning other_id as "otherId"`),
    );
    if (!done.length) throw notFound(CONVERSATION_NOT_FOUND, 'CONVERSATION_NOT_FOUND');
    await realtime.publish(tx, [{ userId, type: 'conversation-deleted', data: { otherId } }]);
  });
}

/** Messages the caller has not read and may see: none held by moderation, none from someone they blocked. */
export async function countUnread(db: Db, userId: string): Promise<{ count: number }> {
  const [row] = await rowsOf<{ count: number }>(
    db.execute(sql`select coalesce(sum(${visibleUnreadSql('c')}), 0)::int as count from conversations c
      where c.user_id = ${userId} and c.unread_count > 0 and not ${blockedSql(userId, sql`c.other_id`)}`),
  );
  return { count: Number(row?.count ?? 0) };
}
