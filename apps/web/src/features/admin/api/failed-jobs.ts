import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedQueueJob } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const failedJobsKey = () => [...adminKeys.all, 'queue', 'failed'] as const;

export const failedJobsQueryOptions = () =>
  queryOptions({ queryKey: failedJobsKey(), queryFn: ({ signal }) => api<FailedQueueJob[]>('/api/admin/queue/failed', { signal }) });
export const useFailedJobs = () => useQuery(failedJobsQueryOptions());

export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ id: string; retried: true }>(`/api/admin/queue/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: (_data, id) => {
      // The retried job leaves the list at once; the next load shows it again only if it fails again.
      qc.setQueryData<FailedQueueJob[]>(failedJobsKey(), (jobs) => jobs?.filter((j) => j.id !== id));
      void qc.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}
