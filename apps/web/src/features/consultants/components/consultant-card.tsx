import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsultantCard as Consultant } from '@caribconnect/shared';
import { ReportButton } from '../../../components/report/report-button';
import { UserAvatar } from '../../../components/user-avatar';
import { useMe } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { useCountryName } from '../../../lib/country-name';
import { ContactButton } from './contact-button';
import { RatingSummary } from './rating-summary';
import classes from './consultants.module.css';

/**
 * One consultant. 'find' (Find a Consultant): photo, name, specialty, location, contact, bio.
 * 'hire' (Hire a Consultant): avatar, name, specialty, location, contact, email, rating, Message and View Profile.
 */
export function ConsultantCard({ consultant: c, variant }: { consultant: Consultant; variant: 'find' | 'hire' }) {
  const { t } = useTranslation(['consultants', 'moderation']);
  const countryName = useCountryName();
  const { user } = useMe();
  const row = (label: string, value: React.ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <Card component="article" withBorder padding="md" className={classes.card} aria-labelledby={`consultant-${c.userId}`}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <UserAvatar
          name={c.fullName}
          src={c.photoUrl}
          alt={t('card.photoAlt', { name: c.fullName })}
          size={72}
          // 160 px covers the 72 px circle up to 2x; a 3x screen takes the 320 px photo.
          imageProps={
            c.photoSmallUrl
              ? { srcSet: `${c.photoSmallUrl} 160w, ${c.photoUrl} 320w`, sizes: '72px', loading: 'lazy', decoding: 'async', width: 72, height: 72 }
              : undefined
          }
        />
        <Stack gap={2} miw={0}>
          <Title order={2} size="h4" id={`consultant-${c.userId}`} className={classes.name}>
            <Anchor component={Link} to={paths.profile.to(c.userId)} c="inherit" fw={700} fz="inherit" underline="hover">
              {c.fullName}
            </Anchor>
          </Title>
          <Text size="sm" fw={600} c="ocean.9">
            {t(`specialties.${c.specialty}`, { defaultValue: c.specialty })}
          </Text>
          {variant === 'hire' && <RatingSummary rating={c.rating} reviewCount={c.reviewCount} />}
        </Stack>
      </Group>
      <dl className={classes.facts}>
        {row(t('card.location'), countryName(c.country))}
        {row(t('card.contact'), c.contactInfo)}
        {variant === 'hire' &&
          c.email &&
          row(
            t('card.email'),
            <Anchor href={`mailto:${c.email}`} inherit>
              {c.email}
            </Anchor>,
          )}
      </dl>
      {variant === 'find' && c.bio && (
        <Text size="sm" lineClamp={3} className={classes.bio}>
          {c.bio}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        {variant === 'hire' && (
          <>
            <Button component={Link} to={paths.inbox.to(c.userId)} variant="light" size="xs" aria-label={t('card.messageLabel', { name: c.fullName })}>
              {t('card.message')}
            </Button>
            <Button component={Link} to={paths.profile.to(c.userId)} variant="default" size="xs" aria-label={t('card.viewProfileLabel', { name: c.fullName })}>
              {t('card.viewProfile')}
            </Button>
          </>
        )}
        <ContactButton consultant={c} size="xs" />
        {user && user.id !== c.userId && (
          <ReportButton itemType="consultant" itemId={c.userId} labelKey="reportConsultant" aria-label={`${t('moderation:reportConsultant')}: ${c.fullName}`} />
        )}
      </Group>
    </Card>
  );
}
