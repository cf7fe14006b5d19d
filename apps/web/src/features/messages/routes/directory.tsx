import { Paper } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { UserIdentity } from '../components/user-row';
import { UserSearch } from '../components/user-search';
import classes from '../components/messages.module.css';

/** User Directory (/directory): every row opens that person's profile. */
export default function DirectoryScreen() {
  const { t } = useTranslation('messages');
  return (
    <Page title={t('directoryTitle')}>
      <RequireUser signedOut={t('signedOut')}>
        {() => (
          <UserSearch label={t('directorySearchLabel')} placeholder={t('directoryPlaceholder')}>
            {(user) => (
              <Paper withBorder p="sm" component={Link} to={paths.profile.to(user.id)} className={classes.userRow}>
                <UserIdentity user={user} roleAsLabel />
              </Paper>
            )}
          </UserSearch>
        )}
      </RequireUser>
    </Page>
  );
}
