import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { homePathFor, paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';

// Mantine's coloured alert titles fail AA contrast: the title uses body text colour (as components/notice.tsx).
const TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Where the link in the confirmation email lands (better-auth adds ?error= when it did not work). */
export default function EmailConfirmedScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const [params] = useSearchParams();
  const { user } = useMe();
  const failed = params.has('error');
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
          {user ? (
            // Where sign-up used to land them: an employer's home has the way to post a job.
            <Button component={Link} to={user.role === 'employer' ? paths.employerHome.to() : homePathFor(user.role, user.previousRole)}>
              {t('auth:continue')}
            </Button>
          ) : (
            <Button component={Link} to={paths.login.to()}>
              {t('nav.logIn')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Page>
  );
}
