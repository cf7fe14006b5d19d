import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { PAYMENT_STATUSES, refundBody, type AdminPayment } from '@caribconnect/shared';
import { FilterForm } from '../../../components/filter-form';
import { compactParams } from '../../../lib/query-string';
import { useSearchParams } from '../../../lib/router';
import type { PaymentFilters } from '../api/keys';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useErrorText, validationText } from '../../../lib/errors';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { downloadPaymentsCsv } from '../api/download-csv';
import { useAdminPayments, usePaymentTotals, useRefund } from '../api/payments';
import { AdminTable, breakAll, fullWidthBadge, wrapAnywhere } from '../components/admin-table';

const money = (amount: string, currency: string, language: string) => {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
};

/** Refund in full or in part, with a reason; the listing waits for payment again unless kept live. */
function RefundForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const refund = useRefund();
  const left = (Number(payment.amount) - Number(payment.refundedAmount)).toFixed(2);
  const [amount, setAmount] = useState(left);
  const [reason, setReason] = useState('');
  const [keepLive, setKeepLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = refundBody.safeParse({ amount, reason, keepLive });
    if (!body.success) return setError(validationText(body.error.issues[0]?.message ?? ''));
    setError(null);
    refund.mutate(
      { id: payment.id, body: body.data },
      {
        onSuccess: () => {
          toast(t('payments.refunded'));
          onDone();
        },
        onError: (err) => setError(errorText(err, t('payments.refundFailed'))),
      },
    );
  };
  return (
    <Stack gap="xs" component="form" onSubmit={submit} aria-label={t('payments.refundFormLabel', { title: payment.listingTitle })} miw={200}>
      <TextInput
        label={t('payments.refundAmount', { currency: payment.currency })}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        size="xs"
      />
      <TextInput label={t('payments.refundReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} size="xs" maxLength={500} />
      <Checkbox label={t('payments.keepLive')} checked={keepLive} onChange={(e) => setKeepLive(e.currentTarget.checked)} size="xs" />
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Button type="submit" size="xs" color="red" loading={refund.isPending}>
          {t('payments.confirmRefund')}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          {t('users.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function Actions({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const refundable = payment.status === 'paid' || payment.status === 'partially_refunded';
  return (
    <Group gap="xs" wrap="wrap">
      {payment.receipt && (
        <Button
          component="a"
          href={`/api/payments/${encodeURIComponent(payment.id)}/receipt.pdf`}
          download
          size="xs"
          variant="subtle"
          aria-label={t('payments.receiptLabel', { number: payment.receipt })}
        >
          {payment.receipt}
        </Button>
      )}
      {refundable && !open && (
        <Button size="xs" variant="light" color="red" onClick={() => setOpen(true)} aria-label={t('payments.refundLabel', { title: payment.listingTitle })}>
          {t('payments.refund')}
        </Button>
      )}
      {open && <RefundForm payment={payment} onDone={() => setOpen(false)} />}
    </Group>
  );
}

function Totals() {
  const { t, i18n } = useTranslation('admin');
  const totals = usePaymentTotals();
  if (totals.isPending) return <LoadingState label={t('loading')} />;
  if (totals.isError) return <ErrorState message={t('payments.totalsFailed')} onRetry={() => void totals.refetch()} />;
  if (!totals.data.length) return <Text size="sm">{t('payments.noTotals')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped aria-label={t('payments.totals')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.month')}</Table.Th>
            <Table.Th>{t('payments.method')}</Table.Th>
            <Table.Th>{t('payments.received')}</Table.Th>
            <Table.Th>{t('payments.refundedTotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.data.map((row) => (
            <Table.Tr key={`${row.month}-${row.method}-${row.currency}`}>
              <Table.Td>{row.month}</Table.Td>
              <Table.Td>{t(`payments.methods.${row.method}`)}</Table.Td>
              <Table.Td>{money(row.received, row.currency, i18n.language)}</Table.Td>
              <Table.Td>{money(row.refunded, row.currency, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * By status and a range of days: a GET form whose fields are the address's parameters, answered by
 * the server's filter (the list and the CSV both); an empty field is no filter.
 */
function Filters({ filters, onFilters }: { filters: PaymentFilters; onFilters: (values: Record<string, string>) => void }) {
  const { t } = useTranslation('admin');
  return (
    // Keyed by the values, so Back and Forward show the fields of the list on screen.
    <FilterForm key={`${filters.status}|${filters.from}|${filters.to}`} p="sm" mb="md" label={t('payments.filters')} onFilters={onFilters}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          name="status"
          label={t('payments.status')}
          defaultValue={filters.status}
          data={[{ value: '', label: t('payments.anyStatus') }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))]}
        />
        <TextInput type="date" name="from" label={t('payments.from')} defaultValue={filters.from} />
        <TextInput type="date" name="to" label={t('payments.to')} defaultValue={filters.to} />
        <Button type="submit" variant="light">
          {t('payments.applyFilters')}
        </Button>
      </Group>
    </FilterForm>
  );
}

function PaymentsBooks() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filters: PaymentFilters = { status: params.get('status') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPaymentsCsv(filters);
    } catch {
      toast(t('downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('payments.listHeading')}
        </Title>
        <Button variant="light" onClick={() => void download()} loading={downloading}>
          {t('payments.downloadCsv')}
        </Button>
      </Group>
      <Filters filters={filters} onFilters={(values) => setParams(compactParams(values))} />
      <AdminTable
        query={useAdminPayments(filters)}
        label={t('payments.listHeading')}
        loadFailed={t('payments.loadFailed')}
        empty={filters.status || filters.from || filters.to ? t('payments.noneMatch') : t('payments.empty')}
        autoLoad={false}
        columns={[
          { header: t('payments.date'), cell: (p) => <time dateTime={p.paidAt ?? p.createdAt}>{formatDate(p.paidAt ?? p.createdAt, i18n.language)}</time> },
          { header: t('payments.payer'), cell: (p) => p.payerEmail, style: breakAll },
          { header: t('payments.listing'), cell: (p) => p.listingTitle, style: wrapAnywhere },
          { header: t('payments.method'), cell: (p) => t(`payments.methods.${p.method}`) },
          {
            header: t('payments.amount'),
            cell: (p) =>
              Number(p.refundedAmount) > 0
                ? t('payments.amountRefunded', {
                    amount: money(p.amount, p.currency, i18n.language),
                    refunded: money(p.refundedAmount, p.currency, i18n.language),
                  })
                : money(p.amount, p.currency, i18n.language),
          },
          {
            header: t('payments.status'),
            cell: (p) => (
              <Badge variant="outline" style={fullWidthBadge} color={p.status === 'paid' ? 'teal.9' : 'dark'} tt="none">
                {t(`payments.statuses.${p.status}`)}
              </Badge>
            ),
          },
          { header: t('payments.receipt'), bare: true, cell: (p) => <Actions payment={p} /> },
        ]}
      />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payment-totals-title">
        <Title order={2} size="h4" id="payment-totals-title" mb="sm">
          {t('payments.totals')}
        </Title>
        <Totals />
      </Paper>
    </Stack>
  );
}

/** /admin/payments: the books — every payment, refunds, totals per month and method, CSV. */
export default function AdminPaymentsScreen() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('payments.title')} size="lg">
      <RequireUser signedOut={t('signedOut')} roles={['admin']} wrongRole={t('adminsOnly')}>
        {() => <PaymentsBooks />}
      </RequireUser>
    </Page>
  );
}
