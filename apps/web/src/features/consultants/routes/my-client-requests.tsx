import { Anchor } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { useMyRequests } from '../api/get-my-requests';
import { useMarkRequestsSeen } from '../api/mark-requests-seen';
import { RequestList } from '../components/request-list';

/** /consultant/client-requests: the signed-in consultant's own requests, newest first. */
export default function MyClientRequestsScreen() {
  const { t } = useTranslation('consultants');
  return (
    <Page title={t('requests.title')}>
      <RequireUser signedOut={t('requests.signedOut')}>{() => <MyRequests />}</RequireUser>
    </Page>
  );
}

function MyRequests() {
  const { t } = useTranslation('consultants');
  const query = useMyRequests();
  const markSeen = useMarkRequestsSeen();
  const newest = query.data?.pages[0]?.items[0]?.createdAt;
  const { mutate } = markSeen;
  // What has been shown stops counting as new on the dashboard.
  useEffect(() => {
    if (newest) mutate(newest);
  }, [newest, mutate]);

  return (
    <>
      <Anchor component={Link} to={paths.consultantDashboard.to()} size="sm" mb="md" display="inline-block">
        {t('requests.backToDashboard')}
      </Anchor>
      <RequestList query={query} empty={t('requests.empty')} label={t('requests.title')} />
    </>
  );
}
