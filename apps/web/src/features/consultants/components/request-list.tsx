import { Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import type { ClientRequestPage } from '@caribconnect/shared';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
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
  return (
    <PagedList
      query={query}
      labels={{ loading: t('requests.loading'), failed: t('requests.loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      empty={<EmptyState message={empty} />}
    >
      {(items) => (
        <Stack gap="sm" component="section" aria-label={label}>
          {items.map((r) => (
            <RequestCard key={r.id} request={r} showConsultant={showConsultant} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}
