import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export const deleteConversation = (otherId: string) => api<null>(`/api/messages/with/${encodeURIComponent(otherId)}`, { method: 'DELETE' });

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_result, otherId) => {
      qc.removeQueries({ queryKey: messageKeys.chat(otherId) });
      void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
      void qc.invalidateQueries({ queryKey: messageKeys.unread() });
    },
  });
}
