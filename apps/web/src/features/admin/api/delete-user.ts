import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
