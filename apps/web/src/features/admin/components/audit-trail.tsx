import '@mantine/core/styles/Code.css';
import { Code, Group, NativeSelect, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AUDIT_ACTIONS } from '@caribconnect/shared';
import { formatDate } from '../../../lib/format-date';
import { useAudit } from '../api/get-audit';
import { AdminTable, Breakable } from './admin-table';

const show = (v: unknown) => (v == null ? '—' : JSON.stringify(v));

/** Every admin action, newest first, filtered by action and a text; read only (the server has no route to change it). */
export function AuditTrail() {
  const { t, i18n } = useTranslation('admin');
  const [action, setAction] = useState('');
  const [q, setQ] = useState('');
  const [term] = useDebouncedValue(q.trim(), 300);
  const audit = useAudit(action, term);

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
      <AdminTable
        query={audit}
        label={t('audit.heading')}
        fontSize="sm"
        autoLoad={false}
        loadFailed={t('audit.loadFailed')}
        empty={t('audit.empty')}
        columns={[
          { header: t('audit.when'), cell: (e) => formatDate(e.createdAt, i18n.language, true) },
          { header: t('audit.who'), cell: (e) => <Breakable text={e.actorEmail} /> },
          { header: t('audit.action'), cell: (e) => t(`audit.actions.${e.action}`, { defaultValue: e.action }) },
          { header: t('audit.target'), cell: (e) => <Breakable text={e.targetLabel || e.targetId} /> },
          {
            header: t('audit.change'),
            cell: (e) => (
              <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {show(e.before)} → {show(e.after)}
              </Code>
            ),
          },
        ]}
      />
    </section>
  );
}
