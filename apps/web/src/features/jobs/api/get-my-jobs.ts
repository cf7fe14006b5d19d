import { useInfiniteQuery } from '@tanstack/react-query';
import type { JobSummary } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { jobKeys } from './keys';

/** Your Job Listings: the open jobs, or apart, the closed ones (decision 0036). */
export type MyJobsState = 'open' | 'closed';

export const myJobsQueryOptions = (state: MyJobsState = 'open') =>
  pagedQueryOptions<JobSummary>(jobKeys.mine(state), '/api/jobs/mine', state === 'open' ? {} : { state });

export function useMyJobs(enabled: boolean, state: MyJobsState = 'open') {
  return useInfiniteQuery({ ...myJobsQueryOptions(state), enabled });
}
