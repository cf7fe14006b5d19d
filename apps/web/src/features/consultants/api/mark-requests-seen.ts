import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { consultantKeys } from './keys';

/** Requests up to `until` stop counting as new on the dashboard. */
export function useMarkRequestsSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (until: string) => api<null>('/api/consultants/me/requests/seen', { method: 'POST', body: { until } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: consultantKeys.mine() }),
  });
}
