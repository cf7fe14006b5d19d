import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Anchor, Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/router';
import { EMAIL_SETTINGS, type EmailSetting } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { paths } from '../../../lib/paths';
import { useEmailSettings, useSaveEmailSettings } from '../api/settings';

function Settings() {
  const { t } = useTranslation('notifications');
  const query = useEmailSettings();
  const save = useSaveEmailSettings();
  if (query.isPending) return <LoadingState label={t('settings.loading')} />;
  if (query.isError) return <ErrorState message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />;
  const toggle = (key: EmailSetting, on: boolean) =>
    save.mutate(
      { [key]: on },
      {
        onSuccess: () => toast(t('settings.saved')),
        onError: () => toast(t('settings.saveFailed'), 'error'),
      },
    );
  return (
    <Stack gap="md">
      <Text>{t('settings.intro')}</Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md" role="group" aria-label={t('settings.title')}>
          {EMAIL_SETTINGS.map((key) => (
            <Switch
              key={key}
              label={t(`settings.${key}`)}
              checked={(save.isPending && save.variables?.[key] !== undefined ? save.variables[key] : query.data[key]) ?? true}
              disabled={save.isPending}
              onChange={(e) => toggle(key, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed">
        {t('settings.newApplicantsNote')}
      </Text>
      <Anchor component={Link} to={paths.notifications.to()}>
        {t('backToList')}
      </Anchor>
    </Stack>
  );
}

/** /settings/notifications: which emails the person receives. */
export default function NotificationSettingsScreen() {
  const { t } = useTranslation('notifications');
  return (
    <Page title={t('settings.title')}>
      <RequireUser signedOut={t('settings.mustLogIn')}>{() => <Settings />}</RequireUser>
    </Page>
  );
}
