import ProfileScreen from '../../features/profiles/routes/profile';
import { ResumeBlock } from '../../features/resumes/components/resume-block';

/** The profile screen with the person's latest resume below it: two features composed by the app. */
export default function ProfileWithResume() {
  return <ProfileScreen extra={(profile, viewer) => <ResumeBlock userId={profile.id} isOwner={viewer === 'owner'} />} />;
}
