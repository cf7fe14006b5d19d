import { Alert } from '@mantine/core';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { usePaymentSettings } from '../../../lib/payment-settings';
import { useCreateAd } from '../api/create-ad';
import { AdForm } from '../components/ad-form';
import { saveFailure } from '../components/save-failure';

function PostAdForm() {
  const { t } = useTranslation('ads');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateAd();
  return (
    <AdForm
      submitLabel={t('form.submitPost')}
      busyLabel={t('form.posting')}
      busy={create.isPending}
      progress={create.progress}
      error={create.error ? saveFailure(create.error, 'post', t, errorText) : null}
      onSubmit={(submission) =>
        create.mutate(submission, {
          onSuccess: () => {
            toast(t('form.posted'));
            navigate(paths.ads.to());
          },
        })
      }
    />
  );
}

/** While ads are not free the poster sees the price before posting. */
function PriceNotice() {
  const { t } = useTranslation('ads');
  const prices = usePaymentSettings();
  if (!prices.data || prices.data.adsFree) return null;
  return (
    <Alert color="yellow" mb="md">
      {t('payment.priceNotice', { price: prices.data.adPrice })}
    </Alert>
  );
}

/** /post-ad: any signed-in person may post an ad (the server also refuses muted accounts). */
export default function PostAdScreen() {
  const { t } = useTranslation('ads');
  return (
    <Page title={t('form.postTitle')} size="sm">
      <RequireUser signedOut={t('form.mustLogIn')} writes>
        {() => (
          <>
            <PriceNotice />
            <PostAdForm />
          </>
        )}
      </RequireUser>
    </Page>
  );
}
