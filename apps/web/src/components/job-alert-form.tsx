import '@mantine/core/styles/SegmentedControl.css';
import { Anchor, Button, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from '../lib/router';
import type { AlertFrequency, JobListFilters } from '@caribconnect/shared';
import { api } from '../lib/api-client';
import { errorText } from '../lib/errors';
import { paths } from '../lib/paths';
import { useMe } from '../lib/session';

/** The list's filters an alert keeps: all of them but the date window (an alert's window is "since the last email"). */
function alertFilters(filters: JobListFilters): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) if (key !== 'date' && value !== undefined && String(value).trim() !== '') kept[key] = value;
  return kept;
}

/** Creates an alert from the current filters: to the account's email, or a guest's address after they confirm it. */
export default function JobAlertForm({ id, filters, onDone }: { id: string; filters: JobListFilters; onDone: () => void }) {
  const { t } = useTranslation('alerts');
  const { user } = useMe();
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done'; message: string } | { kind: 'error'; message: string }>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'busy' });
    try {
      if (user) {
        await api('/api/alerts', { method: 'POST', body: { frequency, filters: alertFilters(filters) } });
        setState({ kind: 'done', message: t('create.created') });
      } else {
        await api('/api/alerts/guest', { method: 'POST', body: { email, frequency, filters: alertFilters(filters) } });
        setState({ kind: 'done', message: t('create.checkEmail', { email: email.trim() }) });
      }
    } catch (err) {
      setState({ kind: 'error', message: errorText(err, t('create.failed')) });
    }
  };

  if (state.kind === 'done') {
    return (
      <Paper withBorder p="md" mt="sm" id={id}>
        <Text role="status">{state.message}</Text>
        {user && (
          <Anchor component={Link} to={paths.alerts.to()} size="sm">
            {t('create.manage')}
          </Anchor>
        )}
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" mt="sm" id={id} component="form" onSubmit={submit} aria-label={t('create.formLabel')}>
      <Stack gap="sm">
        <Text size="sm">{user ? t('create.intro') : t('create.introGuest')}</Text>
        <div>
          <Text component="span" size="sm" fw={500} id={`${id}-frequency`}>
            {t('frequency.label')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${id}-frequency`}
            value={frequency}
            onChange={(v) => setFrequency(v as AlertFrequency)}
            data={[
              { value: 'daily', label: t('frequency.daily') },
              { value: 'weekly', label: t('frequency.weekly') },
            ]}
            fullWidth
          />
        </div>
        {!user && (
          <TextInput type="email" label={t('create.email')} required value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="email" />
        )}
        {state.kind === 'error' && (
          <Text c="red.8" size="sm" role="alert">
            {state.message}
          </Text>
        )}
        <Stack gap={4}>
          <Button type="submit" loading={state.kind === 'busy'}>
            {user ? t('create.submit') : t('create.subscribe')}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {t('create.cancel')}
          </Button>
        </Stack>
        {!user && (
          <Text size="xs" c="dimmed">
            <Anchor component={Link} to={paths.login.to('/jobs')} size="xs">
              {t('create.signIn')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
