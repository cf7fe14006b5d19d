import { z } from './zod';

/** Longest message a person may send, in characters after trimming. */
export const MESSAGE_MAX = 4000;

/**
 * The text of a message as the chat and the Send a Message screen validate it, and as the server
 * checks it again: trimmed, never empty, at most MESSAGE_MAX characters.
 */
export const messageText = z
  .string()
  .trim()
  .min(1, { message: 'Message cannot be empty.' })
  .max(MESSAGE_MAX, { message: `Message must be at most ${MESSAGE_MAX} characters.` });

/**
 * What a client sends. Strict: a forged `senderId` (or anything else) is refused, the sender is
 * always the session's user. The text is checked with `messageText` so each failure has its own code.
 */
export const sendMessageBody = z
  .object({
    recipientId: z.string().min(1).max(64),
    message: z.string().max(MESSAGE_MAX * 4),
  })
  .strict();
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const message = z.object({
  id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof message>;

/** The other person of a conversation, as the inbox shows them. */
export const messageContact = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.string(),
});
export type MessageContact = z.infer<typeof messageContact>;

/** One row of the inbox: the other person, the last message between you, and your unread count. */
export const conversation = z.object({
  other: messageContact,
  lastMessage: message,
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversation>;

export const otherUserParams = z.object({ userId: z.string().min(1).max(64) });

export const unreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

export const markReadResult = z.object({ updated: z.number().int() });

/**
 * Events on a person's stream (GET /api/messages/stream). Each carries the person's own event
 * number as its SSE id; a reconnecting client sends the last one back and gets what it missed.
 */
export const messageEvent = z.discriminatedUnion('type', [
  /** A message you sent (from any tab) or received. */
  z.object({ type: z.literal('message'), message }),
  /** `readerId` read the messages `senderId` sent them (up to now). */
  z.object({ type: z.literal('read'), readerId: z.string(), senderId: z.string() }),
  /** You deleted your copy of the conversation with `otherId`. */
  z.object({ type: z.literal('conversation-deleted'), otherId: z.string() }),
  /** Moderation held back or gave back a message `otherId` sent you: your chat, inbox and unread count changed. */
  z.object({ type: z.literal('message-moderated'), otherId: z.string() }),
]);
export type MessageEvent = z.infer<typeof messageEvent>;

/** User search and the user directory: other people, never yourself. */
export const userSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;

export const directoryUser = messageContact;
export type DirectoryUser = MessageContact;
