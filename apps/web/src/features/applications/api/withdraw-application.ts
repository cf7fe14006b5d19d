import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/** The applicant withdraws one of their applications; My Applications then shows it as Withdrawn. */
export function useWithdrawApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ id: string; status: 'Withdrawn' }>(`/api/applications/${encodeURIComponent(id)}/withdraw`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: applicationKeys.mine() }),
  });
}
