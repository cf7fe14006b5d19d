import { useTranslation } from 'react-i18next';
import { firstName, HomeScreen, SignedInOnly } from '../components/home-screen';

/** Spec: Job seeker home, greeting with the first name (fallback User). */
export default function JobSeekerHome() {
  const { t } = useTranslation('homes');
  return (
    <SignedInOnly>
      {(user) => (
        <HomeScreen
          greeting={t('greeting', { name: firstName(user.fullName) || t('jobSeeker.fallbackName') })}
          intro={t('jobSeeker.intro')}
          actions={[
            { to: '/browse-ads', label: t('actions.browseAds') },
            { to: '/post-ad', label: t('actions.postAd') },
            { to: '/jobs', label: t('actions.browseJobs'), primary: true },
            { to: '/my-applications', label: t('actions.myApplications') },
            { to: '/profile', label: t('actions.myProfile') },
            { to: '/resume-builder', label: t('actions.buildResume') },
            { to: '/my-interviews', label: t('actions.myInterviews') },
            { to: '/logout', label: t('actions.logOut'), danger: true },
          ]}
        />
      )}
    </SignedInOnly>
  );
}
