import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Payment } from '@caribconnect/shared';
import { Notice } from '../../../components/notice';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { RequireUser } from '../../../components/require-user';
import { EmptyState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useMyPayments } from '../api/get-my-payments';

/** 25 → "US$25.00" in the reader's language. */
export function formatMoney(amount: string, currency: string, language: string) {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

const RESULTS = ['paid', 'pending', 'failed', 'not-approved', 'cancelled'] as const;

/** What the return from the provider (through the server) says about the payment just made. */
function ReturnNotice() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const result = params.get('result');
  const error = params.get('error');
  if (error) return <Notice title={errorText(new ApiError('', 409, error), t('results.failed'))} />;
  if (!RESULTS.includes(result as (typeof RESULTS)[number])) return null;
  return (
    <div role="status">
      <Notice title={t(`results.${result}`)} />
    </div>
  );
}

function PaymentCard({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation('payments');
  const listing = payment.listingKind === 'job' ? paths.job.to(payment.listingId) : paths.ad.to(payment.listingId);
  return (
    <Card component="article" withBorder padding="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {payment.listingKind === 'job' ? t('kind.job') : t('kind.ad')}
          </Text>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={listing} c="inherit" fw={700} fz="inherit" underline="hover">
              {payment.listingTitle}
            </Anchor>
          </Title>
          <Text size="sm">
            {formatMoney(payment.amount, payment.currency, i18n.language)} · {t(`method.${payment.method}`)} ·{' '}
            <time dateTime={payment.paidAt ?? payment.createdAt}>{formatDate(payment.paidAt ?? payment.createdAt, i18n.language)}</time>
          </Text>
          {Number(payment.refundedAmount) > 0 && (
            <Text size="sm">{t('refunded', { amount: formatMoney(payment.refundedAmount, payment.currency, i18n.language) })}</Text>
          )}
        </div>
        <Badge variant="outline" color={payment.status === 'paid' ? 'teal.9' : 'dark'} tt="none" maw="100%">
          {t(`status.${payment.status}`)}
        </Badge>
      </Group>
      {payment.receipt && (
        <Text size="sm" mt="xs">
          <Anchor
            href={`/api/payments/${encodeURIComponent(payment.id)}/receipt.pdf`}
            download
            aria-label={t('receiptLabel', { number: payment.receipt, title: payment.listingTitle })}
          >
            {t('receipt', { number: payment.receipt })}
          </Anchor>
        </Text>
      )}
    </Card>
  );
}

function PaymentsList() {
  const { t } = useTranslation('payments');
  return (
    <PagedList
      query={useMyPayments()}
      labels={{ loading: t('loading'), failed: t('loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      autoLoad={false}
      empty={<EmptyState message={t('empty')} />}
    >
      {(items) => (
        <Stack gap="sm" component="section" aria-label={t('title')}>
          {items.map((p) => (
            <PaymentCard key={p.id} payment={p} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}

/** /payments: the person's payments with their receipts (PDF); where the provider's return lands. */
export default function MyPaymentsScreen() {
  const { t } = useTranslation('payments');
  return (
    <Page title={t('title')}>
      <Stack gap="md">
        <ReturnNotice />
        <RequireUser signedOut={t('mustLogIn')}>{() => <PaymentsList />}</RequireUser>
      </Stack>
    </Page>
  );
}
