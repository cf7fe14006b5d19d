import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, JobUpdate } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

export function useUpdateJob(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobUpdate) => api<Job>(`/api/jobs/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...body } }),
    onSuccess: (job) => {
      qc.setQueryData(jobKeys.detail(job.id), job);
      void qc.invalidateQueries({ queryKey: jobKeys.lists() });
      void qc.invalidateQueries({ queryKey: jobKeys.mine() });
      void qc.invalidateQueries({ queryKey: jobKeys.countries() });
    },
  });
}
