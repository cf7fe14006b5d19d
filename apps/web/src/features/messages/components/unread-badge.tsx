import { useEffect } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useMessageStream } from '../api/message-stream';
import { useUnreadCount } from '../api/get-unread-count';

/** What the header shows for a count: the number, and the words a screen reader says for it. */
export interface UnreadReport {
  count: number;
  label: string;
}

/**
 * The unread total for the header (beside Inbox, and on the phone's menu button): draws nothing
 * itself, it reports the count. It also keeps the tab's message stream open, which is what makes the
 * number go down on every open tab when a conversation is read.
 */
export function InboxUnreadCount({ userId, onChange }: { userId: string; onChange: (report: UnreadReport | null) => void }) {
  useMessageStream(userId);
  // Without suspense: the navigation must not wait for this catalog.
  const { t, ready } = useTranslation('messages', { useSuspense: false });
  const count = useUnreadCount(true).data?.count ?? 0;
  const label = count && ready ? t('unreadLabel', { count }) : '';
  useEffect(() => {
    onChange(label ? { count, label } : null);
  }, [count, label, onChange]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}
