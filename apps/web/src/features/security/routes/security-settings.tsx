import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { useErrorText } from '../../../lib/errors';
import { useDisableTwoFactor } from '../api/security';
import { Devices } from '../components/devices';
import { TwoFactorSetup } from '../components/two-factor-setup';

function TurnOff() {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    disable.mutate(password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactor.turnOff')}>
      <Stack>
        {disable.error && (
          <Alert color="red" role="alert">
            {errorText(disable.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('twoFactor.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" variant="default" loading={disable.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('twoFactor.turnOff')}
        </Button>
      </Stack>
    </form>
  );
}

export default function SecuritySettingsScreen() {
  const { t } = useTranslation('security');
  const [settingUp, setSettingUp] = useState(false);
  return (
    <Page title={t('title')} size="sm">
      <RequireUser signedOut={t('signedOut')}>
        {(user) => (
          <Stack gap="xl">
            <section aria-labelledby="two-factor-title">
              <Paper withBorder p="lg">
                <Stack>
                  <Title order={2} size="h4" id="two-factor-title">
                    {t('twoFactor.heading')}
                  </Title>
                  <Text size="sm">{user.twoFactorEnabled ? t('twoFactor.on') : t('twoFactor.off')}</Text>
                  {user.twoFactorEnabled ? (
                    // An admin keeps it: /admin needs it (decision 0042).
                    user.role !== 'admin' && <TurnOff />
                  ) : settingUp ? (
                    <TwoFactorSetup onDone={() => setSettingUp(false)} />
                  ) : (
                    <Button onClick={() => setSettingUp(true)} style={{ alignSelf: 'flex-start' }}>
                      {t('twoFactor.turnOn')}
                    </Button>
                  )}
                </Stack>
              </Paper>
            </section>
            <Devices />
          </Stack>
        )}
      </RequireUser>
    </Page>
  );
}
