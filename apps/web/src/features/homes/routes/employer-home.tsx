import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { HomeScreen } from '../components/home-screen';

/** Spec: Employer home, 'Welcome, {name}!' (fallback Employer) and the static consultant note; Hire a Consultant is one of its places to go. */
export default function EmployerHome() {
  const { t } = useTranslation('homes');
  return (
    <RequireUser signedOut={t('signedOut')} frame={(gate) => <Page title={t('common:nav.home')}>{gate}</Page>}>
      {(user) => (
        <HomeScreen
          greeting={t('greeting', { name: user.fullName.trim() || t('employer.fallbackName') })}
          intro={t('employer.intro')}
          actions={[
            { to: paths.ads.alias, label: t('actions.browseAds') },
            { to: paths.postAd.to(), label: t('actions.postAd') },
            { to: paths.postJob.to(), label: t('actions.postJob'), primary: true },
            { to: paths.jobs.to(), label: t('actions.browseJobs') },
            { to: paths.employerDashboard.to(), label: t('actions.jobListings') },
            { to: paths.scheduleInterview.to(), label: t('actions.scheduleInterview') },
            { to: paths.scheduledInterviews.to(), label: t('actions.scheduledInterviews') },
            { to: paths.hireConsultant.to(), label: t('actions.hireConsultant') },
          ]}
          note={t('employer.consultantNote')}
        />
      )}
    </RequireUser>
  );
}
