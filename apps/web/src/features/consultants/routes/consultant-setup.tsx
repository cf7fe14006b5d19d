import { Text } from '@mantine/core';
import { Navigate, useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { SessionUser } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { paths } from '../../../lib/paths';
import { useMyConsultant } from '../api/get-my-consultant';
import { ConsultantEditor } from '../components/consultant-editor';

/**
 * Consultant setup, both variants: a person who already has a record goes to the dashboard;
 * otherwise the form, and after saving the dashboard too (spec section 4).
 */
function Setup({ variant, user }: { variant: 'phone' | 'bio'; user: SessionUser }) {
  const { t } = useTranslation('consultants');
  const navigate = useNavigate();
  const mine = useMyConsultant();

  if (mine.isPending) return <LoadingState label={t('dashboard.loading')} />;
  if (mine.data) return <Navigate to={paths.consultantDashboard.to()} replace />;
  // null is "none yet": the form. Anything else is a failure to read.
  if (mine.data !== null) return <ErrorState message={t('dashboard.loadFailed')} onRetry={() => void mine.refetch()} />;
  return (
    <>
      <Text c="dimmed" mb="md">
        {t('setup.intro')}
      </Text>
      <ConsultantEditor
        variant={variant}
        email={user.email}
        defaultName={user.fullName}
        onSaved={() => {
          toast(t('setup.saved'));
          navigate(paths.consultantDashboard.to());
        }}
      />
    </>
  );
}

function SetupScreen({ variant }: { variant: 'phone' | 'bio' }) {
  const { t } = useTranslation('consultants');
  return (
    <Page title={variant === 'phone' ? t('setup.titlePhone') : t('setup.titleBio')} size="sm">
      <RequireUser signedOut={t('setup.signedOut')} writes>
        {(user) => <Setup variant={variant} user={user} />}
      </RequireUser>
    </Page>
  );
}

/** /consultant-profile: 'Complete Your Consultant Profile', with a phone. */
export function ConsultantProfileScreen() {
  return <SetupScreen variant="phone" />;
}

/** /consultant-form: 'Complete Consultant Profile', with a short bio instead of the phone. */
export function ConsultantFormScreen() {
  return <SetupScreen variant="bio" />;
}
