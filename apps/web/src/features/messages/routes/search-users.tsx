import { Button, Group, Paper } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { UserIdentity } from '../components/user-row';
import { UserSearch } from '../components/user-search';
import classes from '../components/messages.module.css';

/** Search Users (/search-users): other people by name, with View Profile and Message. */
export default function SearchUsersScreen() {
  const { t } = useTranslation('messages');
  return (
    <Page title={t('searchTitle')}>
      <RequireUser signedOut={t('signedOut')}>
        {() => (
          <UserSearch label={t('searchLabel')} placeholder={t('searchPlaceholder')}>
            {(user) => (
              <Paper withBorder p="sm" component="article" aria-label={user.fullName || t('unknownUser')}>
                <Group justify="space-between" gap="sm">
                  <div className={classes.userRow} style={{ flex: 1, minWidth: 200 }}>
                    <UserIdentity user={user} />
                  </div>
                  <Group gap="xs">
                    <Button component={Link} to={paths.profile.to(user.id)} variant="default" size="xs">
                      {t('viewProfile')}
                    </Button>
                    <Button component={Link} to={paths.sendMessage.to(user.id)} size="xs">
                      {t('message')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            )}
          </UserSearch>
        )}
      </RequireUser>
    </Page>
  );
}
