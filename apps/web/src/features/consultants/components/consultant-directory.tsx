import { Anchor, Group, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useConsultants } from '../api/get-consultants';
import { ConsultantCard } from './consultant-card';
import { ConsultantFiltersPanel } from './consultant-filters';
import { useConsultantFilters } from './use-consultant-filters';
import { RefreshingStatus } from '../../../components/refreshing-status';

/** Find a Consultant and Hire a Consultant: the same filtered, paged list with different cards. */
export function ConsultantDirectory({ variant }: { variant: 'find' | 'hire' }) {
  const { t } = useTranslation('consultants');
  const { user } = useMe();
  const { filters, active } = useConsultantFilters();
  const query = useConsultants(filters);
  const consultants = query.data?.pages.flatMap((p) => p.items) ?? [];
  const refreshing = query.isPlaceholderData && query.isFetching;
  const title = variant === 'find' ? t('findTitle') : t('hireTitle');
  // 'No consultants found yet.' when the directory is empty; 'No consultants found.' for a search.
  const empty = variant === 'find' && !active ? t('noConsultantsYet') : t('noConsultants');

  return (
    <Page title={title} size="lg">
      <Group justify="space-between" mb="sm" gap="xs">
        <Anchor component={Link} to={variant === 'find' ? paths.hireConsultant.to() : paths.consultants.to()} size="sm">
          {variant === 'find' ? t('hireLink') : t('browseLink')}
        </Anchor>
        {user && user.role !== 'consultant' && (
          <Anchor component={Link} to={paths.consultantProfile.to()} size="sm">
            {t('becomeConsultant')}
          </Anchor>
        )}
      </Group>
      <ConsultantFiltersPanel />
      <RefreshingStatus active={refreshing} label={t('updating')} />
      <div aria-busy={query.isFetching}>
        {query.isPending ? (
          <LoadingState label={t('loadingConsultants')} />
        ) : query.isError && !consultants.length ? (
          <ErrorState message={t('loadConsultantsFailed')} onRetry={() => void query.refetch()} />
        ) : consultants.length === 0 ? (
          <EmptyState message={empty} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="section" aria-label={title}>
              {consultants.map((c) => (
                <ConsultantCard key={c.userId} consultant={c} variant={variant} />
              ))}
            </SimpleGrid>
            {query.isFetchNextPageError && <ErrorState message={t('loadConsultantsFailed')} onRetry={() => void query.fetchNextPage()} />}
            <LoadMore
              hasNextPage={query.hasNextPage && !query.isFetchNextPageError}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={query.fetchNextPage}
              label={t('loadMore')}
              loadingLabel={t('loadingMore')}
              doneLabel={query.data && query.data.pages.length > 1 ? t('allLoaded') : undefined}
            />
          </>
        )}
      </div>
    </Page>
  );
}
