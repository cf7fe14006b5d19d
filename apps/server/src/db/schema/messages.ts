import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Milliseconds, like every keyset column: a cursor carries created_at through a JavaScript Date. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The same for both directions of a conversation, so one index serves a chat's history. */
    conversationKey: text('conversation_key')
      .notNull()
      .generatedAlwaysAs(sql`least(sender_id, recipient_id) || ' ' || greatest(sender_id, recipient_id)`),
  },
  (t) => [
    index('messages_conversation_created_at_idx').on(t.conversationKey, t.createdAt.desc(), t.id.desc()),
    // Marking read touches only the unread rows from one sender to one recipient.
    index('messages_unread_idx')
      .on(t.recipientId, t.senderId)
      .where(sql`not ${t.read}`),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.recipientId}`),
    check('messages_length', sql`char_length(${t.message}) between 1 and 4000`),
  ],
);

/**
 * One row per person and conversation (two per conversation), kept up to date by every send, read
 * and delete in the same transaction: the inbox is then a keyset walk of one person's rows instead of
 * a scan of every message they ever exchanged. `cleared_at` is that person's deletion marker: the
 * messages up to it are hidden for them only (decision 0012).
 */
export const conversations = pgTable(
  'conversations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    otherId: text('other_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id').notNull(),
    lastMessageAt: ts('last_message_at').notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
    clearedAt: ts('cleared_at'),
    /** When the person was last emailed about unread messages here (at most once a day). */
    emailedAt: ts('emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.otherId] }),
    index('conversations_user_last_message_idx').on(t.userId, t.lastMessageAt.desc(), t.lastMessageId.desc()),
    index('conversations_unread_idx')
      .on(t.userId)
      .where(sql`${t.unreadCount} > 0`),
  ],
);
