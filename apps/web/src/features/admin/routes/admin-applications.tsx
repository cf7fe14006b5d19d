import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAdminApplications } from '../api/get-content';

function ApplicationsTable() {
  const { t } = useTranslation('admin');
  const apps = useAdminApplications();
  const items = apps.data?.pages.flatMap((p) => p.items) ?? [];
  if (apps.isPending) return <LoadingState label={t('loading')} />;
  if (apps.isError && !items.length) return <ErrorState message={t('applicationsPage.loadFailed')} onRetry={() => void apps.refetch()} />;
  if (!items.length) return <EmptyState message={t('applicationsPage.empty')} />;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('applicationsPage.jobTitle')}</Table.Th>
              <Table.Th>{t('applicationsPage.applicant')}</Table.Th>
              <Table.Th>{t('applicationsPage.coverLetter')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.jobTitle}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{a.applicantEmail}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.coverLetter}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore
        hasNextPage={apps.hasNextPage}
        isFetchingNextPage={apps.isFetchingNextPage}
        fetchNextPage={apps.fetchNextPage}
        label={t('users.loadMore')}
        loadingLabel={t('users.loadingMore')}
      />
    </>
  );
}

/** /admin/applications: job title, applicant email, cover letter of every application. */
export default function AdminApplicationsScreen() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('applicationsPage.title')} size="lg">
      <RequireUser signedOut={t('signedOut')} roles={['admin']} wrongRole={t('adminsOnly')}>
        {() => <ApplicationsTable />}
      </RequireUser>
    </Page>
  );
}
