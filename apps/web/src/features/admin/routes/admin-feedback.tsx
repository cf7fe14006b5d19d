import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format-date';
import { useAdminFeedback } from '../api/get-content';

function FeedbackList() {
  const { t, i18n } = useTranslation('admin');
  const feedback = useAdminFeedback();
  const items = feedback.data?.pages.flatMap((p) => p.items) ?? [];
  if (feedback.isPending) return <LoadingState label={t('feedbackPage.loading')} />;
  if (feedback.isError && !items.length) return <ErrorState message={t('feedbackPage.loadFailed')} onRetry={() => void feedback.refetch()} />;
  if (!items.length) return <EmptyState message={t('feedbackPage.empty')} />;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((f) => (
        <Paper component="li" key={f.id} withBorder p="md">
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{f.message}</Text>
          <Text size="sm" c="dimmed" mt="xs" style={{ wordBreak: 'break-all' }}>
            {f.name ? `${f.name} · ` : ''}
            {f.email ?? t('feedbackPage.anonymous')} · <time dateTime={f.createdAt}>{formatDate(f.createdAt, i18n.language, true)}</time>
          </Text>
        </Paper>
      ))}
      <LoadMore query={feedback} label={t('users.loadMore')} loadingLabel={t('users.loadingMore')} />
    </Stack>
  );
}

/** /admin-feedback: 'User Feedback & Suggestions', newest first. */
export default function AdminFeedbackScreen() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('feedbackPage.title')}>
      <RequireUser signedOut={t('signedOut')} roles={['admin']} wrongRole={t('adminsOnly')}>
        {() => <FeedbackList />}
      </RequireUser>
    </Page>
  );
}
