import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, EmailSettingsBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export function useEmailSettings() {
  return useQuery({ queryKey: notificationKeys.settings(), queryFn: ({ signal }) => api<EmailSettings>('/api/notifications/settings', { signal }) });
}

export function useSaveEmailSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: EmailSettingsBody) => api<EmailSettings>('/api/notifications/settings', { method: 'PATCH', body: change }),
    onSuccess: (saved) => qc.setQueryData(notificationKeys.settings(), saved),
  });
}
