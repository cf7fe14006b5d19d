import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ad } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adKeys } from './keys';

export const renewAd = (id: string) => api<Ad>(`/api/ads/${encodeURIComponent(id)}/renew`, { method: 'POST' });

/** Renew: listed for another 30 days; the ad, the lists and the expired list are read again. */
export function useRenewAd() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: renewAd,
    onSuccess: (ad) => {
      qc.setQueryData(adKeys.detail(ad.id), ad);
      void qc.invalidateQueries({ queryKey: adKeys.lists() });
      void qc.invalidateQueries({ queryKey: adKeys.ownExpired() });
    },
  });
}
