import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@caribconnect/shared';
import { LoadMore } from '../../../components/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../lib/paths';
import { useConversations } from '../api/get-conversations';
import classes from './messages.module.css';
import { shortTime } from './short-time';

function ConversationRow({ conversation, me, selected }: { conversation: Conversation; me: string; selected: boolean }) {
  const { t, i18n } = useTranslation('messages');
  const { other, lastMessage, unreadCount } = conversation;
  const name = other.fullName || t('unknownUser');
  const mine = lastMessage.senderId === me;
  return (
    <Link to={paths.inbox.to(other.id)} className={classes.conversation} aria-current={selected ? 'page' : undefined}>
      <UserAvatar name={other.fullName} src={other.avatarUrl} alt="" size={44} />
      <div className={classes.grow}>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text fw={unreadCount ? 700 : 600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            <time dateTime={lastMessage.createdAt}>{shortTime(lastMessage.createdAt, i18n.language)}</time>
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text size="sm" c={unreadCount ? undefined : 'dimmed'} fw={unreadCount ? 600 : 400} truncate>
            {mine ? t('you', { text: lastMessage.message }) : lastMessage.message}
          </Text>
          {unreadCount > 0 && (
            <>
              <Badge size="sm" color="red" circle={unreadCount < 10} aria-hidden style={{ flexShrink: 0 }}>
                {unreadCount > 99 ? '99+' : unreadCount}
              </Badge>
              <VisuallyHidden>{t('unreadLabel', { count: unreadCount })}</VisuallyHidden>
            </>
          )}
        </Group>
      </div>
    </Link>
  );
}

/** The inbox's left pane: newest conversation first, more as you scroll. */
export function ConversationList({ me, selectedId }: { me: string; selectedId: string | undefined }) {
  const { t } = useTranslation('messages');
  const query = useConversations();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  useEffect(() => {
    if (query.isError) toast(t('loadFailed'), 'error');
  }, [query.isError, t]);

  if (query.isPending) return <LoadingState label={t('loadingConversations')} />;
  if (query.isError && !items.length) return <ErrorState message={t('loadFailed')} onRetry={() => void query.refetch()} />;
  if (!items.length) return <EmptyState message={t('noConversations')} />;
  return (
    <nav aria-label={t('conversations')}>
      {items.map((c) => (
        <ConversationRow key={c.other.id} conversation={c} me={me} selected={c.other.id === selectedId} />
      ))}
      <LoadMore query={query} label={t('loadMore')} loadingLabel={t('loadingMore')} />
    </nav>
  );
}
