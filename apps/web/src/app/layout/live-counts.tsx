import type { ReactNode } from 'react';
import type { CountSource, HeaderCount } from './header-counts';
import { InboxUnreadCount } from '../../features/messages/components/unread-badge';
import { NotificationsUnreadCount } from './notifications-count';

/** The header's live counts (one lazy chunk, one event stream): unread messages and the bell. */
export function LiveCounts({ userId, reporter }: { userId: string; reporter: (source: CountSource) => (count: HeaderCount | null) => void }): ReactNode {
  return (
    <>
      <InboxUnreadCount userId={userId} onChange={reporter('inbox')} />
      <NotificationsUnreadCount userId={userId} onChange={reporter('notifications')} />
    </>
  );
}
