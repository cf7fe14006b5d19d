import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export const getUnreadCount = (signal?: AbortSignal) => api<UnreadCount>('/api/messages/unread-count', { signal });

// The stream invalidates it on every change, so it needs no polling and may stay fresh for long.
export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: messageKeys.unread(), queryFn: ({ signal }) => getUnreadCount(signal), staleTime: 5 * 60_000 });

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
