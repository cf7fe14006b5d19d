import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { JobPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { interviewKeys } from './keys';

/** Select Job: the employer's own jobs, 50 at a time (more load when the list is scrolled to its end). */
export const myJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: interviewKeys.myJobs(),
    queryFn: ({ pageParam, signal }) => api<JobPage>(`/api/jobs/mine?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyJobs(enabled: boolean) {
  return useInfiniteQuery({ ...myJobsQueryOptions(), enabled });
}
