import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { firstName, HomeScreen } from '../components/home-screen';

/** Spec: Job seeker home, greeting with the first name (fallback User). */
export default function JobSeekerHome() {
  const { t } = useTranslation('homes');
  return (
    <RequireUser signedOut={t('signedOut')} frame={(gate) => <Page title={t('common:nav.home')}>{gate}</Page>}>
      {(user) => (
        <HomeScreen
          greeting={t('greeting', { name: firstName(user.fullName) || t('jobSeeker.fallbackName') })}
          intro={t('jobSeeker.intro')}
          actions={[
            { to: paths.ads.alias, label: t('actions.browseAds') },
            { to: paths.postAd.to(), label: t('actions.postAd') },
            { to: paths.jobs.to(), label: t('actions.browseJobs'), primary: true },
            { to: paths.jobsForYou.to(), label: t('actions.jobsForYou') },
            { to: paths.myApplications.to(), label: t('actions.myApplications') },
            { to: paths.myProfile.to(), label: t('actions.myProfile') },
            { to: paths.resumeBuilder.to(), label: t('actions.buildResume') },
            { to: paths.myInterviews.to(), label: t('actions.myInterviews') },
            { to: paths.logout.to(), label: t('actions.logOut'), danger: true },
          ]}
        />
      )}
    </RequireUser>
  );
}
