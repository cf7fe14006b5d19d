import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleChange, SetRoleBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useSetRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: SetRoleBody['role'] }) =>
      api<RoleChange>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: 'PATCH', body: { role } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
