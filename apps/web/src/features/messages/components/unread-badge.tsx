import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMessageStream } from '../api/message-stream';
import { useUnreadCount } from '../api/get-unread-count';

/**
 * The unread total beside Inbox in the top navigation. It also keeps the tab's message stream open,
 * which is what makes the number go down on every open tab when a conversation is read.
 */
export function InboxUnreadBadge({ userId }: { userId: string }) {
  useMessageStream(userId);
  // Without suspense: the navigation must not wait for this catalog.
  const { t, ready } = useTranslation('messages', { useSuspense: false });
  const count = useUnreadCount(true).data?.count ?? 0;
  if (!count || !ready) return null;
  return (
    <>
      <Badge component="span" size="sm" circle={count < 10} color="red" ml={6} aria-hidden>
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{t('unreadLabel', { count })}</VisuallyHidden>
    </>
  );
}
