import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/**
 * The job an application is for. Same cache key as the jobs feature's detail query, so a job already
 * opened is not fetched again; kept here because features do not import each other's internals.
 */
export const applyJobQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicationKeys.job(id), queryFn: ({ signal }) => api<Job>(`/api/jobs/${encodeURIComponent(id)}`, { signal }) });

export function useApplyJob(id: string | undefined) {
  return useQuery({ ...applyJobQueryOptions(id ?? ''), enabled: !!id });
}
