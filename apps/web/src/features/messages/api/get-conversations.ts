import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Conversation, Page } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export const getConversations = (cursor: string | null, signal?: AbortSignal) =>
  api<Page<Conversation>>(`/api/messages/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversations(),
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}
