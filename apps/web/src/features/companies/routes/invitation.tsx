import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { readingRole } from '@caribconnect/shared/constants/roles';
import { Page } from '../../../components/page';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useFormEcho } from '../../../lib/form-post';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useAcceptInvitation, useInvitation, type InvitationView } from '../api/get-invitation';

/** A button whose words wrap on a phone instead of being cut (the company's name is in them). */
const WRAPPING = { h: 'auto', py: 'xs', styles: { label: { whiteSpace: 'normal', textAlign: 'center' } } } as const;

/** Signed in with the invited address: Join, a real form before scripts (answered by the server's page form). */
function AcceptForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const { t } = useTranslation('companies');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation(token);
  const echo = useFormEcho();
  const [error, setError] = useState<string | null>(echo.error ? errorText(echo.error) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    accept.mutate(undefined, {
      onSuccess: () => {
        void queryClient.invalidateQueries();
        navigate(paths.companyTeam.to());
      },
      onError: (err) => setError(errorText(err, t('invitation.failed'))),
    });
  };
  return (
    <form method="post" action={`/invitations/${encodeURIComponent(token)}`} onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm">{t('invitation.moveHint')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={accept.isPending} {...WRAPPING}>
          {t('invitation.join', { company: invitation.companyName })}
        </Button>
      </Stack>
    </form>
  );
}

/** /invitations/{token}: what the link is for, and the way in for whoever opened it. */
export default function InvitationScreen() {
  const { t, i18n } = useTranslation('companies');
  const errorText = useErrorText();
  const { token = '' } = useParams();
  const { user } = useMe();
  const lookup = useInvitation(token);

  if (lookup.isPending)
    return (
      <Page title={t('invitation.title')} size="xs">
        <LoadingState label={t('invitation.loading')} />
      </Page>
    );
  if (lookup.error || !lookup.data)
    return (
      <Page title={t('invitation.title')} size="xs">
        <ErrorState message={t('invitation.loadFailed')} onRetry={() => void lookup.refetch()} />
      </Page>
    );
  const { invitation, refusal } = lookup.data;
  if (!invitation) {
    return (
      <Page title={t('invitation.title')} size="xs">
        <Paper withBorder p="lg">
          <Stack>
            <Alert color="red" role="alert" title={errorText(new ApiError(refusal.message, refusal.status, refusal.code), refusal.message)}>
              <Text size="sm">{t('invitation.askAgain')}</Text>
            </Alert>
            <Anchor component={Link} to={paths.welcome.to()}>
              {t('invitation.home')}
            </Anchor>
          </Stack>
        </Paper>
      </Page>
    );
  }

  const role = t(`roles.${invitation.role}`);
  const here = paths.invitation.to(token);
  const sameEmail = user && user.email.toLowerCase() === invitation.email.toLowerCase();
  return (
    <Page title={t('invitation.heading', { company: invitation.companyName })} size="xs">
      <Paper withBorder p="lg">
        <Stack>
          <Text>{t('invitation.intro', { company: invitation.companyName, role })}</Text>
          <Text size="sm" c="dimmed">
            {t(`roleHints.${invitation.role}`)}
          </Text>
          <Text size="sm">{t('invitation.sentTo', { email: invitation.email, date: formatDate(invitation.expiresAt, i18n.language) })}</Text>
          <Anchor component={Link} to={paths.company.to(invitation.companySlug)} size="sm">
            {t('invitation.companyPage', { company: invitation.companyName })}
          </Anchor>
          {!user && (
            <Stack gap="xs">
              <Button
                component={Link}
                to={`${paths.signup.to('employer')}&invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(invitation.email)}`}
                {...WRAPPING}
              >
                {t('invitation.signUp')}
              </Button>
              <Text size="sm">
                {t('invitation.haveAccount')}{' '}
                <Anchor component={Link} to={paths.login.to(here)}>
                  {t('invitation.logIn')}
                </Anchor>
              </Text>
            </Stack>
          )}
          {user && !sameEmail && (
            <Alert color="yellow" role="alert" title={t('invitation.otherEmail', { email: invitation.email })}>
              <Anchor component={Link} to={paths.logout.to()} size="sm">
                {t('invitation.switchAccount')}
              </Anchor>
            </Alert>
          )}
          {user && sameEmail && readingRole(user) !== 'employer' && (
            <Alert color="yellow" role="alert">
              {t('invitation.employersOnly')}
            </Alert>
          )}
          {user && sameEmail && readingRole(user) === 'employer' && <AcceptForm token={token} invitation={invitation} />}
        </Stack>
      </Paper>
    </Page>
  );
}
