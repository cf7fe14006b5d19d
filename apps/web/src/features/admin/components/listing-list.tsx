import '@mantine/core/styles/Menu.css';
import { Badge, Button, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { useRef } from 'react';
import { modals } from '@mantine/modals';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { MODERATION_MESSAGE_MAX, type MarkPaidBody, type Page } from '@caribconnect/shared';
import { InterviewsToCancel } from '../../../components/interviews-to-cancel';
import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format-date';
import { useAwaitingPaymentText } from '../../../lib/awaiting-payment';
import { useDeleteListing, useMarkPaid } from '../api/content-actions';
import { AdminTable, Breakable, fullWidthBadge, wrapAnywhere } from './admin-table';

interface Listing {
  id: string;
  title: string;
  paid: boolean;
  ownerEmail: string;
  createdAt: string;
  listingPrice: string | null;
  listingCurrency: string | null;
}

/** Job posts or ads: each row with Delete, and "Mark paid" while it awaits payment. */
export function ListingList({ kind, query, empty }: { kind: 'jobs' | 'ads'; query: UseInfiniteQueryResult<InfiniteData<Page<Listing>>>; empty: string }) {
  const { t, i18n } = useTranslation('admin');
  // Each listing's own price, the one it was posted at (issue 47), not today's settings.
  const awaiting = useAwaitingPaymentText(kind === 'jobs' ? 'job' : 'ad');
  const del = useDeleteListing(kind);
  const pay = useMarkPaid(kind);

  // The owner is told why (bell and email) and the audit log keeps it: the reason is required (decision 0069).
  const reason = useRef('');
  const confirmDelete = (item: Listing) => {
    reason.current = '';
    modals.openConfirmModal({
      title: t('content.delete'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common:close') },
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('content.confirmDelete', { title: item.title })}</Text>
          <Textarea
            label={t('content.reason')}
            required
            maxLength={MODERATION_MESSAGE_MAX}
            autosize
            minRows={2}
            onChange={(e) => (reason.current = e.currentTarget.value)}
          />
          {kind === 'jobs' && (
            <InterviewsToCancel
              url={`/api/jobs/${encodeURIComponent(item.id)}/upcoming-interviews`}
              text={(count) => t('content.confirmInterviews', { count })}
              checking={t('content.checkingInterviews')}
            />
          )}
        </Stack>
      ),
      labels: { confirm: t('content.delete'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        const why = reason.current.trim();
        if (!why) return toast(t('content.reasonRequired'), 'error');
        del.mutate({ id: item.id, reason: why }, { onSuccess: () => toast(t('content.deleted')), onError: () => toast(t('content.deleteFailed'), 'error') });
      },
    });
  };
  // A payment cannot be taken back: the admin sees which listing and how much before it is recorded.
  const confirmPaid = (item: Listing, method: MarkPaidBody['method']) =>
    modals.openConfirmModal({
      title: t('content.confirmPaidTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common:close') },
      children: (
        <Text size="sm">
          {t(method === 'cash' ? 'content.confirmPaidCash' : 'content.confirmPaidBank', { title: item.title, price: awaiting.priceOf(item).price })}
        </Text>
      ),
      labels: { confirm: t('content.markPaid'), cancel: t('users.cancel') },
      onConfirm: () =>
        pay.mutate({ id: item.id, method }, { onSuccess: () => toast(t('content.paidRecorded')), onError: () => toast(t('content.paidFailed'), 'error') }),
    });

  return (
    <AdminTable
      query={query}
      label={kind === 'jobs' ? t('content.jobsHeading') : t('content.adsHeading')}
      autoLoad={false}
      loadFailed={kind === 'jobs' ? t('jobsPage.loadFailed') : t('content.adsLoadFailed')}
      empty={empty}
      columns={[
        { header: t('content.title'), cell: (item) => <Text fw={600}>{item.title}</Text>, style: wrapAnywhere },
        { header: t('content.owner'), cell: (item) => <Breakable text={item.ownerEmail} /> },
        { header: t('content.posted'), cell: (item) => <time dateTime={item.createdAt}>{formatDate(item.createdAt, i18n.language)}</time> },
        {
          header: t('jobsPage.status'),
          cell: (item) =>
            item.paid ? (
              t('jobsPage.paid')
            ) : (
              <Badge color="dark" variant="outline" style={fullWidthBadge}>
                {awaiting(item, (price) => t('content.awaiting', { price }))}
              </Badge>
            ),
        },
        {
          header: t('content.actions'),
          bare: true,
          cell: (item) => (
            <Group gap="xs" wrap="wrap">
              {!item.paid && (
                <Menu withinPortal position="bottom-end">
                  <Menu.Target>
                    <Button size="xs" variant="light" aria-label={t('content.markPaidLabel', { title: item.title })}>
                      {t('content.markPaid')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown aria-label={t('content.method')}>
                    <Menu.Label>{t('content.method')}</Menu.Label>
                    <Menu.Item onClick={() => confirmPaid(item, 'bank_transfer')}>{t('content.bankTransfer')}</Menu.Item>
                    <Menu.Item onClick={() => confirmPaid(item, 'cash')}>{t('content.cash')}</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
              <Button size="xs" color="red" variant="light" onClick={() => confirmDelete(item)} aria-label={t('content.deleteLabel', { title: item.title })}>
                {t('content.delete')}
              </Button>
            </Group>
          ),
        },
      ]}
    />
  );
}
