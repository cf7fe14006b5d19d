import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Message, Page } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export type ChatData = InfiniteData<Page<Message>, string | null>;

/** Newest first, a page at a time going back in time; the chat shows them reversed. */
export const getChat = (otherId: string, cursor: string | null, signal?: AbortSignal) =>
  api<Page<Message>>(`/api/messages/with/${encodeURIComponent(otherId)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

export const chatQueryOptions = (otherId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.chat(otherId),
    queryFn: ({ pageParam, signal }) => getChat(otherId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Kept current by the stream; a refetch would drop the older pages already scrolled through.
    staleTime: Infinity,
  });

export function useChat(otherId: string | undefined) {
  return useInfiniteQuery({ ...chatQueryOptions(otherId ?? ''), enabled: !!otherId });
}

/** Adds a message to a cached chat unless it is already there (the stream and the sender both add it). */
export function withMessage(data: ChatData | undefined, message: Message): ChatData | undefined {
  if (!data) return data;
  if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [message, ...first!.items] }, ...rest] };
}

/** Marks read every message `senderId` sent in a cached chat. */
export function withRead(data: ChatData | undefined, senderId: string): ChatData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((m) => (m.senderId === senderId && !m.read ? { ...m, read: true } : m)) })) };
}
