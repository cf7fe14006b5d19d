import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { useAllRequests } from '../api/get-all-requests';
import { RequestList } from '../components/request-list';

/** /client-requests: every request, newest first; admins only (the server checks it too). */
export default function ClientRequestsScreen() {
  const { t } = useTranslation('consultants');
  return (
    <Page title={t('requests.allTitle')}>
      <RequireUser signedOut={t('requests.signedOut')} roles={['admin']} wrongRole={t('requests.adminOnly')}>
        {() => <AllRequests />}
      </RequireUser>
    </Page>
  );
}

function AllRequests() {
  const { t } = useTranslation('consultants');
  return <RequestList query={useAllRequests()} empty={t('requests.allEmpty')} showConsultant label={t('requests.allTitle')} />;
}
