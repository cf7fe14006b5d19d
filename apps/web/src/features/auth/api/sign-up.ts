import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

/** Sign-up answers the same for a new and a registered address and signs no one in (decision 0041). */
export function useSignUp() {
  return useMutation({ mutationFn: (body: SignUpBody) => api<{ message: string }>('/api/signup', { body }) });
}
