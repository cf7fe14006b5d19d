import { useInfiniteQuery } from '@tanstack/react-query';
import type { JobSummary } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { jobKeys } from './keys';

export const myJobsQueryOptions = () => pagedQueryOptions<JobSummary>(jobKeys.mine(), '/api/jobs/mine');

export function useMyJobs(enabled: boolean) {
  return useInfiniteQuery({ ...myJobsQueryOptions(), enabled });
}
