import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSession } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { getMe, sessionKeys } from '../../../lib/session';

const devicesKey = ['account', 'sessions'] as const;

export function useDevices() {
  return useQuery({ queryKey: devicesKey, queryFn: () => api<{ items: DeviceSession[] }>('/api/account/sessions') });
}

export function useSignOutOthers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ signedOut: number }>('/api/account/sessions/sign-out-others', { body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: devicesKey }),
  });
}

export function useSignOutDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** Step 1 of setup: the password proves it is the person; the answer holds the app's secret and the backup codes. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { body: { password } }),
  });
}

/** Step 2: a first code from the app turns it on (better-auth renews the session); the session is read again. */
export function useConfirmTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await api('/api/auth/two-factor/verify-totp', { body: { code } });
      qc.setQueryData(sessionKeys.me(), await getMe());
    },
  });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await api('/api/auth/two-factor/disable', { body: { password } });
      qc.setQueryData(sessionKeys.me(), await getMe());
    },
  });
}
