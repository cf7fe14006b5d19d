import { lazy, Suspense } from 'react';
import { withRetries } from '../../lib/retry';
import ProfileScreen from '../../features/profiles/routes/profile';

// The blocks below the profile are their own chunks: on a slow link the profile arrives (and says it
// is loading) without waiting for their code and catalogs.
const ResumeBlock = lazy(() => withRetries(() => import('../../features/resumes/components/resume-block')).then((m) => ({ default: m.ResumeBlock })));
const ConsultantSection = lazy(() =>
  withRetries(() => import('../../features/consultants/components/consultant-section')).then((m) => ({ default: m.ConsultantSection })),
);

/**
 * /profile and /profile/{userId}: the profile screen with the person's latest resume and, for a
 * consultant, their rating, contact and reviews. Features never import each other, so the app
 * composes them here.
 */
export default function ProfilePage() {
  return (
    <ProfileScreen
      extra={(profile, viewer) => (
        <Suspense fallback={null}>
          <ResumeBlock userId={profile.id} isOwner={viewer === 'owner'} />
          {/* The profile already says whether there is a consultant record (its specialty): nobody else is asked. */}
          {profile.specialty !== null && <ConsultantSection userId={profile.id} />}
        </Suspense>
      )}
    />
  );
}
