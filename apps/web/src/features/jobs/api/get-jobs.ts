import { infiniteQueryOptions, useInfiniteQuery, keepPreviousData } from '@tanstack/react-query';
import type { JobDateFilter, JobPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

export interface JobFilters {
  title?: string;
  category?: string;
  country?: string;
  date?: JobDateFilter;
}

/** Builds the query string, leaving out empty filters so equal filters share one cache entry. */
export function jobFilterParams(filters: JobFilters, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['title', 'category', 'country', 'date'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

export const getJobs = (filters: JobFilters, cursor: string | null, signal?: AbortSignal) => {
  const qs = jobFilterParams(filters, cursor).toString();
  return api<JobPage>(`/api/jobs${qs ? `?${qs}` : ''}`, { signal });
};

export const jobsQueryOptions = (filters: JobFilters) =>
  infiniteQueryOptions({
    queryKey: jobKeys.list(Object.fromEntries(jobFilterParams(filters))),
    queryFn: ({ pageParam, signal }) => getJobs(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One page at a time (never every job); the previous results stay on screen while a new filter loads. */
export function useJobs(filters: JobFilters) {
  return useInfiniteQuery({ ...jobsQueryOptions(filters), placeholderData: keepPreviousData });
}
