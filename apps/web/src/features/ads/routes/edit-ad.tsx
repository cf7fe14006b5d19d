import { useNavigate, useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useAd } from '../api/get-ad';
import { useUpdateAd } from '../api/update-ad';
import { AdForm } from '../components/ad-form';
import { saveFailure } from '../components/save-failure';

function EditAdForm({ id, userId }: { id: string; userId: string }) {
  const { t } = useTranslation('ads');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { data: ad, isPending, error, refetch } = useAd(id);
  const update = useUpdateAd(id);

  if (isPending) return <LoadingState label={t('detail.loading')} />;
  // Someone else's ad and a missing one read the same, as the server answers both.
  if ((error instanceof ApiError && error.status === 404) || (ad && ad.userId !== userId)) return <ErrorState message={t('form.notFoundOrDenied')} />;
  if (error || !ad) return <ErrorState message={t('form.notFoundOrDenied')} onRetry={() => void refetch()} />;

  return (
    <AdForm
      key={ad.id}
      ad={ad}
      submitLabel={t('form.submitEdit')}
      busyLabel={t('form.updating')}
      busy={update.isPending}
      progress={update.progress}
      error={update.error ? saveFailure(update.error, 'edit', t, errorText) : null}
      onSubmit={(submission) =>
        update.mutate(submission, {
          onSuccess: () => {
            toast(t('form.updated'));
            navigate(paths.ads.to());
          },
        })
      }
    />
  );
}

/** /ads/{adId}/edit and /edit-ad/{adId}: only the ad's owner gets the form. */
export default function EditAdScreen() {
  const { t } = useTranslation('ads');
  const { adId } = useParams();
  return (
    <Page title={t('form.editTitle')} size="sm">
      <RequireUser signedOut={t('form.mustLogInEdit')} writes>
        {(user) => (adId ? <EditAdForm id={adId} userId={user.id} /> : <ErrorState message={t('form.noAdId')} />)}
      </RequireUser>
    </Page>
  );
}
