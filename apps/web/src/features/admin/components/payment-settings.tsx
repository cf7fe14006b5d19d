import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Button, Group, NativeSelect, Paper, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PAYMENT_CURRENCIES, paymentSettings, type PaymentSettings } from '@caribconnect/shared';
import { ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useSettings, useUpdateSettings } from '../api/settings';

type Field = keyof PaymentSettings;

/** job_price, ad_price (dollars) and the jobs_free / ads_free flags; each change is saved on its own, as the spec's per-setting messages say. */
export function PaymentSettingsPanel() {
  const { t } = useTranslation(['admin', 'validation']);
  const settings = useSettings();
  const update = useUpdateSettings();
  const [prices, setPrices] = useState({ jobPrice: '', adPrice: '', operatorName: '', operatorAddress: '' });
  useEffect(() => {
    if (settings.data)
      setPrices({
        jobPrice: settings.data.jobPrice,
        adPrice: settings.data.adPrice,
        operatorName: settings.data.operatorName,
        operatorAddress: settings.data.operatorAddress,
      });
  }, [settings.data]);

  if (settings.isPending) return <LoadingState label={t('loading')} />;
  if (settings.isError) return <ErrorState message={t('settings.loadFailed')} onRetry={() => void settings.refetch()} />;

  const save = (field: Field, value: string | boolean) => {
    const setting = t(`settings.names.${field}`);
    const check = paymentSettings.shape[field].safeParse(value);
    if (!check.success) return toast(`${t('settings.updateFailed', { setting })}: ${t(check.error.issues[0]?.message ?? '', { ns: 'validation' })}`, 'error');
    update.mutate(
      { [field]: check.data },
      { onSuccess: () => toast(t('settings.updated', { setting })), onError: () => toast(t('settings.updateFailed', { setting }), 'error') },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payment-settings-title">
      <Title order={2} size="h4" id="payment-settings-title" mb="sm">
        {t('settings.heading')}
      </Title>
      {(['jobPrice', 'adPrice', 'operatorName', 'operatorAddress'] as const).map((field) => (
        <Group key={field} align="flex-end" gap="xs" mb="sm" component="form" onSubmit={(e) => (e.preventDefault(), save(field, prices[field]))}>
          <TextInput
            label={t(`settings.${field}`)}
            inputMode={field.endsWith('Price') ? 'decimal' : 'text'}
            value={prices[field]}
            onChange={(e) => setPrices((p) => ({ ...p, [field]: e.currentTarget.value }))}
            w={field.endsWith('Price') ? 160 : 280}
            maw="100%"
          />
          <Button type="submit" variant="light" disabled={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      ))}
      <Switch
        label={t('settings.jobsFree')}
        checked={settings.data.jobsFree}
        onChange={(e) => save('jobsFree', e.currentTarget.checked)}
        disabled={update.isPending}
        mb="xs"
      />
      <Switch
        label={t('settings.adsFree')}
        checked={settings.data.adsFree}
        onChange={(e) => save('adsFree', e.currentTarget.checked)}
        disabled={update.isPending}
        mb="sm"
      />
      <NativeSelect
        label={t('settings.currency')}
        data={[...PAYMENT_CURRENCIES]}
        value={settings.data.currency}
        onChange={(e) => save('currency', e.currentTarget.value)}
        disabled={update.isPending}
        w={160}
        mb="sm"
      />
      <Text size="sm">
        {settings.data.online ? t(settings.data.online.mode === 'live' ? 'settings.providerLive' : 'settings.providerSandbox') : t('settings.providerNone')}
      </Text>
    </Paper>
  );
}
