import '@mantine/core/styles/Menu.css';
import { Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@caribconnect/shared';
import { InterviewsToCancel } from '../../../components/interviews-to-cancel';
import { LoadMore } from '../../../components/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format-date';
import { useDeleteListing, useMarkPaid } from '../api/content-actions';

interface Listing {
  id: string;
  title: string;
  paid: boolean;
  ownerEmail: string;
  createdAt: string;
}

/** Job posts or ads: each row with Delete, and "Mark paid" while it awaits payment. */
export function ListingList({
  kind,
  query,
  price,
  empty,
}: {
  kind: 'jobs' | 'ads';
  query: UseInfiniteQueryResult<InfiniteData<Page<Listing>>>;
  price: string;
  empty: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const del = useDeleteListing(kind);
  const pay = useMarkPaid(kind);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) return <LoadingState label={t('loading')} />;
  if (query.isError && !items.length)
    return <ErrorState message={kind === 'jobs' ? t('jobsPage.loadFailed') : t('content.deleteFailed')} onRetry={() => void query.refetch()} />;
  if (!items.length) return <EmptyState message={empty} />;

  const confirmDelete = (item: Listing) =>
    modals.openConfirmModal({
      title: t('content.delete'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common:close') },
      children: (
        <>
          <Text size="sm">{t('content.confirmDelete', { title: item.title })}</Text>
          {kind === 'jobs' && (
            <InterviewsToCancel
              url={`/api/jobs/${encodeURIComponent(item.id)}/upcoming-interviews`}
              text={(count) => t('content.confirmInterviews', { count })}
              checking={t('content.checkingInterviews')}
            />
          )}
        </>
      ),
      labels: { confirm: t('content.delete'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => del.mutate(item.id, { onSuccess: () => toast(t('content.deleted')), onError: () => toast(t('content.deleteFailed'), 'error') }),
    });
  const markPaid = (item: Listing, method: 'bank_transfer' | 'cash') =>
    pay.mutate({ id: item.id, method }, { onSuccess: () => toast(t('content.paidRecorded')), onError: () => toast(t('content.paidFailed'), 'error') });

  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder p="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('content.by', { email: item.ownerEmail })} · {formatDate(item.createdAt, i18n.language)}
              </Text>
              {!item.paid && (
                <Badge color="dark" variant="outline" mt={4}>
                  {t('content.awaiting', { price })}
                </Badge>
              )}
            </div>
            <Group gap="xs">
              {!item.paid && (
                <Menu withinPortal position="bottom-end">
                  <Menu.Target>
                    <Button size="xs" variant="light" aria-label={t('content.markPaidLabel', { title: item.title })}>
                      {t('content.markPaid')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown aria-label={t('content.method')}>
                    <Menu.Label>{t('content.method')}</Menu.Label>
                    <Menu.Item onClick={() => markPaid(item, 'bank_transfer')}>{t('content.bankTransfer')}</Menu.Item>
                    <Menu.Item onClick={() => markPaid(item, 'cash')}>{t('content.cash')}</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
              <Button size="xs" color="red" variant="light" onClick={() => confirmDelete(item)} aria-label={t('content.deleteLabel', { title: item.title })}>
                {t('content.delete')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      <LoadMore query={query} label={t('users.loadMore')} loadingLabel={t('users.loadingMore')} auto={false} />
    </Stack>
  );
}
