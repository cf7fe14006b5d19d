import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_JOB_CATEGORIES, type JobCategory } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

export const jobCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.categories(),
    queryFn: ({ signal }) => api<JobCategory[]>('/api/job-categories', { signal }),
    staleTime: 60 * 60_000,
  });

/** Category names, falling back to the spec's 10 when the table is empty or the call fails. */
export function useJobCategoryNames(): string[] {
  const { data } = useQuery(jobCategoriesQueryOptions());
  const names = data?.map((c) => c.name).filter(Boolean) ?? [];
  return names.length ? [...new Set(names)] : [...FALLBACK_JOB_CATEGORIES];
}
