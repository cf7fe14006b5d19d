import { Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClientRequestPage } from '@caribconnect/shared';
import { LoadMore } from '../../../components/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { RequestCard } from './request-card';

/** A paged list of client requests with its loading, empty and error states. */
export function RequestList({
  query,
  empty,
  showConsultant,
  label,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ClientRequestPage>>;
  empty: string;
  showConsultant?: boolean;
  label: string;
}) {
  const { t } = useTranslation('consultants');
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <LoadingState label={t('requests.loading')} />;
  if (query.isError && !items.length) return <ErrorState message={t('requests.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!items.length) return <EmptyState message={empty} />;
  return (
    <>
      <Stack gap="sm" component="section" aria-label={label}>
        {items.map((r) => (
          <RequestCard key={r.id} request={r} showConsultant={showConsultant} />
        ))}
      </Stack>
      {query.isFetchNextPageError && <ErrorState message={t('requests.loadFailed')} onRetry={() => void query.fetchNextPage()} />}
      <LoadMore
        hasNextPage={query.hasNextPage && !query.isFetchNextPageError}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        label={t('loadMore')}
        loadingLabel={t('loadingMore')}
      />
    </>
  );
}
