import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** Renew (open for another 30 days from today) or Close now: both move the job between the dashboard's lists. */
export function useRenewOrCloseJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'renew' | 'close' }) =>
      api<Job>(`/api/jobs/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} }),
    onSuccess: (job) => {
      qc.setQueryData(jobKeys.detail(job.id), job);
      void qc.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
