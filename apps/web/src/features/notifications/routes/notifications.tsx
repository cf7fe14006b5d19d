import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/router';
import type { Notification } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { RequireUser } from '../../../components/require-user';
import { EmptyState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { notificationText } from '../components/notification-text';

function Item({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <Paper withBorder p="sm" radius="md" bg={n.read ? undefined : 'ocean.0'} component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        {/* Opening it marks it read and goes to the place it concerns. */}
        <Anchor component={Link} to={n.link} onClick={() => onOpen(n)} fw={n.read ? 400 : 700} c="ocean.9" style={{ overflowWrap: 'anywhere' }}>
          {notificationText(t, n)}
        </Anchor>
        {!n.read && (
          <Badge color="ocean" variant="filled" size="sm" style={{ flexShrink: 0 }}>
            {t('unread')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {formatDate(n.createdAt, i18n.language, true)}
      </Text>
    </Paper>
  );
}

function NotificationList() {
  const { t } = useTranslation('notifications');
  const query = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Anchor component={Link} to={paths.notificationSettings.to()}>
          {t('settingsLink')}
        </Anchor>
        <Button
          variant="light"
          size="sm"
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: () => toast(t('markAllFailed'), 'error') })}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <PagedList
        query={query}
        labels={{ loading: t('loading'), failed: t('loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
        empty={<EmptyState message={t('empty')} />}
      >
        {(items) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((n) => (
              <Item key={n.id} n={n} onOpen={open} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

/** /notifications: the bell's list, newest first, unread marked. */
export default function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  return (
    <Page title={t('title')}>
      <RequireUser signedOut={t('mustLogIn')}>{() => <NotificationList />}</RequireUser>
    </Page>
  );
}
