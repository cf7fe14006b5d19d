import { Anchor, Group } from '@mantine/core';
import { Link } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { paths } from '../../lib/paths';
import { lazy, Suspense } from 'react';
import { ReportButton } from '../../components/report/report-button';
import { withRetries } from '../../lib/retry';
import ProfileScreen from '../../features/profiles/routes/profile';

// The blocks below the profile are their own chunks: on a slow link the profile arrives (and says it
// is loading) without waiting for their code and catalogs.
const ResumeBlock = lazy(() => withRetries(() => import('../../features/resumes/components/resume-block')).then((m) => ({ default: m.ResumeBlock })));
// Block is for signed-in readers only: its dialog and requests are not part of the public profile's code.
const BlockButton = lazy(() => withRetries(() => import('../../components/block-button')).then((m) => ({ default: m.BlockButton })));
const ConsultantSection = lazy(() =>
  withRetries(() => import('../../features/consultants/components/consultant-section')).then((m) => ({ default: m.ConsultantSection })),
);

/**
 * /profile and /profile/{userId}: the profile screen with the person's latest resume and, for a
 * consultant, their rating, contact and reviews. Features never import each other, so the app
 * composes them here.
 */
function SettingsLinks() {
  const { t } = useTranslation(['moderation', 'security', 'notifications']);
  return (
    <Group justify="flex-end" gap="md" mt="xs">
      <Anchor component={Link} to={paths.securitySettings.to()} size="sm">
        {t('security:title')}
      </Anchor>
      <Anchor component={Link} to={paths.notificationSettings.to()} size="sm">
        {t('notifications:settingsLink')}
      </Anchor>
      <Anchor component={Link} to={paths.blockedPeople.to()} size="sm">
        {t('moderation:blocks.link')}
      </Anchor>
    </Group>
  );
}

export default function ProfilePage() {
  return (
    <ProfileScreen
      extra={(profile, viewer) => (
        <Suspense fallback={null}>
          {viewer === 'owner' && <SettingsLinks />}
          {viewer === 'member' && (
            <Group justify="flex-end" gap="xs" mt="xs">
              <ReportButton itemType="profile" itemId={profile.id} />
              {profile.specialty !== null && <ReportButton itemType="consultant" itemId={profile.id} labelKey="reportConsultant" />}
              <BlockButton userId={profile.id} name={profile.fullName} />
            </Group>
          )}
          <ResumeBlock userId={profile.id} isOwner={viewer === 'owner'} />
          {/* The profile already says whether there is a consultant record (its specialty): nobody else is asked. */}
          {profile.specialty !== null && <ConsultantSection userId={profile.id} />}
        </Suspense>
      )}
    />
  );
}
