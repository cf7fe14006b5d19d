import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Interview } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { interviewKeys } from './keys';
import { replaceInterview } from './replace-interview';

export function useCancelInterview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Interview>(`/api/interviews/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (saved) => replaceInterview(qc, interviewKeys.scheduled(), saved),
  });
}
