import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adKeys } from './keys';

export interface AdFilters {
  q?: string;
  category?: string;
}

/** The query string, without empty filters, so equal filters share one cache entry. */
export function adFilterParams(filters: AdFilters, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'category'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

export const getAds = (filters: AdFilters, cursor: string | null, signal?: AbortSignal) => {
  const qs = adFilterParams(filters, cursor).toString();
  return api<AdPage>(`/api/ads${qs ? `?${qs}` : ''}`, { signal });
};

export const adsQueryOptions = (filters: AdFilters) =>
  infiniteQueryOptions({
    queryKey: adKeys.list(Object.fromEntries(adFilterParams(filters))),
    queryFn: ({ pageParam, signal }) => getAds(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One page at a time, never every ad; the previous results stay while a new search loads. */
export function useAds(filters: AdFilters) {
  return useInfiniteQuery({ ...adsQueryOptions(filters), placeholderData: keepPreviousData });
}
