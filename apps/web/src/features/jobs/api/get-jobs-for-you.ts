import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsForYou } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** "Jobs for you" (issue 46): the signed-in person's ranked jobs with why, and whether they have a resume. */
export const jobsForYouQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.forYou(),
    queryFn: ({ signal }) => api<JobsForYou>('/api/jobs/for-you', { signal }),
  });

export function useJobsForYou(enabled: boolean) {
  return useQuery({ ...jobsForYouQueryOptions(), enabled });
}
