import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { useAdminApplications } from '../api/get-content';
import { AdminTable, Breakable, wrapAnywhere } from '../components/admin-table';

function ApplicationsTable() {
  const { t } = useTranslation('admin');
  return (
    <AdminTable
      query={useAdminApplications()}
      label={t('applicationsPage.title')}
      loadFailed={t('applicationsPage.loadFailed')}
      empty={t('applicationsPage.empty')}
      columns={[
        { header: t('applicationsPage.jobTitle'), cell: (a) => a.jobTitle, style: wrapAnywhere },
        { header: t('applicationsPage.applicant'), cell: (a) => <Breakable text={a.applicantEmail} /> },
        { header: t('applicationsPage.coverLetter'), cell: (a) => a.coverLetter, style: { ...wrapAnywhere, whiteSpace: 'pre-wrap' } },
      ]}
    />
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
