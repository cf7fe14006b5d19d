import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Interview, ScheduleInterviewBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { interviewKeys } from './keys';

export function useScheduleInterview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInterviewBody) => api<Interview>('/api/interviews', { body: { ...body } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: interviewKeys.scheduled() }),
  });
}
