import { useQuery } from '@tanstack/react-query';
import { FALLBACK_JOB_CATEGORIES } from '@caribconnect/shared';
import { jobCategoriesQueryOptions } from './filter-choices';

/** Category names, falling back to the spec's 10 when the table is empty or the call fails. */
export function useJobCategoryNames(): string[] {
  const { data } = useQuery(jobCategoriesQueryOptions());
  const names = data?.map((c) => c.name).filter(Boolean) ?? [];
  return names.length ? [...new Set(names)] : [...FALLBACK_JOB_CATEGORIES];
}
