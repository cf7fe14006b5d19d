import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { Profile } from '@caribconnect/shared';
import classes from './profile.module.css';
import { paths } from '../../../lib/paths';
import { useCountryName } from '../../../lib/country-name';

/** View mode: the spec's fields, each 'N/A' when empty; contact details for members only. */
export function ProfileDetails({
  profile,
  viewer,
  onEdit,
  focusEdit,
}: {
  profile: Profile;
  viewer: 'owner' | 'member' | 'anonymous';
  onEdit: () => void;
  focusEdit?: boolean;
}) {
  const { t } = useTranslation(['profiles', 'consultants']);
  const countryName = useCountryName();
  const editButton = useRef<HTMLButtonElement>(null);
  // Back from edit mode, keyboard and screen-reader users land where they left, not at the top.
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  const na = (value: string | null | undefined) => (value && value.trim() ? value : t('na'));

  return (
    <Stack gap="lg">
      <dl className={classes.details}>
        {profile.specialty !== null && (
          <div>
            <dt>{t('fields.specialty')}</dt>
            {/* Stored in English, as the consultant cards name it: in the reader's language. */}
            <dd>{profile.specialty ? t(`consultants:specialties.${profile.specialty}`, { defaultValue: profile.specialty }) : t('na')}</dd>
          </div>
        )}
        <div>
          <dt>{t('fields.country')}</dt>
          <dd>{na(countryName(profile.country))}</dd>
        </div>
        {viewer !== 'anonymous' && (
          <>
            <div>
              <dt>{t('fields.phone')}</dt>
              <dd>{profile.phone ? <Anchor href={`tel:${profile.phone}`}>{profile.phone}</Anchor> : t('na')}</dd>
            </div>
            <div>
              <dt>{t('fields.email')}</dt>
              <dd>{profile.email ? <Anchor href={`mailto:${profile.email}`}>{profile.email}</Anchor> : t('na')}</dd>
            </div>
          </>
        )}
      </dl>

      <section aria-labelledby="profile-about">
        <Title order={2} size="h4" id="profile-about" mb={4}>
          {t('about')}
        </Title>
        <Text className={classes.bio}>{na(profile.bio)}</Text>
      </section>

      {viewer === 'anonymous' && (
        <Stack gap={6} align="flex-start">
          <Text size="sm" c="dimmed">
            {t('contactHidden')}
          </Text>
          <Button component={Link} to={paths.login.to()}>
            {t('logInToConnect')}
          </Button>
        </Stack>
      )}

      {viewer === 'owner' && (
        <Group gap="sm">
          <Button onClick={onEdit} ref={editButton}>
            {t('edit')}
          </Button>
          <Button component={Link} to={paths.viewResume.to()} variant="light">
            {t('viewResume')}
          </Button>
        </Group>
      )}

      {viewer === 'member' && (
        <Group gap="sm">
          <Button component={Link} to={paths.sendMessage.to(profile.id)} variant="light">
            {t('sendMessage')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
