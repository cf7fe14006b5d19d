import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { DeviceSession } from '@caribconnect/shared';
import { ErrorState, LoadingState } from '../../../components/states';
import { useErrorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/format-date';
import { useDevices, useSignOutDevice, useSignOutOthers } from '../api/security';

function DeviceRow({ device }: { device: DeviceSession }) {
  const { t, i18n } = useTranslation('security');
  const signOut = useSignOutDevice();
  const name = device.browser && device.os ? t('devices.on', { browser: device.browser, os: device.os }) : device.browser || device.os || t('devices.unknown');
  const when = formatDate(device.lastActiveAt, i18n.resolvedLanguage ?? i18n.language, true);
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {device.current && <Badge variant="light">{t('devices.current')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {t('devices.lastActive', { date: when })}
          </Text>
        </div>
        {!device.current && (
          <Button
            size="xs"
            variant="default"
            loading={signOut.isPending}
            onClick={() => signOut.mutate(device.id)}
            aria-label={t('devices.signOutOne', { name })}
          >
            {t('devices.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The person's signed-in devices, newest activity first, and a way to end every other one. */
export function Devices() {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const devices = useDevices();
  const others = useSignOutOthers();
  const items = devices.data?.items ?? [];
  return (
    <section aria-labelledby="devices-title">
      <Stack>
        <Title order={2} size="h4" id="devices-title">
          {t('devices.heading')}
        </Title>
        {devices.isLoading && <LoadingState label={t('devices.loading')} />}
        {devices.error && <ErrorState message={t('devices.error')} onRetry={() => void devices.refetch()} />}
        {devices.data && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((d) => (
              <DeviceRow key={d.id} device={d} />
            ))}
          </Stack>
        )}
        {devices.data && items.length <= 1 && <Text size="sm">{t('devices.none')}</Text>}
        {others.data && (
          <Alert color="green" role="status">
            {t('devices.signedOut', { count: others.data.signedOut })}
          </Alert>
        )}
        {others.error && (
          <Alert color="red" role="alert">
            {errorText(others.error)}
          </Alert>
        )}
        {items.length > 1 && (
          <Button variant="default" onClick={() => others.mutate()} loading={others.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('devices.signOutOthers')}
          </Button>
        )}
      </Stack>
    </section>
  );
}
