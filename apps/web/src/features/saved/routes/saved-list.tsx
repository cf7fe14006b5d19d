import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { SavedItem } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { RequireUser } from '../../../components/require-user';
import { EmptyState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { savedKeys, unsaveItem } from '../../../lib/saved';
import { useSaved } from '../api/get-saved';

function SavedCard({ item }: { item: SavedItem }) {
  const { t, i18n } = useTranslation('saved');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const gone = item.gone !== null;
  const remove = async () => {
    setBusy(true);
    try {
      await unsaveItem(item.kind, item.id);
      toast(t('list.removed', { title: item.title }));
      await queryClient.invalidateQueries({ queryKey: savedKeys.all });
    } catch (err) {
      toast(errorText(err, t('toast.failed')), 'error');
      setBusy(false);
    }
  };
  const to = item.kind === 'job' ? paths.job.to(item.id) : paths.ad.to(item.id);
  return (
    // Greyed, not hidden: the person saved it and should learn why it can no longer be opened.
    <Card component="article" withBorder padding="md" style={gone ? { opacity: 0.75, background: 'var(--mantine-color-gray-0)' } : undefined}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.kind === 'job' ? t('list.job') : t('list.ad')}
          </Text>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {gone ? (
              <Text component="span" inherit c="gray.7" td="line-through">
                {item.title}
              </Text>
            ) : (
              <Anchor component={Link} to={to} c="inherit" fw={700} fz="inherit" underline="hover">
                {item.title}
              </Anchor>
            )}
          </Title>
          {item.detail && <Text size="sm">{item.detail}</Text>}
          {gone && (
            <Text size="sm" c="gray.8" fw={500}>
              {item.gone === 'deleted' ? t('list.deleted') : t('list.hidden')}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            <time dateTime={item.savedAt}>{t('list.savedOn', { date: formatDate(item.savedAt, i18n.language) })}</time>
          </Text>
        </div>
        <Button
          variant="default"
          size="sm"
          style={{ flex: 'none' }}
          onClick={() => void remove()}
          loading={busy}
          aria-label={t('list.removeLabel', { title: item.title })}
        >
          {t('list.remove')}
        </Button>
      </Group>
    </Card>
  );
}

function SavedList() {
  const { t } = useTranslation('saved');
  const query = useSaved();
  return (
    <PagedList
      query={query}
      labels={{ loading: t('list.loading'), failed: t('list.loadFailed'), loadMore: t('list.loadMore'), loadingMore: t('list.loadingMore') }}
      autoLoad={false}
      empty={
        <EmptyState message={t('list.empty')}>
          <Group justify="center">
            <Button component={Link} to={paths.jobs.to()} variant="light">
              {t('list.browseJobs')}
            </Button>
            <Button component={Link} to={paths.ads.to()} variant="light">
              {t('list.browseAds')}
            </Button>
          </Group>
        </EmptyState>
      }
    >
      {(items) => (
        <Stack gap="sm" component="section" aria-label={t('list.title')}>
          {items.map((item) => (
            <SavedCard key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}

/** /saved: the jobs and ads the person saved, newest saved first. */
export default function SavedScreen() {
  const { t } = useTranslation('saved');
  return (
    <Page title={t('list.title')}>
      <RequireUser signedOut={t('list.mustLogIn')}>{() => <SavedList />}</RequireUser>
    </Page>
  );
}
