import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ad } from '@caribconnect/shared';
import { api, ApiError } from '../../../lib/api-client';
import { adKeys } from './keys';

export const getAd = (id: string, signal?: AbortSignal) => api<Ad>(`/api/ads/${encodeURIComponent(id)}`, { signal });

export const adQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adKeys.detail(id),
    queryFn: ({ signal }) => getAd(id, signal),
    // A missing ad stays missing: no retries for a 404.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });

export function useAd(id: string | undefined) {
  return useQuery({ ...adQueryOptions(id ?? ''), enabled: !!id });
}
