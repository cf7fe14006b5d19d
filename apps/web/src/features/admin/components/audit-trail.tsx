import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';
import { Code, Group, NativeSelect, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@caribconnect/shared';
import { LoadMore } from '../../../components/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format-date';
import { useAudit } from '../api/get-audit';

const show = (v: unknown) => (v == null ? '—' : JSON.stringify(v));

/** Every admin action, newest first, filtered by action and a text; read only (the server has no route to change it). */
export function AuditTrail() {
  const { t, i18n } = useTranslation('admin');
  const [action, setAction] = useState('');
  const [q, setQ] = useState('');
  const [term] = useDebouncedValue(q.trim(), 300);
  const audit = useAudit(action, term);
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];

  let body: React.ReactNode;
  if (audit.isPending) body = <LoadingState label={t('loading')} />;
  else if (audit.isError && !items.length) body = <ErrorState message={t('audit.loadFailed')} onRetry={() => void audit.refetch()} />;
  else if (!items.length) body = <EmptyState message={t('audit.empty')} />;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.who')}</Table.Th>
                <Table.Th>{t('audit.action')}</Table.Th>
                <Table.Th>{t('audit.target')}</Table.Th>
                <Table.Th>{t('audit.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDate(e.createdAt, i18n.language, true)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{e.actorEmail}</Table.Td>
                  <Table.Td>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{e.targetLabel || e.targetId}</Table.Td>
                  <Table.Td>
                    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                      {show(e.before)} → {show(e.after)}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <LoadMore
          hasNextPage={audit.hasNextPage}
          isFetchingNextPage={audit.isFetchingNextPage}
          fetchNextPage={audit.fetchNextPage}
          label={t('users.loadMore')}
          loadingLabel={t('users.loadingMore')}
          auto={false}
        />
      </>
    );

  return (
    <section aria-labelledby="audit-title">
      <Title order={2} size="h4" id="audit-title" mb="sm">
        {t('audit.heading')}
      </Title>
      <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('audit.filter')}
          value={action}
          onChange={(e) => setAction(e.currentTarget.value)}
          data={[{ value: '', label: t('audit.all') }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))]}
        />
        <TextInput type="search" label={t('audit.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} maxLength={100} />
      </Group>
      {body}
    </section>
  );
}
