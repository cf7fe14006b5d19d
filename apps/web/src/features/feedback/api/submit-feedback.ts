import { useMutation } from '@tanstack/react-query';
import type { CreateFeedbackBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

export const submitFeedback = (body: CreateFeedbackBody) => api<{ id: string }>('/api/feedback', { body });

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
