import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adKeys } from './keys';

export interface AdFilters {
  q?: string;
  category?: string;
  country?: string;
  minPrice?: string;
  maxPrice?: string;
  free?: string;
  sort?: string;
}

export const AD_FILTER_KEYS = ['q', 'category', 'country', 'minPrice', 'maxPrice', 'free', 'sort'] as const;
/** Prices compare within one country's currency: without a country these say nothing (decision 0037). */
const NEED_COUNTRY = new Set<string>(['minPrice', 'maxPrice', 'sort']);

/** The query string, without empty filters, so equal filters share one cache entry. */
export function adFilterParams(filters: AdFilters, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AD_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (!value || (key === 'sort' && (value === 'newest' || value === 'relevance'))) continue;
    if (NEED_COUNTRY.has(key) && !filters.country) continue;
    params.set(key, value);
  }
  // Words are ranked by relevance unless the person chose another order (decision 0072); without words the list is newest first.
  const sort = filters.sort?.trim();
  if (filters.q?.trim() && (!sort || sort === 'relevance' || (!filters.country && sort !== 'newest'))) params.set('sort', 'relevance');
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
