import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettingsView, UpdateSettingsBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => api<PaymentSettingsView>('/api/admin/settings', { signal }) });
export const useSettings = () => useQuery(settingsQueryOptions());

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api<PaymentSettingsView>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(adminKeys.settings(), data);
      void qc.invalidateQueries({ queryKey: ['payment-settings'] });
      void qc.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}
