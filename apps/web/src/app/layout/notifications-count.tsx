import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { queryClient } from '../../lib/query-client';
import { addStreamListener, useMessageStream } from '../../features/messages/api/message-stream';
import type { HeaderCount } from './header-counts';
import { notificationKeys } from '../../features/notifications/api/keys';
import { useUnreadNotifications } from '../../features/notifications/api/unread-count';

/**
 * Composed here (the app shell) because it joins two features: the bell's count (notifications)
 * travels on the messages feature's event stream.
 *
 * The bell's unread count for the header: draws nothing itself, it reports the count. The count
 * arrives live over the tab's event stream (the one that carries messages), which every change of
 * the person's notifications updates.
 */
export function NotificationsUnreadCount({ userId, onChange }: { userId: string; onChange: (report: HeaderCount | null) => void }) {
  useMessageStream(userId);
  useEffect(() => {
    const stops = [
      addStreamListener('notifications', (data) => {
        queryClient.setQueryData(notificationKeys.unread(), { count: (data as { unread: number }).unread });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      }),
      // Too much was missed to replay: read them again.
      ...['reset', 'ready'].map((type) => addStreamListener(type, () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }))),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
  // Without suspense: the navigation must not wait for this catalog.
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  const count = useUnreadNotifications(true).data?.count ?? 0;
  const label = count && ready ? t('unreadLabel', { count }) : '';
  useEffect(() => {
    onChange(label ? { count, label } : null);
  }, [count, label, onChange]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}
