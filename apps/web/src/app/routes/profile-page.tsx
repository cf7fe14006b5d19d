import ProfileScreen from '../../features/profiles/routes/profile';
import { ConsultantSection } from '../../features/consultants/components/consultant-section';

/**
 * The profile screen composed with the consultant block (rating, contact, reviews): features never
 * import each other, so the app puts them on one page. The block shows only for consultants.
 */
export default function ProfilePage() {
  return (
    <>
      <ProfileScreen />
      <ConsultantSection />
    </>
  );
}
