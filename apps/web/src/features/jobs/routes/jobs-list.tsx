import { Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useJobs } from '../api/get-jobs';
import { pagedItems } from '../../../lib/paged';
import { JobCard } from '../components/job-card';
import { JobFiltersPanel } from '../components/job-filters';
import { LoadMore } from '../../../components/load-more';
import { useJobFilters } from '../components/use-job-filters';

/** /jobs and /browse-jobs: newest first, filtered through the URL, one page at a time. */
export default function JobsListScreen() {
  const { t } = useTranslation('jobs');
  const { filters } = useJobFilters();
  const query = useJobs(filters);
  const jobs = pagedItems(query.data);
  // keepPreviousData: the old results stay while the new filter loads.
  const refreshing = query.isPlaceholderData && query.isFetching;

  return (
    <Page title={t('listTitle')} size="lg">
      <JobFiltersPanel />
      <Group justify="flex-end" h={20} mt={-16} mb={4} role="status" aria-live="polite">
        {refreshing && (
          <Group gap={6}>
            <Loader size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('updating')}
            </Text>
          </Group>
        )}
      </Group>
      <div aria-busy={query.isFetching}>
        {query.isPending ? (
          <LoadingState label={t('loadingJobs')} />
        ) : query.isError && !jobs.length ? (
          <ErrorState message={t('loadJobsFailed')} onRetry={() => void query.refetch()} />
        ) : jobs.length === 0 ? (
          <EmptyState message={t('noJobs')} />
        ) : (
          <>
            <Stack gap="sm" component="section" aria-label={t('listTitle')}>
              {jobs.map((job) => (
                <JobCard key={job.id} job={job} />
              ))}
            </Stack>
            {query.isFetchNextPageError && <ErrorState message={t('loadJobsFailed')} onRetry={() => void query.fetchNextPage()} />}
            <LoadMore
              hasNextPage={query.hasNextPage && !query.isFetchNextPageError}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={query.fetchNextPage}
              label={t('loadMore')}
              loadingLabel={t('loadingMore')}
              doneLabel={jobs.length > 20 ? t('allLoaded') : undefined}
            />
          </>
        )}
      </div>
    </Page>
  );
}
