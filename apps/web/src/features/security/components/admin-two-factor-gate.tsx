import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { TwoFactorSetup } from './two-factor-setup';

/** What an admin without two-step sign-in sees instead of /admin (decision 0042). */
export default function AdminTwoFactorGate() {
  const { t } = useTranslation('security');
  return (
    <Paper withBorder p="lg" maw={520}>
      <Stack>
        <Title order={2} size="h3">
          {t('adminRequired.title')}
        </Title>
        <Text size="sm">{t('adminRequired.text')}</Text>
        <TwoFactorSetup />
      </Stack>
    </Paper>
  );
}
