import type { JobFilters } from './get-jobs';

/** Every cache key of the jobs feature, from the broadest (invalidate all) to one entry. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (filters: Record<string, string>) => [...jobKeys.lists(), filters] as const,
  mine: () => [...jobKeys.all, 'mine'] as const,
  detail: (id: string) => [...jobKeys.all, 'detail', id] as const,
  categories: () => ['job-categories'] as const,
};
export type { JobFilters };
