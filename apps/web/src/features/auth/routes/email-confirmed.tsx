import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { homePathFor, paths, safeReturnTo } from '../../../lib/paths';
import { useMe } from '../../../lib/session';

// Mantine's coloured alert titles fail AA contrast: the title uses body text colour (as components/notice.tsx).
const TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Where the link in the confirmation email lands (better-auth adds ?error= when it did not work). */
export default function EmailConfirmedScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const [params] = useSearchParams();
  const { user } = useMe();
  const failed = params.has('error');
  // Signed up on the way somewhere: the link carries that place, signed; /continue (the server)
  // checks the signature and goes there, where the pending action completes (decision 0069).
  const next = params.get('next');
  const sig = params.get('sig');
  const onward = next && sig ? paths.continue.to(next, sig) : null;
  return (
    <Page title={failed ? t('auth:emailLinkFailedTitle') : t('auth:emailConfirmedTitle')} size="xs">
      <Paper withBorder p="lg">
        <Stack>
          <Alert
            color={failed ? 'red' : 'green'}
            role={failed ? 'alert' : 'status'}
            title={failed ? t('auth:emailLinkFailedTitle') : t('auth:emailConfirmedTitle')}
            styles={TITLE}
          >
            <Text size="sm">{failed ? t('auth:emailLinkFailedText') : t('auth:emailConfirmedText')}</Text>
          </Alert>
          {user && onward ? (
            // A server address, not a screen: a full page load.
            <Button component="a" href={onward}>
              {t('auth:continue')}
            </Button>
          ) : user ? (
            // Where sign-up used to land them: an employer's home has the way to post a job.
            <Button component={Link} to={user.role === 'employer' ? paths.employerHome.to() : homePathFor(user.role, user.previousRole)}>
              {t('auth:continue')}
            </Button>
          ) : (
            <Button component={Link} to={paths.login.to(safeReturnTo(next) ?? undefined)}>
              {t('nav.logIn')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Page>
  );
}
