import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { HomeScreen, SignedInOnly } from '../components/home-screen';

/** Spec: Employer home, 'Welcome, {name}!' (fallback Employer) and the static consultant note. */
export default function EmployerHome() {
  const { t } = useTranslation('homes');
  return (
    <SignedInOnly>
      {(user) => (
        <HomeScreen
          greeting={t('greeting', { name: user.fullName.trim() || t('employer.fallbackName') })}
          intro={t('employer.intro')}
          actions={[
            { to: '/browse-ads', label: t('actions.browseAds') },
            { to: '/post-ad', label: t('actions.postAd') },
            { to: '/post-job', label: t('actions.postJob'), primary: true },
            { to: '/jobs', label: t('actions.browseJobs') },
            { to: '/employer/dashboard', label: t('actions.jobListings') },
            { to: paths.scheduleInterview.to(), label: t('actions.scheduleInterview') },
            { to: paths.scheduledInterviews.to(), label: t('actions.scheduledInterviews') },
          ]}
          note={t('employer.consultantNote')}
        />
      )}
    </SignedInOnly>
  );
}
