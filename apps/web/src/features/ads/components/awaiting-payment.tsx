import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { useAwaitingPaymentText, type KeptPrice } from '../../../lib/awaiting-payment';

/** On the owner's own unpaid ad: what it waits for before anyone else sees it (the price it was posted at). */
export function AwaitingPayment({ ad }: { ad: KeptPrice }) {
  const { t } = useTranslation('ads');
  const text = useAwaitingPaymentText('ad');
  return (
    <Badge color="dark" variant="outline" tt="none" maw="100%">
      {text(ad, (price) => t('awaitingPayment', { price }))}
    </Badge>
  );
}
