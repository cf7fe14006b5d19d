import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { usePaymentSettings } from '../../../lib/payment-settings';

/** On the owner's own unpaid ad: what it waits for before anyone else sees it. */
export function AwaitingPayment() {
  const { t } = useTranslation('ads');
  const prices = usePaymentSettings();
  return (
    <Badge color="dark" variant="outline" tt="none" maw="100%">
      {t('awaitingPayment', { price: prices.data?.adPrice ?? '' })}
    </Badge>
  );
}
