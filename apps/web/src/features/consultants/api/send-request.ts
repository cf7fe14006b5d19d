import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactRequestInput } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { consultantKeys } from './keys';

export const sendRequest = (consultantId: string, body: ContactRequestInput) =>
  api<{ id: string }>(`/api/consultants/${encodeURIComponent(consultantId)}/requests`, { method: 'POST', body: { ...body } });

/** Contact a Consultant; afterwards the sender may review them, so their detail is read again. */
export function useSendRequest(consultantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactRequestInput) => sendRequest(consultantId, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: consultantKeys.detail(consultantId) }),
  });
}
