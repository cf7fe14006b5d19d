import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Interview, InterviewAnswer } from '@caribconnect/shared';
import { api, ApiError } from '../../../lib/api-client';
import { interviewKeys } from './keys';
import { replaceInterview } from './replace-interview';

/**
 * Confirm or Decline. Not optimistic: the spec keeps the card as it was when the update fails, so
 * it changes only with the server's answer.
 */
export function useAnswerInterview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InterviewAnswer }) =>
      api<Interview>(`/api/interviews/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: (saved) => replaceInterview(qc, interviewKeys.mine(), saved),
    onError: (err) => {
      // Answered elsewhere (another tab, another device): show what the server holds.
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: interviewKeys.mine() });
    },
  });
}
