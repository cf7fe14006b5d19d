import { Anchor, Badge, Button, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { MyConsultant, SessionUser } from '@caribconnect/shared';
import { Notice } from '../../../components/notice';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../lib/paths';
import { useCountryName } from '../../../lib/country-name';
import { MutedNotice } from '../../../components/muted-notice';
import { useMyConsultant } from '../api/get-my-consultant';
import { ConsultantEditor } from '../components/consultant-editor';
import { RatingSummary } from '../components/rating-summary';
import classes from '../components/consultants.module.css';

/** Spec: Consultant Dashboard, with an Edit action and the count of new client requests. */
export default function ConsultantDashboardScreen() {
  const { t } = useTranslation('consultants');
  return (
    <Page title={t('dashboard.title')}>
      <RequireUser signedOut={t('dashboard.signedOut')}>{(user) => <Dashboard user={user} />}</RequireUser>
    </Page>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  const { t } = useTranslation('consultants');
  const mine = useMyConsultant();
  const [editing, setEditing] = useState(false);
  const [leftEdit, setLeftEdit] = useState(false);
  const stopEditing = () => {
    setEditing(false);
    setLeftEdit(true);
  };

  if (mine.isPending) return <LoadingState label={t('dashboard.loading')} />;
  if (mine.data === null) {
    return <Notice title={t('dashboard.none')} action={{ to: paths.consultantProfile.to(), label: t('dashboard.create') }} />;
  }
  if (!mine.data) return <ErrorState message={t('dashboard.loadFailed')} onRetry={() => void mine.refetch()} />;
  // A muted consultant may read their card but not save it: told so instead of a form the server refuses.
  if (editing && user.role === 'muted') return <MutedNotice />;
  if (editing) {
    return (
      <>
        <Title order={2} size="h3" mb="md">
          {t('setup.editTitle')}
        </Title>
        <ConsultantEditor
          variant="edit"
          email={user.email}
          current={mine.data}
          onSaved={() => {
            toast(t('setup.saved'));
            stopEditing();
          }}
          onCancel={stopEditing}
        />
      </>
    );
  }
  return <Overview consultant={mine.data} onEdit={() => setEditing(true)} focusEdit={leftEdit} />;
}

function Overview({ consultant: c, onEdit, focusEdit }: { consultant: MyConsultant; onEdit: () => void; focusEdit: boolean }) {
  const { t } = useTranslation('consultants');
  const countryName = useCountryName();
  const editButton = useRef<HTMLButtonElement>(null);
  // Back from editing, keyboard users land on Edit again rather than at the top of the page.
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  const na = (value: string) => (value.trim() ? value : '—');

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Flex direction={{ base: 'column', sm: 'row' }} gap="xl" align={{ base: 'center', sm: 'flex-start' }}>
          <UserAvatar name={c.fullName} src={c.photoUrl} alt={t('card.photoAlt', { name: c.fullName })} size={128} />
          <Stack gap="sm" w="100%" miw={0}>
            <Title order={2} size="h3">
              {t('dashboard.welcome', { name: c.fullName.trim() || t('dashboard.fallbackName') })}
            </Title>
            <Group gap="xs">
              <Badge variant="light" size="lg" tt="none">
                {t(`specialties.${c.specialty}`, { defaultValue: c.specialty })}
              </Badge>
            </Group>
            <RatingSummary rating={c.rating} reviewCount={c.reviewCount} size="md" />
            <dl className={classes.facts}>
              <div>
                <dt>{t('card.location')}</dt>
                <dd>{countryName(c.country)}</dd>
              </div>
              <div>
                <dt>{t('card.contact')}</dt>
                <dd>{na(c.contactInfo)}</dd>
              </div>
              <div>
                <dt>{t('card.email')}</dt>
                <dd>{c.email}</dd>
              </div>
              {c.phone && (
                <div>
                  <dt>{t('card.phone')}</dt>
                  <dd>{c.phone}</dd>
                </div>
              )}
            </dl>
            {c.bio && <Text className={classes.bio}>{c.bio}</Text>}
            <Group gap="sm" mt="xs">
              <Button onClick={onEdit} ref={editButton}>
                {t('dashboard.edit')}
              </Button>
              <Anchor component={Link} to={paths.profile.to(c.userId)} size="sm">
                {t('dashboard.viewPublic')}
              </Anchor>
            </Group>
          </Stack>
        </Flex>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" gap="sm">
          <Text fw={600} role="status">
            {t('dashboard.newRequests', { count: c.newRequestCount })}
          </Text>
          <Button component={Link} to={paths.myClientRequests.to()} variant="light">
            {t('dashboard.viewRequests')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
