import { Button } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { useRenewAd } from '../api/renew-ad';

/** Renew, for the ad's owner: listed again for 30 days from today (the server checks the owner). */
export function RenewButton({ id, title, size = 'sm' }: { id: string; title: string; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('ads');
  const errorText = useErrorText();
  const renew = useRenewAd();
  return (
    <Button
      size={size}
      disabled={renew.isPending}
      aria-label={t('expiry.renewLabel', { title })}
      onClick={() =>
        renew.mutate(id, {
          onSuccess: () => toast(t('expiry.renewed')),
          onError: (err) => toast(errorText(err, t('expiry.renewFailed')), 'error', t('expiry.renewFailed')),
        })
      }
    >
      {renew.isPending ? t('expiry.renewing') : t('expiry.renew')}
    </Button>
  );
}
