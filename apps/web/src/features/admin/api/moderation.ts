import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction, ModerationItem } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged';
import { adminKeys } from './keys';

export type ModerationStatus = 'open' | 'removed';
const keys = {
  all: () => [...adminKeys.all, 'moderation'] as const,
  list: (status: ModerationStatus) => [...adminKeys.all, 'moderation', status] as const,
  count: () => [...adminKeys.all, 'moderation', 'count'] as const,
};

export const useModerationQueue = (status: ModerationStatus) =>
  useInfiniteQuery(pagedQueryOptions<ModerationItem>(keys.list(status), '/api/admin/moderation', { status }));

/** The count on the Moderation tab: items with open reports. */
export const useModerationCount = () => useQuery({ queryKey: keys.count(), queryFn: () => api<{ count: number }>('/api/admin/moderation/count') });

/** One decision on an item; every list that may show it (and the public lists) is refetched. */
export function useModerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ item, action, message }: { item: Pick<ModerationItem, 'itemType' | 'itemId'>; action: ModerationAction; message?: string }) =>
      api(`/api/admin/moderation/${item.itemType}/${encodeURIComponent(item.itemId)}/${action}`, {
        method: 'POST',
        body: { message: message || undefined },
      }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: keys.all() });
      void qc.invalidateQueries({ queryKey: adminKeys.all });
      for (const k of ['jobs', 'ads', 'consultants']) void qc.invalidateQueries({ queryKey: [k] });
    },
  });
}

/** Marks (or unmarks) an employer as verified. */
export function useSetVerified() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, verified }: { userId: string; verified: boolean }) =>
      api<{ userId: string; verified: boolean }>(`/api/admin/employers/${encodeURIComponent(userId)}/verified`, { method: 'PUT', body: { verified } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.all });
      void qc.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}
