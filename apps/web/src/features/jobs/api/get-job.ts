import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

export const getJob = (id: string, signal?: AbortSignal) => api<Job>(`/api/jobs/${encodeURIComponent(id)}`, { signal });

export const jobQueryOptions = (id: string) =>
  queryOptions({ queryKey: jobKeys.detail(id), queryFn: ({ signal }) => getJob(id, signal) });

export function useJob(id: string | undefined) {
  return useQuery({ ...jobQueryOptions(id ?? ''), enabled: !!id });
}
