import { useMutation } from '@tanstack/react-query';
import type { CreateFeedbackBody } from '@caribconnect/shared';
import { api, type RequestOptions } from '../../../lib/api-client';

export const submitFeedback = ({ idempotencyKey, ...body }: CreateFeedbackBody & RequestOptions) =>
  api<{ id: string }>('/api/feedback', { body, idempotencyKey });

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
