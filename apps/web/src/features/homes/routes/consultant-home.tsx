import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { HomeScreen } from '../components/home-screen';

/** Spec: Consultant home, 'Welcome, {name}!' (fallback Consultant). */
export default function ConsultantHome() {
  const { t } = useTranslation('homes');
  return (
    <RequireUser signedOut={t('signedOut')} frame={(gate) => <Page title={t('common:nav.home')}>{gate}</Page>}>
      {(user) => (
        <HomeScreen
          greeting={t('greeting', { name: user.fullName.trim() || t('consultant.fallbackName') })}
          intro={t('consultant.intro')}
          actions={[
            { to: paths.consultantDashboard.to(), label: t('actions.consultantDashboard'), primary: true },
            { to: paths.consultantProfile.to(), label: t('actions.consultantProfile') },
            // Consultants were job seekers and may still apply for jobs (decision 0015).
            { to: paths.jobs.to(), label: t('actions.browseJobs') },
            { to: paths.myApplications.to(), label: t('actions.myApplications') },
            { to: paths.myInterviews.to(), label: t('actions.myInterviews') },
          ]}
        />
      )}
    </RequireUser>
  );
}
