import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import { jobsTotal, useJobs } from '../api/get-jobs';
import { JobCard } from '../components/job-card';
import { JobFiltersPanel } from '../components/job-filters';
import { useJobFilters, useRememberJobsList } from '../components/use-job-filters';
import { RefreshingStatus } from '../../../components/refreshing-status';
import { JobAlertButton } from '../../../components/job-alert-button';
import { pagedItems } from '../../../lib/paged';
import { useSavedIds } from '../../../lib/saved';
import { useMe } from '../../../lib/session';
import { intlLocale } from '../../../lib/language';
import { InTurn } from '../../../lib/hydrate-in-turns';
import { PlainGroup, PlainStack, PlainText } from '../../../components/plain-mantine';
import { NothingFound } from '../components/nothing-found';
import type { JobPage } from '@caribconnect/shared';

/** /jobs and /browse-jobs: newest first, filtered through the URL, one page at a time. */
export default function JobsListScreen() {
  const { t, i18n } = useTranslation('jobs');
  const { filters } = useJobFilters();
  useRememberJobsList();
  const query = useJobs(filters);
  const total = jobsTotal(query.data);
  // keepPreviousData: the old results stay while the new filter loads.
  const refreshing = query.isPlaceholderData && query.isFetching;
  const { user } = useMe();
  const saved = useSavedIds(
    'job',
    pagedItems(query.data).map((j) => j.id),
    Boolean(user),
  ).data;

  return (
    <Page title={t('listTitle')} size="lg">
      {/* A real form that works as HTML: it can hydrate a moment after the rest of the page. */}
      <InTurn>
        <JobFiltersPanel />
      </InTurn>
      <PlainGroup justify="space-between" wrap="nowrap" h={20} mt={-16} mb={4}>
        {/* A status, so a screen reader hears the new count once a filter has been applied. */}
        <PlainText size="sm" fw={500} role="status">
          {total && total.count > 0 && !refreshing
            ? t(total.capped ? 'matchCountCapped' : 'matchCount', { count: total.count, formatted: total.count.toLocaleString(intlLocale(i18n.language)) })
            : ''}
        </PlainText>
        <RefreshingStatus active={refreshing} label={t('updating')} mt={0} />
      </PlainGroup>
      <InTurn>
        <JobAlertButton filters={filters} />
      </InTurn>
      <PagedList
        query={query}
        labels={{ loading: t('loadingJobs'), failed: t('loadJobsFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore'), allLoaded: t('allLoaded') }}
        empty={
          <>
            <EmptyState message={t('noJobs')} />
            <NothingFound page={query.data?.pages[0] as JobPage | undefined} />
          </>
        }
      >
        {(jobs) => (
          <PlainStack component="section" gap="sm" aria-label={t('listTitle')}>
            {jobs.map((job) => (
              <InTurn key={job.id}>
                <JobCard job={job} saved={saved ? saved.has(job.id) : undefined} />
              </InTurn>
            ))}
          </PlainStack>
        )}
      </PagedList>
    </Page>
  );
}
