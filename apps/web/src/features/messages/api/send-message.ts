import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { withMessage, type ChatData } from './get-chat';
import { messageKeys } from './keys';

export const sendMessage = (body: SendMessageBody) => api<Message>('/api/messages', { body });

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      qc.setQueryData<ChatData>(messageKeys.chat(message.recipientId), (data) => withMessage(data, message));
      void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}
