import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../lib/session';
import type { MeResponse, SignUpBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpBody) => api<MeResponse>('/api/signup', { body }),
    onSuccess: (me) => qc.setQueryData(sessionKeys.me(), me),
  });
}
