import { Badge, Flex, Group, Paper, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { isJobSeeker, type Profile } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { ErrorState, LoadingState } from '../../../components/states';
import { RequireUser } from '../../../components/require-user';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { ProfileAvatar } from '../components/profile-avatar';
import { ProfileDetails } from '../components/profile-details';
import { ProfileEditForm } from '../components/profile-edit-form';

export type ProfileViewer = 'owner' | 'member' | 'anonymous';
type Extra = (profile: Profile, viewer: ProfileViewer) => ReactNode;

/**
 * Spec: Profile, at /profile (your own) and /profile/{userId} (anyone's). `extra` is what the app
 * composes below the card from other features (the latest resume), which this one does not import.
 */
export default function ProfileScreen({ extra }: { extra?: Extra }) {
  const { t } = useTranslation('profiles');
  const { userId } = useParams();
  if (userId) return <ProfileOf userId={userId} extra={extra} />;
  return (
    <RequireUser
      signedOut={t('signInPrompt')}
      frame={(gate) => (
        <Page title={t('title')} size="sm">
          {gate}
        </Page>
      )}
    >
      {(me) => <ProfileOf userId={me.id} extra={extra} />}
    </RequireUser>
  );
}

function ProfileOf({ userId, extra }: { userId: string; extra?: Extra }) {
  const { t } = useTranslation('profiles');
  const { user: me } = useMe();
  const query = useProfile(userId);

  if (query.isPending) {
    return (
      <Page title={t('title')}>
        <LoadingState label={t('loading')} />
      </Page>
    );
  }

  if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Page title={t('title')}>
        <ErrorState message={missing ? t('notFound') : t('somethingWrong')} home />
      </Page>
    );
  }

  const profile = query.data;
  const viewer: ProfileViewer = me && me.id === profile.id ? 'owner' : me ? 'member' : 'anonymous';
  return <ProfileCard key={profile.id} profile={profile} viewer={viewer} extra={extra?.(profile, viewer)} />;
}

function ProfileCard({ profile, viewer, extra }: { profile: Profile; viewer: ProfileViewer; extra?: ReactNode }) {
  const { t } = useTranslation('profiles');
  const [editing, setEditing] = useState(false);
  const [leftEdit, setLeftEdit] = useState(false);
  const role = isJobSeeker(profile.role) ? 'jobseeker' : profile.role;
  const roleLabel = t(`roles.${role}`, { defaultValue: '' });

  return (
    <Page title={profile.fullName || t('unnamed')}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Flex direction={{ base: 'column', sm: 'row' }} gap="xl" align={{ base: 'center', sm: 'flex-start' }}>
          <ProfileAvatar profile={profile} isOwner={viewer === 'owner'} />
          <Stack gap="md" w="100%" miw={0}>
            {roleLabel && (
              <Group gap="xs">
                <Badge variant="light" size="lg">
                  {roleLabel}
                </Badge>
              </Group>
            )}
            {editing && viewer === 'owner' ? (
              <ProfileEditForm
                profile={profile}
                onDone={() => {
                  setEditing(false);
                  setLeftEdit(true);
                }}
              />
            ) : (
              <ProfileDetails profile={profile} viewer={viewer} onEdit={() => setEditing(true)} focusEdit={leftEdit} />
            )}
          </Stack>
        </Flex>
      </Paper>
      {extra}
    </Page>
  );
}
