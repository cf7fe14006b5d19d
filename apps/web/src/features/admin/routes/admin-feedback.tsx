import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { formatDate } from '../../../lib/format-date';
import { useAdminFeedback } from '../api/get-content';
import { AdminTable, Breakable, wrapAnywhere } from '../components/admin-table';

function FeedbackList() {
  const { t, i18n } = useTranslation('admin');
  return (
    <AdminTable
      query={useAdminFeedback()}
      label={t('feedbackPage.title')}
      loading={t('feedbackPage.loading')}
      loadFailed={t('feedbackPage.loadFailed')}
      empty={t('feedbackPage.empty')}
      columns={[
        { header: t('feedbackPage.message'), cell: (f) => f.message, style: { ...wrapAnywhere, whiteSpace: 'pre-wrap' } },
        { header: t('feedbackPage.name'), cell: (f) => f.name || '—', style: wrapAnywhere },
        { header: t('feedbackPage.email'), cell: (f) => (f.email ? <Breakable text={f.email} /> : t('feedbackPage.anonymous')) },
        { header: t('feedbackPage.submitted'), cell: (f) => <time dateTime={f.createdAt}>{formatDate(f.createdAt, i18n.language, true)}</time> },
      ]}
    />
  );
}

/** /admin-feedback: 'User Feedback & Suggestions', newest first. */
export default function AdminFeedbackScreen() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('feedbackPage.title')} size="lg">
      <RequireUser signedOut={t('signedOut')} roles={['admin']} wrongRole={t('adminsOnly')}>
        {() => <FeedbackList />}
      </RequireUser>
    </Page>
  );
}
