import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type FormEvent } from 'react';
import { COMPANY_ROLES, type CompanyMember, type CompanyRole, type MyCompany } from '@caribconnect/shared';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import classes from '../components/companies.module.css';
import { useErrorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useInvitations, useInvite, useMembers, useMyCompany, useRemoveMember, useRevokeInvitation, useSetRole } from '../api/my-company';

/** Invite by email with a role (owners). */
function InviteForm() {
  const { t } = useTranslation('companies');
  const errorText = useErrorText();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('recruiter');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast(t('team.invited', { email: email.trim() }));
          setEmail('');
        },
        onError: (err) => setError(errorText(err, t('team.inviteFailed'))),
      },
    );
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="team-invite">
      <Title order={2} size="h4" id="team-invite" mb="xs">
        {t('team.inviteHeading')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('team.email')}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
          />
          <NativeSelect
            label={t('team.role')}
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as CompanyRole)}
            data={COMPANY_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            description={t(`roleHints.${role}`)}
          />
          <Group>
            <Button type="submit" loading={invite.isPending}>
              {t('team.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Invitations() {
  const { t, i18n } = useTranslation('companies');
  const errorText = useErrorText();
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  const pending = (invitations.data ?? []).filter((i) => !i.accepted && new Date(i.expiresAt) > new Date());
  if (invitations.isPending) return <LoadingState label={t('team.loadingInvitations')} />;
  if (invitations.error) return <ErrorState message={t('team.loadFailed')} onRetry={() => void invitations.refetch()} />;
  return (
    <section aria-labelledby="team-pending">
      <Title order={2} size="h4" id="team-pending" mb="xs">
        {t('team.pendingHeading')}
      </Title>
      {pending.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('team.noPending')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {pending.map((i) => (
            <Paper component="li" withBorder p="sm" key={i.id}>
              <Group justify="space-between" gap="xs">
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {i.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`roles.${i.role}`)} · {t('team.expires', { date: formatDate(i.expiresAt, i18n.language) })}
                  </Text>
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  aria-label={t('team.withdrawFor', { email: i.email })}
                  loading={revoke.isPending && revoke.variables === i.id}
                  onClick={() =>
                    revoke.mutate(i.id, {
                      onSuccess: () => toast(t('team.withdrawn', { email: i.email })),
                      onError: (err) => toast(errorText(err, t('team.actionFailed')), 'error'),
                    })
                  }
                >
                  {t('team.withdraw')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}

function MemberRow({ member, me, company, owners }: { member: CompanyMember; me: string; company: MyCompany; owners: number }) {
  const { t, i18n } = useTranslation('companies');
  const errorText = useErrorText();
  const setRole = useSetRole();
  const remove = useRemoveMember();
  const [role, setRoleValue] = useState<CompanyRole>(member.role);
  const isOwner = company.myRole === 'owner';
  const self = member.userId === me;
  const name = member.fullName || member.email;
  // The last owner cannot be demoted or leave (the server refuses too; this spares the round trip).
  const lastOwner = member.role === 'owner' && owners <= 1;
  const failed = (err: unknown) => toast(errorText(err, t('team.actionFailed')), 'error');

  const changeRole = () => {
    const apply = () =>
      setRole.mutate({ userId: member.userId, role }, { onSuccess: () => toast(t('team.roleChanged', { name, role: t(`roles.${role}`) })), onError: failed });
    if (role === 'owner')
      modals.openConfirmModal({
        title: t('team.makeOwnerTitle', { name }),
        centered: true,
        children: <Text size="sm">{t('team.makeOwnerBody')}</Text>,
        labels: { confirm: t('team.makeOwner'), cancel: t('team.cancel') },
        onConfirm: apply,
      });
    else apply();
  };

  const transfer = () =>
    modals.openConfirmModal({
      title: t('team.transferTitle', { name }),
      centered: true,
      children: <Text size="sm">{t('team.transferBody', { name })}</Text>,
      labels: { confirm: t('team.transfer'), cancel: t('team.cancel') },
      onConfirm: () =>
        setRole.mutate(
          { userId: member.userId, role: 'owner' },
          {
            onSuccess: () => setRole.mutate({ userId: me, role: 'recruiter' }, { onSuccess: () => toast(t('team.transferred', { name })), onError: failed }),
            onError: failed,
          },
        ),
    });

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: self ? t('team.leaveTitle') : t('team.removeTitle', { name }),
      centered: true,
      children: <Text size="sm">{self ? t('team.leaveBody') : t('team.removeBody', { name })}</Text>,
      labels: { confirm: self ? t('team.leave') : t('team.remove'), cancel: t('team.cancel') },
      confirmProps: { color: 'red' },
      // mutateAsync, not mutate's callbacks: the team's refetch (the mutation's own onSuccess) drops
      // this row, and TanStack Query skips mutate()'s callbacks once their component has unmounted, so
      // the "removed" toast showed only when the toast won the race with the re-render (the e2e flake).
      onConfirm: () =>
        void remove.mutateAsync(member.userId).then(() => {
          toast(self ? t('team.left') : t('team.removed', { name }));
          if (self) window.location.assign(paths.employerDashboard.to());
        }, failed),
    });

  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
              {self && ` ${t('team.you')}`}
            </Text>
            {member.fullName && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('team.since', { date: formatDate(member.createdAt, i18n.language) })}
            </Text>
          </Stack>
          <Badge variant="light" color={member.role === 'owner' ? 'teal' : member.role === 'recruiter' ? 'blue' : 'gray'} tt="none">
            {t(`roles.${member.role}`)}
          </Badge>
        </Group>
        {isOwner && !lastOwner && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            {!self && (
              <>
                <NativeSelect
                  size="xs"
                  label={t('team.roleFor', { name })}
                  value={role}
                  onChange={(e) => setRoleValue(e.currentTarget.value as CompanyRole)}
                  data={COMPANY_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                />
                <Button size="xs" variant="light" disabled={role === member.role} loading={setRole.isPending} onClick={changeRole}>
                  {t('team.changeRole')}
                </Button>
                {member.role !== 'owner' && (
                  <Button size="xs" variant="subtle" onClick={transfer}>
                    {t('team.transfer')}
                  </Button>
                )}
              </>
            )}
            <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={confirmRemove}>
              {self ? t('team.leave') : t('team.remove')}
            </Button>
          </Group>
        )}
        {!isOwner && self && (
          <Group>
            <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={confirmRemove}>
              {t('team.leave')}
            </Button>
          </Group>
        )}
        {isOwner && lastOwner && self && (
          <Text size="xs" c="dimmed">
            {t('team.lastOwner')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Team({ userId }: { userId: string }) {
  const { t } = useTranslation('companies');
  const company = useMyCompany();
  const members = useMembers();
  if (company.isPending || members.isPending) return <LoadingState label={t('team.loading')} />;
  if (company.error || members.error || !company.data) {
    return <ErrorState message={t('team.loadFailed')} onRetry={() => void Promise.all([company.refetch(), members.refetch()])} />;
  }
  const owners = (members.data ?? []).filter((m) => m.role === 'owner').length;
  const isOwner = company.data.myRole === 'owner';
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap">
        <Text className={classes.named}>
          {t('team.yourRole', { company: company.data.name })}{' '}
          <Badge variant="light" tt="none">
            {t(`roles.${company.data.myRole}`)}
          </Badge>
        </Text>
        <Anchor component={Link} to={paths.company.to(company.data.slug)} size="sm">
          {t('team.publicPage')}
        </Anchor>
        {isOwner && (
          <Anchor component={Link} to={paths.companySettings.to()} size="sm">
            {t('edit.title')}
          </Anchor>
        )}
      </Group>
      {!isOwner && (
        <Text size="sm" c="dimmed">
          {t('team.ownersOnly')}
        </Text>
      )}
      <section aria-labelledby="team-members">
        <Title order={2} size="h4" id="team-members" mb="xs">
          {t('team.membersHeading', { count: members.data.length })}
        </Title>
        {members.data.length === 0 ? (
          <EmptyState message={t('team.noMembers')} />
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {members.data.map((m) => (
              <MemberRow key={m.userId} member={m} me={userId} company={company.data} owners={owners} />
            ))}
          </Stack>
        )}
      </section>
      {isOwner && <InviteForm />}
      {isOwner && <Invitations />}
    </Stack>
  );
}

/** /employer/team: the company's members with their roles; owners invite, change roles, remove and transfer ownership. */
export default function TeamScreen() {
  const { t } = useTranslation('companies');
  return (
    <Page title={t('team.title')} size="sm">
      <RequireUser signedOut={t('team.signedOut')} roles={['employer']} wrongRole={t('team.employersOnly')}>
        {(user) => <Team userId={user.id} />}
      </RequireUser>
    </Page>
  );
}
