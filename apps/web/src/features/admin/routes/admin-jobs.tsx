import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { useAdminJobs } from '../api/get-content';
import { useAwaitingPaymentText } from '../../../lib/awaiting-payment';
import { useCountryName } from '../../../lib/country-name';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { AdminTable, fullWidthBadge, wrapAnywhere } from '../components/admin-table';

function JobsTable() {
  const { t } = useTranslation('admin');
  const countryName = useCountryName();
  const categoryLabel = useJobCategoryLabel();
  const awaiting = useAwaitingPaymentText('job');
  return (
    <AdminTable
      query={useAdminJobs()}
      label={t('jobsPage.title')}
      loadFailed={t('jobsPage.loadFailed')}
      empty={t('jobsPage.empty')}
      columns={[
        { header: t('jobsPage.jobTitle'), cell: (j) => j.title, style: wrapAnywhere },
        { header: t('jobsPage.category'), cell: (j) => categoryLabel(j.category) },
        { header: t('jobsPage.location'), cell: (j) => countryName(j.country) },
        {
          header: t('jobsPage.status'),
          cell: (j) => (
            <Badge variant="outline" style={fullWidthBadge} color={j.paid ? 'teal.9' : 'dark'}>
              {j.paid ? t('jobsPage.paid') : awaiting(j, (price) => t('content.awaiting', { price }))}
            </Badge>
          ),
        },
      ]}
    />
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
