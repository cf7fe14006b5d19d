import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { BlockedPerson } from '@caribconnect/shared';
import { BlockButton, blockKeys } from '../../../components/block-button';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { RequireUser } from '../../../components/require-user';
import { EmptyState } from '../../../components/states';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/format-date';
import { pagedQueryOptions } from '../../../lib/paged';
import { paths } from '../../../lib/paths';

function BlockedList() {
  const { t, i18n } = useTranslation('moderation');
  const query = useInfiniteQuery(pagedQueryOptions<BlockedPerson>([...blockKeys.all, 'list'], '/api/blocks'));
  return (
    <PagedList
      query={query}
      labels={{ loading: t('blocks.loading'), failed: t('blocks.loadFailed'), loadMore: t('queue.loadMore'), loadingMore: t('queue.loadingMore') }}
      empty={<EmptyState message={t('blocks.empty')} />}
    >
      {(people) => (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {people.map((p) => (
            <Paper component="li" withBorder p="sm" key={p.userId}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                  <UserAvatar name={p.fullName} src={p.avatarUrl} alt="" size={36} />
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={paths.profile.to(p.userId)} fw={600} lineClamp={1}>
                      {p.fullName || t('blocks.unnamed')}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t('blocks.since', { date: formatDate(p.blockedAt, i18n.language) })}
                    </Text>
                  </Stack>
                </Group>
                <BlockButton userId={p.userId} name={p.fullName || t('blocks.unnamed')} variant="light" style={{ flexShrink: 0 }} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </PagedList>
  );
}

/** /settings/blocked: the people you blocked, each with Unblock. */
export default function BlockedPeopleScreen() {
  const { t } = useTranslation('moderation');
  return (
    <Page title={t('blocks.title')} size="sm">
      <RequireUser signedOut={t('blocks.signedOut')}>
        {() => (
          <Stack gap="md">
            <Text size="sm">{t('blocks.intro')}</Text>
            <BlockedList />
          </Stack>
        )}
      </RequireUser>
    </Page>
  );
}
