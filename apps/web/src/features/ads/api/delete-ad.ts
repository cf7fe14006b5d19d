import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adKeys } from './keys';

export const deleteAd = (id: string) => api<null>(`/api/ads/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteAd() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAd,
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: adKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: adKeys.lists() });
    },
  });
}
