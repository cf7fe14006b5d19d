import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => api('/api/auth/reset-password', { body }),
  });
}
