import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withRead, type ChatData } from './get-chat';
import { messageKeys } from './keys';

export const markRead = (otherId: string) => api<{ updated: number }>(`/api/messages/with/${encodeURIComponent(otherId)}/read`, { method: 'POST' });

/** Opening a conversation marks what the other person sent as read (the badge follows on every tab). */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_result, otherId) => {
      qc.setQueryData<ChatData>(messageKeys.chat(otherId), (data) => withRead(data, otherId));
      void qc.invalidateQueries({ queryKey: messageKeys.unread() });
      void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}
