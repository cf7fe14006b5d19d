import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPaidBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Delete any job or ad, with the reason its owner is told; also clears the public lists' caches (their features' root keys). */
export function useDeleteListing(kind: 'jobs' | 'ads') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<null>(`/api/admin/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE', body: { reason } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.all });
      void qc.invalidateQueries({ queryKey: [kind] });
    },
  });
}

/** "Mark paid": records a bank transfer or cash payment; the listing becomes public. */
export function useMarkPaid(kind: 'jobs' | 'ads') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, method }: { id: string; method: MarkPaidBody['method'] }) =>
      api<{ id: string; paid: boolean }>(`/api/admin/${kind}/${encodeURIComponent(id)}/paid`, { method: 'POST', body: { method } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.all });
      void qc.invalidateQueries({ queryKey: [kind] });
    },
  });
}
