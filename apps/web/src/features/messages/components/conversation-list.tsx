import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { Conversation } from '@caribconnect/shared';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
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

  useEffect(() => {
    if (query.isError) toast(t('loadFailed'), 'error');
  }, [query.isError, t]);

  return (
    <PagedList
      query={query}
      labels={{ loading: t('loadingConversations'), failed: t('loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      empty={<EmptyState message={t('noConversations')} />}
    >
      {(items) => (
        <nav aria-label={t('conversations')}>
          {items.map((c) => (
            <ConversationRow key={c.other.id} conversation={c} me={me} selected={c.other.id === selectedId} />
          ))}
        </nav>
      )}
    </PagedList>
  );
}
