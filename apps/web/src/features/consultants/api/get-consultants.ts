import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ConsultantPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { consultantKeys } from './keys';

export interface ConsultantFilters {
  q?: string;
  specialty?: string;
  country?: string;
}

/** The query string, leaving out empty filters so equal filters share one cache entry. */
export function consultantFilterParams(filters: ConsultantFilters, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'specialty', 'country'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

export const getConsultants = (filters: ConsultantFilters, cursor: string | null, signal?: AbortSignal) => {
  const qs = consultantFilterParams(filters, cursor).toString();
  return api<ConsultantPage>(`/api/consultants${qs ? `?${qs}` : ''}`, { signal });
};

export const consultantsQueryOptions = (filters: ConsultantFilters) =>
  infiniteQueryOptions({
    queryKey: consultantKeys.list(Object.fromEntries(consultantFilterParams(filters))),
    queryFn: ({ pageParam, signal }) => getConsultants(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One page at a time; the previous results stay on screen while a new filter loads. */
export function useConsultants(filters: ConsultantFilters) {
  return useInfiniteQuery({ ...consultantsQueryOptions(filters), placeholderData: keepPreviousData });
}
