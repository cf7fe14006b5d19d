import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { JobPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

export const myJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: jobKeys.mine(),
    queryFn: ({ pageParam, signal }) => api<JobPage>(`/api/jobs/mine${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyJobs(enabled: boolean) {
  return useInfiniteQuery({ ...myJobsQueryOptions(), enabled });
}
