import { ConsultantSection } from '../../features/consultants/components/consultant-section';
import ProfileScreen from '../../features/profiles/routes/profile';
import { ResumeBlock } from '../../features/resumes/components/resume-block';

/**
 * /profile and /profile/{userId}: the profile screen with the person's latest resume and, for a
 * consultant, their rating, contact and reviews. Features never import each other, so the app
 * composes them here.
 */
export default function ProfilePage() {
  return (
    <>
      <ProfileScreen extra={(profile, viewer) => <ResumeBlock userId={profile.id} isOwner={viewer === 'owner'} />} />
      <ConsultantSection />
    </>
  );
}
