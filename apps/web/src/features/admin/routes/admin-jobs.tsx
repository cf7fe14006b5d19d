import '@mantine/core/styles/Table.css';
import { Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAdminJobs } from '../api/get-content';

function JobsTable() {
  const { t } = useTranslation('admin');
  const jobs = useAdminJobs();
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];
  if (jobs.isPending) return <LoadingState label={t('loading')} />;
  if (jobs.isError && !items.length) return <ErrorState message={t('jobsPage.loadFailed')} onRetry={() => void jobs.refetch()} />;
  if (!items.length) return <EmptyState message={t('jobsPage.empty')} />;
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobsPage.jobTitle')}</Table.Th>
              <Table.Th>{t('jobsPage.category')}</Table.Th>
              <Table.Th>{t('jobsPage.location')}</Table.Th>
              <Table.Th>{t('jobsPage.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((j) => (
              <Table.Tr key={j.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{j.title}</Table.Td>
                <Table.Td>{j.category}</Table.Td>
                <Table.Td>{j.country}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={j.paid ? 'teal.9' : 'dark'}>
                    {j.paid ? t('jobsPage.paid') : t('content.markPaid')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore
        hasNextPage={jobs.hasNextPage}
        isFetchingNextPage={jobs.isFetchingNextPage}
        fetchNextPage={jobs.fetchNextPage}
        label={t('users.loadMore')}
        loadingLabel={t('users.loadingMore')}
      />
    </>
  );
}

/** /admin/jobs: title, category, location of every job. */
export default function AdminJobsScreen() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('jobsPage.title')} size="lg">
      <RequireUser signedOut={t('signedOut')} roles={['admin']} wrongRole={t('adminsOnly')}>
        {() => <JobsTable />}
      </RequireUser>
    </Page>
  );
}
