import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Button, Card, Group, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { Alert, AlertFrequency, UpdateAlertBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { RequireUser } from '../../../components/require-user';
import { EmptyState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { alertKeys, deleteAlert, updateAlert, useAlerts } from '../api/alerts';

/** What the alert searches, as the reader would have typed it. */
function filterSummary(alert: Alert, t: (key: string) => string): string {
  const parts = Object.entries(alert.filters)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([, v]) => String(v));
  return parts.length ? parts.join(' · ') : t('list.allJobs');
}

function AlertCard({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const [name, setName] = useState(alert.name);
  const [busy, setBusy] = useState(false);
  const change = async (body: UpdateAlertBody, done: string) => {
    setBusy(true);
    try {
      await updateAlert(alert.id, body);
      toast(done);
      await queryClient.invalidateQueries({ queryKey: alertKeys.all });
    } catch (err) {
      toast(errorText(err, t('list.failed')), 'error');
    } finally {
      setBusy(false);
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && name.trim() !== alert.name) void change({ name: name.trim() }, t('list.renamed'));
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteAlert(alert.id);
      toast(t('list.deleted', { name: alert.name }));
      await queryClient.invalidateQueries({ queryKey: alertKeys.all });
    } catch (err) {
      toast(errorText(err, t('list.failed')), 'error');
      setBusy(false);
    }
  };
  return (
    <Card component="article" withBorder padding="md" aria-label={alert.name}>
      <Stack gap="sm">
        <form onSubmit={rename}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput label={t('list.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} style={{ flex: 1, minWidth: 0 }} />
            <Button type="submit" variant="default" disabled={busy || !name.trim() || name.trim() === alert.name}>
              {t('list.rename')}
            </Button>
          </Group>
        </form>
        <Text size="sm" c="dimmed">
          {t('list.searches', { filters: filterSummary(alert, t) })}{' '}
          <Link to={paths.jobs.to(`?${new URLSearchParams(alert.filters as Record<string, string>).toString()}`)}>{t('list.openSearch')}</Link>
        </Text>
        <div>
          <Text component="span" size="sm" fw={500} id={`freq-${alert.id}`}>
            {t('frequency.label')}
          </Text>
          <SegmentedControl
            aria-labelledby={`freq-${alert.id}`}
            value={alert.frequency}
            disabled={busy}
            onChange={(v) => void change({ frequency: v as AlertFrequency }, t('list.frequencyChanged'))}
            data={[
              { value: 'daily', label: t('frequency.daily') },
              { value: 'weekly', label: t('frequency.weekly') },
            ]}
            fullWidth
          />
        </div>
        <Group justify="space-between">
          <Switch
            label={t('list.paused')}
            checked={alert.paused}
            disabled={busy}
            onChange={(e) => void change({ paused: e.currentTarget.checked }, e.currentTarget.checked ? t('list.pausedDone') : t('list.resumedDone'))}
          />
          <Button color="red" variant="light" onClick={() => void remove()} disabled={busy} aria-label={t('list.deleteLabel', { name: alert.name })}>
            {t('list.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function AlertsList() {
  const { t } = useTranslation('alerts');
  const query = useAlerts();
  return (
    <PagedList
      query={query}
      labels={{ loading: t('list.loading'), failed: t('list.loadFailed'), loadMore: t('list.loadMore'), loadingMore: t('list.loadingMore') }}
      autoLoad={false}
      empty={
        <EmptyState message={t('list.empty')}>
          <Button component={Link} to={paths.jobs.to()} variant="light">
            {t('browseJobs')}
          </Button>
        </EmptyState>
      }
    >
      {(alerts) => (
        <Stack gap="sm" component="section" aria-label={t('list.title')}>
          {alerts.map((alert) => (
            <AlertCard key={alert.id} alert={alert} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}

/** /alerts: the person's job alerts, to rename, change, pause or delete. */
export default function AlertsScreen() {
  const { t } = useTranslation('alerts');
  return (
    <Page title={t('list.title')}>
      <RequireUser signedOut={t('list.mustLogIn')}>{() => <AlertsList />}</RequireUser>
    </Page>
  );
}
