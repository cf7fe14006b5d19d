import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useJobs } from '../api/get-jobs';
import { pagedItems } from '../../../lib/paged';
import { JobCard } from '../components/job-card';
import { JobFiltersPanel } from '../components/job-filters';
import { LoadMore } from '../../../components/load-more';
import { useJobFilters } from '../components/use-job-filters';
import { RefreshingStatus } from '../../../components/refreshing-status';

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
      <RefreshingStatus active={refreshing} label={t('updating')} />
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
