import '@mantine/core/styles/Code.css';
import { Button, Code } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { FailedQueueJob } from '@caribconnect/shared';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format-date';
import { useErrorText } from '../../../lib/errors';
import { useFailedJobs, useRetryJob } from '../api/failed-jobs';
import { AdminRows, breakAll, type Column } from './admin-table';

/**
 * Inside the dashboard's "Failed background jobs" toggle. Background jobs (emails first) that used every try: what, to whom, how often, why, and a Retry.
 * The server caps the list at the newest 100; it is short by nature, so it is not paged.
 */
export function FailedJobs() {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText();
  const jobs = useFailedJobs();
  const retry = useRetryJob();

  const columns: Column<FailedQueueJob>[] = [
    { header: t('queue.kind'), cell: (j) => t(`queue.kinds.${j.kind}`, { defaultValue: j.kind }) },
    { header: t('queue.summary'), cell: (j) => j.summary || '—', style: breakAll },
    { header: t('queue.attempts'), cell: (j) => j.attempts },
    { header: t('queue.error'), cell: (j) => <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{j.error || '—'}</Code> },
    { header: t('queue.failedAt'), cell: (j) => (j.failedAt ? formatDate(j.failedAt, i18n.language, true) : '—') },
    {
      header: t('queue.actions'),
      bare: true,
      cell: (j) => (
        <Button
          size="xs"
          variant="light"
          loading={retry.isPending && retry.variables === j.id}
          aria-label={t('queue.retryLabel', { summary: j.summary || j.kind })}
          onClick={() =>
            retry.mutate(j.id, {
              onSuccess: () => toast(t('queue.retried')),
              onError: (err) => toast(t('queue.retryFailed', { message: errorText(err) }), 'error'),
            })
          }
        >
          {t('queue.retry')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {jobs.isPending ? (
        <LoadingState label={t('queue.loading')} />
      ) : jobs.isError ? (
        <ErrorState message={t('queue.loadFailed')} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <EmptyState message={t('queue.empty')} />
      ) : (
        <AdminRows items={jobs.data} columns={columns} label={t('queue.heading')} fontSize="sm" />
      )}
    </>
  );
}
