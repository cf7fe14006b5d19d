import { jobDetailKey } from '../../../lib/job-query';

/** Every cache key of the jobs feature, from the broadest (invalidate all) to one entry. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (filters: Record<string, string | undefined>) => [...jobKeys.lists(), filters] as const,
  mine: (state?: 'open' | 'closed') => (state ? ([...jobKeys.all, 'mine', state] as const) : ([...jobKeys.all, 'mine'] as const)),
  // Shared with the applications feature through lib/job-query.ts.
  detail: (id: string) => jobDetailKey(id),
  categories: () => ['job-categories'] as const,
  countries: () => [...jobKeys.all, 'countries'] as const,
  forYou: () => [...jobKeys.all, 'for-you'] as const,
  candidates: (jobId: string) => [...jobKeys.all, 'candidates', jobId] as const,
};
