import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationCount, Page } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged';
import { notificationKeys } from './keys';

export function useNotifications() {
  return useInfiniteQuery(pagedQueryOptions<Notification>(notificationKeys.list(), '/api/notifications'));
}

type ListData = InfiniteData<Page<Notification>, unknown>;

/** Shows them read at once (the server's answer sets the count). */
function markInList(qc: QueryClient, read: (n: Notification) => boolean) {
  qc.setQueryData<ListData>(
    notificationKeys.list(),
    (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((n) => (read(n) ? { ...n, read: true } : n)) })) },
  );
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<NotificationCount>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onMutate: (id) => markInList(qc, (n) => n.id === id),
    onSuccess: (count) => qc.setQueryData(notificationKeys.unread(), count),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<NotificationCount>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: (count) => {
      markInList(qc, () => true);
      qc.setQueryData(notificationKeys.unread(), count);
    },
  });
}
