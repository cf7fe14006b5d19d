import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@caribconnect/shared';
import { useEffect } from 'react';
import { api } from './api-client';
import { useMe } from './session';

/**
 * One job by id. Read by the jobs feature (detail, edit) and the applications feature (Apply, the
 * Applicants heading), which may not import each other: the fetch and its cache key live here, so a
 * job already opened is not fetched again on the way to applying.
 */
export const jobDetailKey = (id: string) => ['jobs', 'detail', id] as const;

export const getJob = (id: string, signal?: AbortSignal) => api<Job>(`/api/jobs/${encodeURIComponent(id)}`, { signal });

export const jobQueryOptions = (id: string) => queryOptions({ queryKey: jobDetailKey(id), queryFn: ({ signal }) => getJob(id, signal) });

export function useJob(id: string | undefined) {
  const { user } = useMe();
  const query = useQuery({ ...jobQueryOptions(id ?? ''), enabled: !!id });
  // Read before the person signed in (no appliedAt at all): ask again, so a job seeker who already
  // applied is told so instead of being offered the form.
  const askedAnonymously = !!user && !!query.data && query.data.appliedAt === undefined;
  const { refetch } = query;
  useEffect(() => {
    if (askedAnonymously) void refetch();
  }, [askedAnonymously, refetch]);
  return { ...query, askedAnonymously };
}
