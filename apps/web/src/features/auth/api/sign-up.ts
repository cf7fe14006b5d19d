import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';

/**
 * Sign-up answers the same for a new and a registered address and signs no one in (decision 0041).
 * `language` is the page's: the person's emails are written in it from the first one (decision 0043).
 */
export function useSignUp() {
  return useMutation({ mutationFn: (body: SignUpBody & { language: Language }) => api<{ message: string }>('/api/signup', { body }) });
}
