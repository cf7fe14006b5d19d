import { Button } from '@mantine/core';
import { usePaymentSettings } from '../lib/payment-settings';
import { useTranslation } from '../lib/use-translation';

/**
 * "Pay now" on the owner's listing that awaits payment (issue 47): a plain HTML form the server
 * answers with the payment provider's page (303), so it works before hydration and without scripts.
 * The amount is the server's own; the form names only the listing. Shown when online payment is offered.
 */
export function PayNow({ kind, id, title }: { kind: 'job' | 'ad'; id: string; title: string }) {
  const { t } = useTranslation('payments');
  const settings = usePaymentSettings();
  if (!settings.data?.online) return null;
  return (
    <form method="post" action="/payments/checkout" style={{ display: 'inline-block' }}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="xs" aria-label={t('payNowLabel', { title })}>
        {t('payNow')}
      </Button>
    </form>
  );
}
