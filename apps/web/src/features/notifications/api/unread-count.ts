import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationCount } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

// The stream sets it on every change, so it needs no polling and may stay fresh for long.
export const unreadNotificationsOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api<NotificationCount>('/api/notifications/unread-count', { signal }),
    staleTime: 5 * 60_000,
  });

export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ ...unreadNotificationsOptions(), enabled });
}
