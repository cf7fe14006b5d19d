import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, JobInput } from '@caribconnect/shared';
import { api, type RequestOptions } from '../../../lib/api-client';
import { jobKeys } from './keys';

export function useCreateJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: JobInput & RequestOptions) => api<Job>('/api/jobs', { method: 'POST', body, idempotencyKey }),
    onSuccess: (job) => {
      qc.setQueryData(jobKeys.detail(job.id), job);
      void qc.invalidateQueries({ queryKey: jobKeys.lists() });
      void qc.invalidateQueries({ queryKey: jobKeys.mine() });
      void qc.invalidateQueries({ queryKey: jobKeys.countries() });
    },
  });
}
